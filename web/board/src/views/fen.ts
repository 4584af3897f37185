// The FEN panel (load a FEN in the selected variant; a refused one shows the package's
// FenError message and keeps the board), copy FEN and copy link, and the position facts:
// side to move, status, number of legal moves, Zobrist key.
import { FenError, type Outcome, type Position, type Variant } from 'chesswasm';
import { $, copyText, flash, on } from '../dom.js';
import type { Store } from '../store.js';

const SIDE = { w: 'White', b: 'Black' } as const;

/**
 * Why a variant's own rule ended the game, in words (the package says that it ended and who
 * won: `VARIANT_WIN`, `VARIANT_LOSS`, `VARIANT_DRAW`; the board only names the rule).
 */
function variantReason(o: Outcome, p: Position): string {
  const winner = o.winner ? SIDE[o.winner] : '';
  const loser = o.winner === 'w' ? 'Black' : 'White';
  switch (p.variant) {
    case 'atomic':
      return `${loser}'s king exploded`;
    case 'kingofthehill':
      return `${winner}'s king reached the centre`;
    case '3check':
      return `${winner} gave the third check`;
    case 'racingkings':
      return o.winner ? `${winner}'s king reached the eighth rank` : 'both kings reached the eighth rank';
    case 'horde':
      return `${loser} lost every piece`;
    case 'antichess': {
      // The side to move has no moves: it lost every piece, or it is blocked.
      const board = p.fen().split(' ')[0]!;
      const own = p.turn === 'w' ? /[PNBRQK]/ : /[pnbrqk]/;
      return own.test(board) ? `${SIDE[p.turn]} cannot move` : `${SIDE[p.turn]} has no pieces left`;
    }
    default:
      return 'the variant ended the game';
  }
}

function outcomeText(o: Outcome, p: Position): string {
  const variant = p.variant;
  const winner = o.winner ? `${SIDE[o.winner]} wins` : 'draw';
  switch (o.termination as string) {
    case 'VARIANT_WIN':
    case 'VARIANT_LOSS':
    case 'VARIANT_DRAW': {
      const reason = variantReason(o, p);
      return `${reason[0]!.toUpperCase()}${reason.slice(1)} — ${winner}`;
    }
    case 'CHECKMATE':
      return `Checkmate — ${winner}`;
    case 'STALEMATE':
      return 'Stalemate — draw';
    case 'INSUFFICIENT_MATERIAL':
      return 'Draw — insufficient material';
    case 'SEVENTYFIVE_MOVES':
      return 'Draw — 75-move rule';
    case 'FIVEFOLD_REPETITION':
      return 'Draw — fivefold repetition';
    case 'THREEFOLD_REPETITION':
      return variant === 'makruk' ? 'Draw — threefold repetition' : 'Draw can be claimed — threefold repetition';
    case 'FIFTY_MOVES':
      return 'Draw can be claimed — fifty-move rule';
    case 'COUNTING_RULE':
      return 'Draw — counting rule';
    default:
      return `${o.termination} — ${winner}`;
  }
}

export function statusText(p: Position): string {
  const o = p.outcome();
  if (o) return outcomeText(o, p);
  const parts: string[] = [];
  if (p.isCheck()) parts.push('Check');
  const claim = p.outcome({ claim: true });
  if (claim) parts.push(outcomeText(claim, p));
  if (!parts.length) parts.push('Game in progress');
  return parts.join(' · ');
}

export class FenView {
  #store: Store;
  #shownFen = '';

  constructor(store: Store, linkOf: () => string) {
    this.#store = store;
    const load = () => this.load($<HTMLInputElement>('fen').value);
    on('fen-load', 'click', load);
    on('fen', 'keydown', (e) => {
      if (e.key === 'Enter') load();
    });
    on('fen', 'paste', () => window.setTimeout(load, 0));
    on('copy-fen', 'click', async () => {
      const ok = await copyText(store.position.fen());
      flash($('copy-fen'), ok ? 'Copied' : 'No clipboard');
    });
    on('copy-link', 'click', async () => {
      const ok = await copyText(linkOf());
      flash($('copy-link'), ok ? 'Copied' : 'No clipboard');
    });
  }

  /** Loads a FEN as a new game in the selected variant; false (and an error shown) if refused. */
  load(text: string): boolean {
    const variant = $<HTMLSelectElement>('variant').value as Variant;
    this.#shownFen = ''; // show the normalised FEN (and clear an old error) after a load
    try {
      this.#store.newGame(text.trim(), variant);
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      this.#shownFen = this.#store.position.fen(); // keep the refused text in the box
      $('fen-error').textContent = e.message;
      $<HTMLInputElement>('fen').setAttribute('aria-invalid', 'true');
      return false;
    }
    return true;
  }

  render(): void {
    const store = this.#store;
    const pos = store.position;
    const fen = pos.fen();
    const input = $<HTMLInputElement>('fen');
    // The box follows the board; a refused FEN stays in it (with its error) until the position changes.
    if (fen !== this.#shownFen) {
      input.value = fen;
      input.removeAttribute('aria-invalid');
      $('fen-error').textContent = '';
    }
    this.#shownFen = fen;
    $<HTMLSelectElement>('variant').value = store.variant;
    $('turn').textContent = pos.turn === 'w' ? 'White' : 'Black';
    $('status').textContent = statusText(pos);
    $('legal').textContent = String(pos.legalMoves().length);
    $('hash').textContent = pos.hashHex();
  }
}
