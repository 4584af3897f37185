// Editing the move tree from the move list: a context menu on a move (right-click, or the
// context-menu key / Shift+F10 for the current move) with the package's tree edits (promote,
// make main line, reorder, delete from here, delete all side lines, a comment before the move,
// glyphs), the "Deleted — Undo" notice after a destructive edit, Ctrl+Z, which undoes the
// last edit (the store keeps a stack of them), and Ctrl+Y or Ctrl+Shift+Z, which redoes it. Every edit goes through Store.edit, so each one
// can be undone; the rules of the tree are the package's (Game.promoteVariation, ...).
import type { GameNode } from 'chesswasm';
import { $, h } from '../dom.js';
import type { Store } from '../store.js';
import { NAG_GLYPHS } from './moves.js';
import './tree-menu.css';

/** The glyphs offered in the menu: the move glyphs, then the position glyphs. */
const MENU_NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19];
const NAG_NAMES: Record<number, string> = {
  1: 'Good move',
  2: 'Mistake',
  3: 'Brilliant move',
  4: 'Blunder',
  5: 'Interesting move',
  6: 'Dubious move',
  10: 'Equal position',
  13: 'Unclear position',
  14: 'White is slightly better',
  15: 'Black is slightly better',
  16: 'White is better',
  17: 'Black is better',
  18: 'White is winning',
  19: 'Black is winning',
};

// Glyphs that the usual fonts lack (⩲ ⩱), written with ASCII in the menu.
const MENU_TEXT: Record<number, string> = { 14: '+/=', 15: '=/+' };

/** The glyph a move typed with a suffix carries (`Nf3??` → 4), and the move without it. */
export function splitGlyph(text: string): { move: string; nag: number | null } {
  const m = /^(.*?)(!!|\?\?|!\?|\?!|!|\?)$/.exec(text);
  if (!m || !m[1]) return { move: text, nag: null };
  const nag = Number(Object.entries(NAG_GLYPHS).find(([, g]) => g === m[2])?.[0]);
  return { move: m[1], nag: nag >= 1 && nag <= 6 ? nag : null };
}

export class TreeMenuView {
  #store: Store;
  #menu: HTMLElement;
  #notice: HTMLElement;
  #noticeFor: unknown = null;
  #noticeTimer = 0;

  constructor(store: Store) {
    this.#store = store;
    this.#menu = h('div.tree-menu', {
      role: 'menu',
      'data-testid': 'move-menu',
      'aria-label': 'Move',
      hidden: true,
      tabindex: '-1',
    });
    this.#notice = h('div.edit-notice', { role: 'status', 'data-testid': 'edit-notice', hidden: true });
    document.body.append(this.#menu, this.#notice);

    const moves = $('moves');
    moves.addEventListener('contextmenu', (e) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('.move[data-id]');
      const node = el && this.#nodeOf(el);
      if (!node || store.puzzle?.locked) return;
      e.preventDefault();
      this.open(node, e.clientX, e.clientY);
    });
    document.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      const typing = !!t.closest('input, textarea, select');
      const key = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !typing && (key === 'z' || key === 'y')) {
        const redo = key === 'y' || e.shiftKey;
        if (key === 'y' && e.shiftKey) return;
        if (redo ? store.redoEdit() : store.undoEdit()) e.preventDefault();
        return;
      }
      if ((e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) && !typing && !this.#menu.contains(t)) {
        const node = store.node;
        if (!node.parent || store.puzzle?.locked || store.mode !== 'analysis') return;
        e.preventDefault();
        const el = moves.querySelector<HTMLElement>('.move.current');
        const r = el?.getBoundingClientRect() ?? moves.getBoundingClientRect();
        this.open(node, r.left, r.bottom);
      }
    });
    this.#menu.addEventListener('keydown', (e) => this.#menuKey(e));
    document.addEventListener('pointerdown', (e) => {
      if (!this.#menu.hidden && !this.#menu.contains(e.target as Node)) this.close(false);
    });
    window.addEventListener('resize', () => this.close(false));
  }

  // The node of a move element of the move list (its data-san path is resolved by the list's
  // own click handling: a click selects it, so the menu acts on the node the list shows).
  #nodeOf(el: HTMLElement): GameNode | null {
    el.click();
    return this.#store.node;
  }

  /** Opens the menu for `node` at a point of the viewport (kept inside it). */
  open(node: GameNode, x: number, y: number): void {
    this.#build(node);
    const menu = this.#menu;
    menu.hidden = false;
    const w = menu.offsetWidth;
    const hgt = menu.offsetHeight;
    menu.style.left = `${Math.max(4, Math.min(x, window.innerWidth - w - 4))}px`;
    menu.style.top = `${Math.max(4, Math.min(y, window.innerHeight - hgt - 4))}px`;
    menu.querySelector<HTMLElement>('[role^=menuitem]:not([disabled])')?.focus();
  }

  /** Closes the menu; focus goes back to the move list when it was in the menu. */
  close(refocus = true): void {
    if (this.#menu.hidden) return;
    const hadFocus = this.#menu.contains(document.activeElement);
    this.#menu.hidden = true;
    if (refocus || hadFocus) $('moves').focus();
  }

  get isOpen(): boolean {
    return !this.#menu.hidden;
  }

  #build(node: GameNode): void {
    const store = this.#store;
    const game = store.game;
    const siblings = node.parent!.children;
    const index = siblings.indexOf(node);
    const actions: [HTMLElement, () => void][] = [];
    const add = (label: string, testid: string, enabled: boolean, run: () => void, key = '') => {
      const el = h(
        'button.item',
        { type: 'button', role: 'menuitem', 'data-testid': testid, disabled: !enabled },
        h('span', null, label),
        key ? h('kbd', null, key) : null,
      );
      actions.push([el, run]);
      return el;
    };
    const hasSideLines = (() => {
      const stack = [game.root];
      while (stack.length) {
        const n = stack.pop()!;
        if (n.children.length > 1) return true;
        stack.push(...n.children);
      }
      return false;
    })();
    const title = h('div.menu-title', { 'aria-hidden': 'true' }, node.san);
    const glyphs = h('div.glyphs', { role: 'group', 'aria-label': 'Glyphs' });
    for (const nag of MENU_NAGS) {
      const on = node.nags.includes(nag);
      const b = h(
        'button.glyph',
        {
          type: 'button',
          role: 'menuitemcheckbox',
          'aria-checked': String(on),
          title: NAG_NAMES[nag] ?? `$${nag}`,
          'aria-label': NAG_NAMES[nag] ?? `$${nag}`,
          'data-nag': nag,
        },
        MENU_TEXT[nag] ?? NAG_GLYPHS[nag] ?? `$${nag}`,
      );
      actions.push([
        b,
        () =>
          store.edit(on ? 'Glyph removed' : 'Glyph added', false, (g) =>
            on ? g.removeNag(node, nag) : g.addNag(node, nag),
          ),
      ]);
      glyphs.append(b);
    }
    const comment = h('input.comment-before', {
      type: 'text',
      'data-testid': 'comment-before',
      placeholder: 'Comment before this move…',
      'aria-label': 'Comment before this move (Enter adds it)',
    });
    comment.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      e.stopPropagation();
      const text = comment.value.trim();
      if (!text) return;
      this.close();
      store.edit('Comment added', false, (g) => g.addComment(node, text, { before: true }));
    });
    this.#menu.replaceChildren(
      title,
      add('Promote variation', 'menu-promote', index > 0, () =>
        store.edit('Promoted', false, (g) => g.promoteVariation(node)),
      ),
      add('Make main line', 'menu-mainline', !node.isMainline, () =>
        store.edit('Made main line', false, (g) => g.promoteVariation(node, { mainline: true })),
      ),
      add('Move variation up', 'menu-up', index > 0, () =>
        store.edit('Moved', false, (g) => g.moveVariation(node, index - 1)),
      ),
      add('Move variation down', 'menu-down', index < siblings.length - 1, () =>
        store.edit('Moved', false, (g) => g.moveVariation(node, index + 1)),
      ),
      add('Delete from here', 'menu-delete', true, () => store.edit('Deleted', true, (g) => g.deleteFrom(node)), 'Del'),
      add('Delete all side lines', 'menu-delete-variations', hasSideLines, () =>
        store.edit('Side lines deleted', true, (g) => g.deleteVariations()),
      ),
      add('Clear glyphs', 'menu-clear-nags', node.nags.length > 0, () =>
        store.edit('Glyphs cleared', false, (g) => g.removeNag(node)),
      ),
      glyphs,
      comment,
    );
    for (const [el, run] of actions)
      el.addEventListener('click', () => {
        this.close();
        run();
      });
  }

  #menuKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.close();
      return;
    }
    if ((e.target as HTMLElement).matches('input')) return;
    const items = [...this.#menu.querySelectorAll<HTMLElement>('[role^=menuitem]:not([disabled]), input')];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const step =
      e.key === 'ArrowDown' || (e.key === 'ArrowRight' && (e.target as HTMLElement).matches('.glyph'))
        ? 1
        : e.key === 'ArrowUp' || (e.key === 'ArrowLeft' && (e.target as HTMLElement).matches('.glyph'))
          ? -1
          : 0;
    if (step) {
      e.preventDefault();
      items[(i + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      this.close();
    }
    e.stopPropagation();
  }

  /** Shows the "Deleted — Undo" notice after a destructive edit; hides it when that edit is undone. */
  render(): void {
    const last = this.#store.edits.at(-1) ?? null;
    const notice = this.#notice;
    if (last === this.#noticeFor) return;
    this.#noticeFor = last;
    window.clearTimeout(this.#noticeTimer);
    if (!last?.notice) {
      notice.hidden = true;
      return;
    }
    const undo = h('button', { type: 'button', 'data-testid': 'edit-undo', title: 'Undo (Ctrl+Z)' }, 'Undo');
    undo.addEventListener('click', () => this.#store.undoEdit());
    notice.replaceChildren(h('span', null, `${last.label} — `), undo);
    notice.hidden = false;
    this.#noticeTimer = window.setTimeout(() => {
      notice.hidden = true;
    }, 10_000);
  }
}
