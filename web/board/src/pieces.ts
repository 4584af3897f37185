// Makruk pieces, drawn for this board (our own SVGs): Khun (king), Met (queen's place),
// Khon, Rua (boat), Ma (horse) and Bia (the cowrie-shell pawn). chessground knows only the six
// chess roles, so a Makruk position is shown with chess roles (Khon as bishop, Met as
// queen) and these images replace the chess ones on a board with the `makruk` class.

type Role = 'king' | 'queen' | 'bishop' | 'knight' | 'rook' | 'pawn';

// 45x45 like the chess set. {F} is the fill, {S} the outline, {D} the detail colour.
const BASE = '<path d="M9.5 39.5h26l-2.5-4h-21z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>';
const SHAPES: Record<Role, string> = {
  // Khun: a vase-shaped body under a three-tiered spire.
  king:
    BASE +
    '<path d="M13 35.5c0-6 3-9 4.5-12.5h10c1.5 3.5 4.5 6.5 4.5 12.5z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M15.5 23h14l-2-3.5h-10zM17.5 19.5h10l-1.8-3.5h-6.4zM19.7 16h5.6l-1.4-4h-2.8z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M22.5 12V5.5" stroke="{S}" stroke-width="1.8" stroke-linecap="round"/><circle cx="22.5" cy="5" r="1.6" fill="{S}"/>' +
    '<path d="M16 30h13" stroke="{D}" stroke-width="1.2"/>',
  // Met: a lower body with a single pointed tier.
  queen:
    BASE +
    '<path d="M13.5 35.5c0-5.5 3-8 4.5-11.5h9c1.5 3.5 4.5 6 4.5 11.5z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M16.5 24h12l-6-11z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<circle cx="22.5" cy="11.5" r="2" fill="{F}" stroke="{S}" stroke-width="1.5"/><path d="M16.5 30.5h12" stroke="{D}" stroke-width="1.2"/>',
  // Khon: a body crowned by a lotus bud with a cleft.
  bishop:
    BASE +
    '<path d="M13.5 35.5c0-5.5 3-8 4.5-11.5h9c1.5 3.5 4.5 6 4.5 11.5z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M17 24c-2.5-4-1.5-9.5 5.5-14 7 4.5 8 10 5.5 14z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M22.5 13.5v6.5M16.5 30.5h12" stroke="{D}" stroke-width="1.3" stroke-linecap="round"/>',
  // Ma: a horse's head on a collar.
  knight:
    BASE +
    '<path d="M14 35.5c0-4 2-6.5 4-8.5-2.5-1-5-2.5-5.5-5-.5-2.5 1.5-5.5 4-7.5l1-4.5 2.5 3c4-1 8 .5 10.5 4 2.5 3.5 3 9 2 18.5z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<circle cx="20" cy="17.5" r="1.2" fill="{D}"/><path d="M25 15.5c2 2.5 3 6 3 11" stroke="{D}" stroke-width="1.2" fill="none"/>',
  // Rua: a boat-shaped block, flared at the top, with a deck line.
  rook:
    BASE +
    '<path d="M13 35.5l1.5-17h16l1.5 17z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M11.5 18.5c3-3.5 19-3.5 22 0z" fill="{F}" stroke="{S}" stroke-width="1.5" stroke-linejoin="round"/>' +
    '<path d="M15 24h15M14.6 29.5h15.8" stroke="{D}" stroke-width="1.2"/>',
  // Bia: a flat cowrie shell.
  pawn:
    '<ellipse cx="22.5" cy="30" rx="11" ry="7.5" fill="{F}" stroke="{S}" stroke-width="1.5"/>' +
    '<path d="M16 30c2-1.8 11-1.8 13 0" stroke="{D}" stroke-width="1.3" fill="none" stroke-linecap="round"/>' +
    '<path d="M18 27.2v1.3M21 26.6v1.3M24 26.6v1.3M27 27.2v1.3M18 31.8v1.3M21 32.4v1.3M24 32.4v1.3M27 31.8v1.3" stroke="{D}" stroke-width="1"/>',
};

function svg(role: Role, white: boolean): string {
  const colors = white ? { F: '#fdfdf7', S: '#1d1d1d', D: '#1d1d1d' } : { F: '#2b2522', S: '#0d0d0d', D: '#e9e2d0' };
  const body = SHAPES[role].replace(/\{([FSD])\}/g, (_, k: 'F' | 'S' | 'D') => colors[k]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45" viewBox="0 0 45 45">${body}</svg>`;
}

/** A data URL of the Makruk image of a chessground role (Khon = bishop, Met = queen). */
export function makrukPieceUrl(role: Role, white: boolean): string {
  return `url("data:image/svg+xml;base64,${btoa(svg(role, white))}")`;
}

/** Installs the CSS that draws Makruk pieces on every `.cg-wrap.makruk` (the board, the promotion chooser). */
export function installMakrukPieces(): void {
  const rules: string[] = [];
  for (const role of Object.keys(SHAPES) as Role[])
    for (const white of [true, false])
      rules.push(
        `.cg-wrap.makruk piece.${role}.${white ? 'white' : 'black'} { background-image: ${makrukPieceUrl(role, white)}; }`,
      );
  const style = document.createElement('style');
  style.dataset.pieces = 'makruk';
  style.textContent = rules.join('\n');
  document.head.append(style);
}

/** The chessground role of a piece letter of ours (Makruk's Khon and Met drawn as bishop and queen). */
export const ROLE_OF: Record<string, Role> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
  s: 'bishop',
  m: 'queen',
};

/** A piece element drawn with the board's own images (cburnett, or Makruk inside `.makruk`). */
export function pieceElement(role: Role, white: boolean): HTMLElement {
  const p = document.createElement('piece');
  p.className = `${role} ${white ? 'white' : 'black'}`;
  return p;
}

/** The board part of a FEN as chessground reads it: Makruk's s/m become b/q (a promoted Bia keeps its `~`). */
export function boardFen(fen: string, makruk: boolean): string {
  const board = fen.split(' ')[0]!;
  if (!makruk) return board;
  return board.replace(/[sSmM]/g, (c) => ({ s: 'b', S: 'B', m: 'q', M: 'Q' })[c]!);
}

/** The reverse of {@link boardFen}: chessground's board back in our letters. */
export function ourBoardFen(cgFen: string, makruk: boolean): string {
  if (!makruk) return cgFen;
  return cgFen.replace(/[bBqQ]/g, (c) => ({ b: 's', B: 'S', q: 'm', Q: 'M' })[c]!);
}

export type { Role };
