// Move texts in the board when rule sets mix in one page: a lichess crazyhouse export (with
// drops), then real standard games, then the crazyhouse game again, imported one after the
// other into the same page; every move of the move list carries the UCI text chessops (an
// independent implementation) writes for it, and the last move's squares are what the board
// highlights. A cache of texts keyed by less than a move's rule set gave a standard move a
// drop's text (b1c3 shown as P@c3).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { gamePgn, importPgn, startBrowser } from './helpers.mjs';

// The main line's UCI texts by chessops (none of these games is Chess960).
function chessopsUci(text) {
  const game = parsePgn(text)[0];
  const pos = startingPosition(game.headers).unwrap();
  const out = [];
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    let uci = makeUci(move);
    // chessops names castling king-to-rook; outside Chess960 UCI names the king's destination.
    if ('from' in move && pos.board.get(move.from)?.role === 'king' && pos.board.get(move.to)?.color === pos.turn)
      uci = makeUci({ from: move.from, to: (move.from & ~7) + (move.to > move.from ? 6 : 2) });
    out.push(uci);
    pos.play(move);
  }
  return out;
}

const listed = (page) =>
  page.$$eval('[data-testid=moves] .move.main', (els) => els.map((e) => e.getAttribute('data-uci')));

describe('move texts across rule sets in one page', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(() => b?.close());

  it('crazyhouse, then standard games, then crazyhouse: every move has its own UCI text', async () => {
    const page = await b.open();
    const games = [
      gamePgn('lichess-crazyhouse'),
      gamePgn('lichess-export'),
      gamePgn('immortal'),
      gamePgn('lichess-crazyhouse'),
      gamePgn('lichess-64-moves'),
    ].map((t) => `${t.trim().split(/\n\n(?=\[)/)[0]}\n`);
    for (const text of games) {
      const expected = chessopsUci(text);
      await importPgn(page, text);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=moves] .move.main').length === n,
        expected.length,
      );
      assert.deepEqual(await listed(page), expected);
      assert.ok(expected.some((u) => u.includes('@')) === text.includes('Crazyhouse'));
    }
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
