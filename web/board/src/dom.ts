// Small DOM helpers shared by the views (no view library: see docs/board.md, "Structure").

/** The element with this id (the page's static skeleton in index.html). */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`index.html has no #${id}`);
  return el as T;
}

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

/**
 * A new element: `h('span.move.current', { 'data-san': 'e4' }, 'e4')`. Attributes with
 * `false`, `null` or `undefined` are left out; `true` sets an empty attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  selector: K | `${K}.${string}`,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const [tag, ...classes] = selector.split('.');
  const el = document.createElement(tag as K);
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === false || v === null || v === undefined) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** Listens to `ev` on the element with this id. */
export function on<K extends keyof HTMLElementEventMap>(
  id: string,
  ev: K,
  fn: (e: HTMLElementEventMap[K]) => void,
): void {
  $(id).addEventListener(ev, fn);
}

/** Shows a short-lived confirmation in an element (e.g. "Copied"), then restores its text. */
export function flash(el: HTMLElement, text: string, ms = 1500): void {
  const before = el.dataset.label ?? el.textContent ?? '';
  el.dataset.label = before;
  el.textContent = text;
  window.setTimeout(() => {
    el.textContent = el.dataset.label ?? before;
  }, ms);
}

/** Copies text to the clipboard; resolves to whether it worked (no clipboard over plain http on some hosts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An integer with thousands separators, "12,345" (the page's numbers are English). Not
 * toLocaleString: its first call loads the browser's locale data, a task of ~0.1 s.
 */
export function thousands(n: number): string {
  const s = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${s}` : s;
}
