// The side panel's tools (puzzles, perft, Chess960, ...) are tabs built from this list of
// panels. A new tool is one view file that exports a `SidePanel` (its id, tab title and
// markup) and a view class, plus one line in main.ts (registerPanel + its view), as the
// opening-book panel (views/book.ts) does.
import { h } from './dom.js';

export interface SidePanel {
  /** The id of the tab panel element (`panel-<id>`); element ids inside it should start with `<id>-`. */
  readonly id: string;
  /** The tab's label. */
  readonly title: string;
  /** The panel's markup (static; its view fills it in). */
  readonly html: string;
}

const panels: SidePanel[] = [];

/** Adds a panel to the tools (in the order of the calls). */
export function registerPanel(panel: SidePanel): void {
  panels.push(panel);
}

/** Builds the tab list and the panels into `root`; the first tab is selected. */
export function mountPanels(root: HTMLElement): void {
  const tablist = h('div', { role: 'tablist', 'aria-label': 'Tools' });
  const tabs: HTMLButtonElement[] = [];
  const bodies: HTMLElement[] = [];
  for (const p of panels) {
    const tab = h(
      'button',
      { role: 'tab', id: `tab-${p.id}`, 'aria-controls': `panel-${p.id}`, type: 'button' },
      p.title,
    );
    const body = h('div', { role: 'tabpanel', id: `panel-${p.id}`, 'aria-labelledby': `tab-${p.id}` });
    body.innerHTML = p.html;
    tabs.push(tab);
    bodies.push(body);
    tablist.append(tab);
  }
  root.replaceChildren(tablist, ...bodies);
  const select = (tab: HTMLButtonElement) => {
    tabs.forEach((t, i) => {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      bodies[i]!.hidden = !selected;
    });
  };
  for (const t of tabs) {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!d) return;
      const next = tabs[(tabs.indexOf(t) + d + tabs.length) % tabs.length]!;
      select(next);
      next.focus();
      e.stopPropagation();
    });
  }
  if (tabs[0]) select(tabs[0]);
}

/** Shows the panel with this id (e.g. when a puzzle comes from the URL). */
export function showPanel(id: string): void {
  document.getElementById(`tab-${id}`)?.click();
}
