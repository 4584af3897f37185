// Chess960: a start position by number (0-959, Scharnagl numbering, from the package's
// chess960StartFen) or at random. Its errors are shown in its own panel.
import { chess960StartFen } from 'chesswasm';
import { $, on } from '../dom.js';
import type { SidePanel } from '../panels.js';
import type { Store } from '../store.js';

export const chess960Panel: SidePanel = {
  id: '960',
  title: 'Chess960',
  content: `
    <div class="row wrap">
      <label for="n960">Position number (0–959)</label>
      <input id="n960" data-testid="n960" type="number" min="0" max="959" step="1" value="518" inputmode="numeric" />
      <button id="start960" type="button" data-testid="start960">Start</button>
      <button id="random960" type="button" data-testid="random960">Random</button>
    </div>
    <p id="n960-error" class="error" data-testid="n960-error" role="alert"></p>`,
};

export class Chess960View {
  constructor(store: Store, confirmDrop: () => boolean) {
    const start = () => {
      const text = $<HTMLInputElement>('n960').value.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n > 959) {
        $('n960-error').textContent =
          `A Chess960 position number is a whole number from 0 to 959 (not ${text || 'empty'}).`;
        return;
      }
      $('n960-error').textContent = '';
      if (!confirmDrop()) return;
      store.newGame(chess960StartFen(n), 'chess960');
    };
    on('start960', 'click', start);
    on('random960', 'click', () => {
      $<HTMLInputElement>('n960').value = String(Math.floor(Math.random() * 960));
      start();
    });
  }
}
