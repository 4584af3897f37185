// A tiny static file server for the production build of the board (dist/board), on
// 127.0.0.1 and a free port. Used by the browser tests; also runnable by hand:
//   node tests/browser/server.mjs [dir] [port]
// Like `npm start` (vite preview), it sends the COOP/COEP headers that make the page
// cross-origin isolated (the multi-threaded engines); `serve(dir, 0, { isolated: false })`
// serves without them (the single-threaded fallback).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
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

/** Serves `dir`; resolves to { url, close }. */
export function serve(dir, port = 0, { isolated = true } = {}) {
  const extra = isolated ? ISOLATION : {};
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...extra,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', ...extra });
      res.end('not found');
    }
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      ok({ url: `http://127.0.0.1:${p}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../../dist/board', import.meta.url));
  const { url } = await serve(dir, Number(process.argv[3] ?? 0));
  console.log(`serving ${dir} at ${url}`);
}
