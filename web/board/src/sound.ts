// Move sounds, made on the spot with WebAudio (no sound files): a short wooden click for a
// move, a lower and longer knock for a capture, a two-note chime for check. Off by default;
// the choice is kept in localStorage.
const KEY = 'chesswasm.sound';
let ctx: AudioContext | null = null;

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (on) audio(); // created in the click that enabled it (browsers require a user gesture)
}

function audio(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx = new Ctor();
  return ctx;
}

// A burst of filtered noise with a fast decay: the click of a piece set down.
function knock(a: AudioContext, at: number, freq: number, length: number, gain: number): void {
  const n = Math.ceil(a.sampleRate * length);
  const buffer = a.createBuffer(1, n, a.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = ((seed / 0x7fffffff) * 2 - 1) * Math.exp((-6 * i) / n);
  }
  const src = a.createBufferSource();
  src.buffer = buffer;
  const filter = a.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const g = a.createGain();
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.001, at + length);
  src.connect(filter).connect(g).connect(a.destination);
  src.start(at);
}

function tone(a: AudioContext, at: number, freq: number, length: number, gain: number): void {
  const o = a.createOscillator();
  o.type = 'sine';
  o.frequency.value = freq;
  const g = a.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + length);
  o.connect(g).connect(a.destination);
  o.start(at);
  o.stop(at + length + 0.02);
}

/** Plays the sound of a move (if sounds are on): `san` tells capture and check apart. */
export function playMoveSound(san: string): void {
  if (!soundEnabled()) return;
  const a = audio();
  if (!a) return;
  if (a.state === 'suspended') void a.resume();
  const t = a.currentTime + 0.005;
  if (san.includes('x')) knock(a, t, 700, 0.14, 0.9);
  else knock(a, t, 1500, 0.07, 0.7);
  if (san.endsWith('+') || san.endsWith('#')) {
    tone(a, t + 0.05, 880, 0.18, 0.12);
    tone(a, t + 0.13, 1175, 0.22, 0.1);
  }
}
