// The other side of WriteQueue (write-queue.ts): a worker thread that puts files into a new
// version folder, a batch at a time, while the build's thread renders the next ones.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { WriteBatch } from './write-queue.ts';

const { state, errors } = workerData as { state: SharedArrayBuffer; errors: MessagePort };
const pending = new Int32Array(state);
/** Folders made (or found) already. */
const folders = new Set<string>();
let failed = false;

parentPort!.on('message', (batch: WriteBatch) => {
  try {
    if (!failed) {
      for (const [target, body] of batch) {
        const dir = path.dirname(target);
        if (!folders.has(dir)) {
          mkdirSync(dir, { recursive: true });
          folders.add(dir);
        }
        writeFileSync(target, body);
      }
    }
  } catch (error) {
    // The first failure is reported; what comes after it is not written (the build fails).
    failed = true;
    const e = error as NodeJS.ErrnoException;
    errors.postMessage({ message: e.message, code: e.code });
  } finally {
    Atomics.sub(pending, 0, 1);
    Atomics.notify(pending, 0);
  }
});
