/// <reference types="node" />
/**
 * The worker thread of {@link validatePuzzleFile} (web/src/apps/puzzle-file.ts): checks the chunks
 * of CSV rows it is sent, one at a time.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { init } from '../boundary/wasm.js';
import { checkChunk } from './puzzle-file.js';

await init();
parentPort!.on('message', (msg: { id: number; bytes: Uint8Array; json: boolean }) => {
  parentPort!.postMessage({ id: msg.id, result: checkChunk(msg.bytes, msg.json) });
});
