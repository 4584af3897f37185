// The test server's byte ranges (tests/browser/server.mjs), which the tablebase's URL mode
// reads with: a range is answered 206 with its Content-Range and exactly its bytes, an open or
// a suffix range too, one past the end 416, a malformed one the whole file; HEAD gives the size
// without a body; requests are logged, and a blocked prefix answers 503.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT } from './helpers.mjs';
import { parseRange, serve } from './server.mjs';

const DIR = `${ROOT}tests/data/syzygy`;
const FILE = readFileSync(`${DIR}/KQvKR.rtbz`);

let s;
before(async () => {
  s = await serve(DIR);
});
after(() => s?.close());

const get = (range, method = 'GET') => fetch(`${s.url}KQvKR.rtbz`, { method, headers: range ? { Range: range } : {} });

describe('test server: byte ranges', () => {
  it('answers a range with 206, its Content-Range and exactly its bytes', async () => {
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=4096-8191', 4096, 8191],
      [`bytes=${FILE.length - 10}-`, FILE.length - 10, FILE.length - 1],
      ['bytes=-100', FILE.length - 100, FILE.length - 1],
      [`bytes=${FILE.length - 5}-${FILE.length + 1000}`, FILE.length - 5, FILE.length - 1],
    ]) {
      const r = await get(range);
      assert.equal(r.status, 206, range);
      assert.equal(r.headers.get('content-range'), `bytes ${start}-${end}/${FILE.length}`, range);
      assert.equal(Number(r.headers.get('content-length')), end - start + 1, range);
      assert.ok(Buffer.from(await r.arrayBuffer()).equals(FILE.subarray(start, end + 1)), range);
    }
  });

  it('answers a range past the end with 416, and a malformed one with the whole file', async () => {
    const past = await get(`bytes=${FILE.length}-${FILE.length + 10}`);
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${FILE.length}`);
    for (const range of ['bytes=9-3', 'lines=1-2', 'bytes=-']) {
      const r = await get(range);
      assert.equal(r.status, 200, range);
      assert.ok(Buffer.from(await r.arrayBuffer()).equals(FILE), range);
    }
    assert.deepEqual(parseRange('bytes=0-1', 0), 'unsatisfiable');
  });

  it('gives the size on HEAD, logs requests, and refuses a blocked prefix', async () => {
    const before = s.requests.length;
    const r = await get(null, 'HEAD');
    assert.equal(r.status, 200);
    assert.equal(Number(r.headers.get('content-length')), FILE.length);
    assert.equal(r.headers.get('accept-ranges'), 'bytes');
    assert.equal((await r.arrayBuffer()).byteLength, 0);
    await (await get('bytes=0-9')).arrayBuffer();
    assert.deepEqual(s.requests.slice(before), [
      { method: 'HEAD', path: '/KQvKR.rtbz', range: null },
      { method: 'GET', path: '/KQvKR.rtbz', range: 'bytes=0-9' },
    ]);
    s.blocked.add('/KQ');
    assert.equal((await get(null)).status, 503);
    s.blocked.clear();
    assert.equal((await get(null)).status, 200);
  });
});
