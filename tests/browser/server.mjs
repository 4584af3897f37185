// A tiny static file server for the production build of the board (dist/board), on
// 127.0.0.1 and a free port. Used by the browser tests; also runnable by hand:
//   node tests/browser/server.mjs [dir] [port]
// Like `npm start` (vite preview), it sends the COOP/COEP headers that make the page
// cross-origin isolated (the multi-threaded engines); `serve(dir, 0, { isolated: false })`
// serves without them (the single-threaded fallback).
// Byte ranges as HTTP/1.1 says (one range, `Range: bytes=a-b`, `a-` or `-n`: 206 with
// Content-Range; past the end: 416), so that the tablebase's URL mode reads the files in
// syzygy/ by range. The returned object logs every request (`requests`: method, path, range) and
// refuses the paths under a prefix of `blocked` with 503 (a route taken down).
import { createServer } from 'node:http';
import { open, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/**
 * The byte range a `Range` header asks of a file of `size` bytes: `{ start, end }` (inclusive),
 * `null` for no usable header (the whole file is sent), `'unsatisfiable'` past the end.
 */
export function parseRange(header, size) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start;
  let end;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2])); // the last n bytes
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (m[2] !== '' && Number(m[2]) < start) return null; // a malformed range is ignored
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

/** Serves `dir`; resolves to { url, close, requests, blocked }. */
export function serve(dir, port = 0, { isolated = true } = {}) {
  const extra = isolated ? ISOLATION : {};
  const root = resolve(dir);
  const requests = [];
  const blocked = new Set();
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      requests.push({ method: req.method, path, range: req.headers.range ?? null });
      if ([...blocked].some((prefix) => path.startsWith(prefix))) {
        res.writeHead(503, { 'content-type': 'text/plain', ...extra });
        res.end('unavailable');
        return;
      }
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const { size } = await stat(file);
      const head = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        'accept-ranges': 'bytes',
        ...extra,
      };
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...head, 'content-range': `bytes */${size}` });
        res.end();
        return;
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      const length = Math.max(0, end - start + 1);
      res.writeHead(range ? 206 : 200, {
        ...head,
        'content-length': length,
        ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const body = Buffer.alloc(length);
      const f = await open(file, 'r');
      try {
        await f.read(body, 0, length, start);
      } finally {
        await f.close();
      }
      res.end(body);
    } catch {
      if (res.headersSent) return void res.destroy();
      res.writeHead(404, { 'content-type': 'text/plain', ...extra });
      res.end('not found');
    }
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      ok({ url: `http://127.0.0.1:${p}/`, close: () => new Promise((r) => server.close(r)), requests, blocked });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../../dist/board', import.meta.url));
  const { url } = await serve(dir, Number(process.argv[3] ?? 0));
  console.log(`serving ${dir} at ${url}`);
}
