import { prng } from '../../tools/prng.mjs';
// Polyglot opening book lookups (ours only: chess.js and chessops read no books; no native
// reader). The book is made here: 1-4 legal moves with random weights for each of ctx.fens,
// plus entries with random keys up to 100,000 entries (a mid-sized book: 17 search steps).
//  - 'book': lookups/s of Book.entries(position) for positions that are not in the book
//    (position.hash() plus the binary search: the lookup itself);
//  - 'book-entries': positions/s of Book.entries(position) for ctx.fens, all in the book
//    (the lookup, the legal moves and each entry's UCI and SAN).
const BOOK_ENTRIES = 100_000;

function makeBook({ chesswasm, fens }) {
  const random = prng(2024);
  const rand = () => Math.floor(random() * 4294967296); // a 32-bit unsigned integer
  const rows = [];
  for (const fen of fens) {
    const pos = chesswasm.Position.fromFen(fen);
    const key = pos.hash();
    const moves = pos.legalMoves();
    for (let k = 1 + (rand() % 4); k > 0; k--) {
      const m = moves[rand() % moves.length];
      // Polyglot layout: to | from << 6 | promotion << 12 (our moves: from | to << 6).
      const promo = m >> 12 >= 8 ? ((m >> 12) & 3) + 1 : 0;
      rows.push({ key, move: ((m >> 6) & 63) | ((m & 63) << 6) | (promo << 12), weight: 1 + (rand() % 1000) });
    }
    pos.dispose();
  }
  while (rows.length < BOOK_ENTRIES) {
    const key = (BigInt(rand()) << 32n) | BigInt(rand());
    rows.push({ key, move: rand() & 0xfff, weight: rand() & 0xffff });
  }
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const bytes = new Uint8Array(rows.length * 16);
  const view = new DataView(bytes.buffer);
  rows.forEach((r, i) => {
    view.setBigUint64(i * 16, r.key);
    view.setUint16(i * 16 + 8, r.move);
    view.setUint16(i * 16 + 10, r.weight);
  });
  return chesswasm.Book.fromBytes(bytes);
}

let sink = 0;
const none = () => undefined;

function lookups(pick) {
  return (ctx) => {
    if (!ctx.chesswasm.Book) return undefined; // a build from before Book (CHESSWASM_DIST)
    const book = makeBook(ctx);
    const positions = pick(ctx, book);
    return {
      batch: () => {
        for (const p of positions) sink += book.entries(p).length;
        return positions.length;
      },
    };
  };
}

export default [
  {
    id: 'book',
    title: 'book lookups, out of book (100k entries)',
    unit: 'lookups/s',
    impls: {
      // ctx.fens after one more move: out of book (checked).
      ours: lookups(({ chesswasm, fens }, book) =>
        fens
          .map((f) => {
            const p = chesswasm.Position.fromFen(f);
            p.play(p.legalMoves()[0]);
            return p;
          })
          .filter((p) => book.entries(p).length === 0),
      ),
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
  {
    id: 'book-entries',
    title: 'book.entries() in book (+ UCI, SAN)',
    unit: 'positions/s',
    impls: {
      ours: lookups(({ chesswasm, fens }) => fens.map((f) => chesswasm.Position.fromFen(f))),
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
];
