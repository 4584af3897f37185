// The tools beside the board (studies, PGN and FEN, review, puzzles, book, perft, Chess960,
// ...) are tabs built from this list of panels, as lichess's analysis keeps its tools one click
// away while the move list and the engine stay in view. A new tool is one `registerPanel` call
// in main.ts with its `SidePanel` (its id, tab title, and markup or element) and its view, as
// the opening-book panel (views/book.ts) does.
import { h } from './dom.js';

export interface SidePanel {
  /** The id of the tab panel element (`panel-<id>`, its tab `tab-<id>`); element ids inside it should start with `<id>-`. */
  readonly id: string;
  /** The tab's label. */
  readonly title: string;
  /** The panel's content: static markup (its view fills it in) or an element (moved into the panel). */
  readonly content: string | HTMLElement;
}

const panels: SidePanel[] = [];
/** The tab the user last selected, reopened after a reload (localStorage). */
const TAB_KEY = 'chesswasm.tab';

/** Adds a panel to the tools (in the order of the calls; the first is selected at start). */
export function registerPanel(panel: SidePanel): void {
  panels.push(panel);
}

/**
 * Builds the tab list and the panels into `root`: an ARIA tablist (← → Home End move between
 * the tabs and select them, one tab stop), the tab selected last time (else the first) selected.
 */
export function mountPanels(root: HTMLElement): void {
  const tablist = h('div', { role: 'tablist', 'aria-label': 'Tools', 'data-testid': 'tools-tabs' });
  const tabs: HTMLButtonElement[] = [];
  const bodies: HTMLElement[] = [];
  for (const p of panels) {
    const tab = h(
      'button',
      {
        role: 'tab',
        id: `tab-${p.id}`,
        'aria-controls': `panel-${p.id}`,
        type: 'button',
        'data-testid': `tab-${p.id}`,
      },
      p.title,
    );
    const body = h('div.tab-panel', {
      role: 'tabpanel',
      id: `panel-${p.id}`,
      'aria-labelledby': `tab-${p.id}`,
      'data-testid': `panel-${p.id}`,
    });
    if (typeof p.content === 'string') body.innerHTML = p.content;
    else body.append(p.content);
    tabs.push(tab);
    bodies.push(body);
    tablist.append(tab);
  }
  root.replaceChildren(tablist, ...bodies);
  const select = (tab: HTMLButtonElement, remember = true) => {
    tabs.forEach((t, i) => {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      bodies[i]!.hidden = !selected;
    });
    if (!remember) return;
    try {
      localStorage.setItem(TAB_KEY, tab.id.slice('tab-'.length));
    } catch {
      // no storage: the first tab opens next time
    }
  };
  for (const t of tabs) {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => {
      const at = tabs.indexOf(t);
      const to =
        e.key === 'ArrowRight'
          ? (at + 1) % tabs.length
          : e.key === 'ArrowLeft'
            ? (at - 1 + tabs.length) % tabs.length
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? tabs.length - 1
                : -1;
      if (to < 0) return;
      const next = tabs[to]!;
      select(next);
      next.focus();
      e.preventDefault();
      e.stopPropagation();
    });
  }
  let last: string | null = null;
  try {
    last = localStorage.getItem(TAB_KEY);
  } catch {
    // no storage
  }
  const first = tabs.find((t) => t.id === `tab-${last}`) ?? tabs[0];
  if (first) select(first, false);
}

/** Shows the panel with this id (e.g. when a puzzle comes from the URL). */
export function showPanel(id: string): void {
  document.getElementById(`tab-${id}`)?.click();
}
