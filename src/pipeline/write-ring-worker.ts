// The thread that writes a new version's files from the write ring (write-ring.ts): one record at a time, in order,
// making each folder once; it stops at the first failure, which it tells the build's thread.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type MessagePort, workerData } from 'node:worker_threads';
import { FAILED, HEADER, IDLE, RUNNING, STOP, USED, WRAP, type WriteFailure } from './write-ring.ts';

const {
  state: stateBuffer,
  ring,
  failures,
  lookMs,
} = workerData as {
  state: SharedArrayBuffer;
  ring: SharedArrayBuffer;
  failures: MessagePort;
  lookMs: number;
};
const state = new Int32Array(stateBuffer);
const bytes = Buffer.from(ring);
const folders = new Set<string>();
let at = 0;
/** The file being written: named in a failure whose error names none (a write to a full disk names no path). */
let current = '';

/** Writes one file, making its folder first when this thread has not made it yet. */
function writeFile(target: string, body: Uint8Array): void {
  current = target;
  const dir = path.dirname(target);
  if (!folders.has(dir)) {
    mkdirSync(dir, { recursive: true });
    folders.add(dir);
  }
  writeFileSync(target, body);
}

try {
  for (;;) {
    const used = Atomics.load(state, USED);
    if (used === 0) {
      if (Atomics.load(state, STOP) === 1) break;
      // Bounded: a STOP set between the look above and this wait is seen at the next pass at the latest. Said idle
      // first: the build's thread wakes an idle worker once a batch is queued (a file counted after the look is seen
      // by the wait, which then does not sleep).
      Atomics.store(state, IDLE, 1);
      Atomics.wait(state, USED, 0, lookMs);
      Atomics.store(state, IDLE, 0);
      continue;
    }
    // The rest of the ring unused (too short for the next record, or marked): the next record is at its start.
    const tail = bytes.length - at;
    if (tail < HEADER || bytes.readUInt32LE(at) === WRAP) {
      at = 0;
      Atomics.sub(state, USED, tail);
      Atomics.notify(state, USED);
      continue;
    }
    const pathBytes = bytes.readUInt32LE(at);
    const bodyBytes = bytes.readUInt32LE(at + 4);
    const start = at + HEADER;
    const target = bytes.toString('utf8', start, start + pathBytes);
    if (Atomics.load(state, STOP) === 1) break; // a build that failed: the rest is dropped with its folder
    writeFile(target, bytes.subarray(start + pathBytes, start + pathBytes + bodyBytes));
    const size = HEADER + pathBytes + bodyBytes;
    at = at + size === bytes.length ? 0 : at + size;
    Atomics.sub(state, USED, size);
    Atomics.notify(state, USED);
  }
} catch (error) {
  // A file-system error's fields travel with it, so the build says what went wrong as it does for its own writes.
  const e = error as NodeJS.ErrnoException;
  const failure: WriteFailure = { message: e instanceof Error ? e.message : String(error) };
  if (e instanceof Error)
    failure.error = Object.fromEntries(
      (['code', 'syscall', 'path', 'errno'] as const).filter((k) => e[k] !== undefined).map((k) => [k, e[k]]),
    );
  if (failure.error && failure.error.path === undefined && current !== '') failure.error.path = current;
  failures.postMessage(failure);
  Atomics.store(state, FAILED, 1);
  Atomics.notify(state, USED);
} finally {
  Atomics.store(state, RUNNING, 0);
  Atomics.notify(state, RUNNING);
  Atomics.notify(state, USED);
}
