import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** Files for the worker to write: each target path with its bytes. */
export type WriteBatch = [target: string, body: string | Uint8Array][];

/** What a batch holds at most before it is handed over: files, and bytes (about). */
const BATCH_FILES = 256;
const BATCH_BYTES = 1 << 20;
/** Batches handed over and not yet written, at most: what the build holds in memory for the worker (about 16 MB). */
const IN_FLIGHT = 16;

/**
 * Writes new files into a new version folder on a worker thread, while the build's thread
 * renders, hashes and links the next ones. Creating a file is the kernel's work (about 40 µs
 * a file on this project's machine, most of a cold build's calendar and API stages: 215,006
 * files at 100,000 sessions); on a thread of its own it runs beside the rendering. Only for a
 * folder no one else writes into (a new version): files go in the order given, folders are
 * made as needed. `drain` waits until every file is written and throws the first failure.
 */
export class WriteQueue {
  private readonly worker: Worker;
  private readonly pending: Int32Array;
  private readonly errors: MessageChannel;
  private batch: WriteBatch = [];
  private batchBytes = 0;
  private closed = false;

  constructor() {
    const state = new SharedArrayBuffer(4);
    this.pending = new Int32Array(state);
    this.errors = new MessageChannel();
    this.worker = new Worker(new URL('./write-worker.ts', import.meta.url), {
      workerData: { state, errors: this.errors.port1 },
      transferList: [this.errors.port1],
    });
    this.worker.unref(); // a build that fails ends without waiting for it (abort stops it)
  }

  /** Queues a file to write at `target` (an absolute path inside the folder). */
  write(target: string, body: string | Uint8Array): void {
    if (this.closed) throw new Error('the write queue is closed');
    this.batch.push([target, body]);
    this.batchBytes += typeof body === 'string' ? body.length : body.byteLength;
    if (this.batch.length >= BATCH_FILES || this.batchBytes >= BATCH_BYTES) this.handOver();
  }

  /** Waits until every queued file is written; throws the first failure. */
  drain(): void {
    this.handOver();
    this.waitBelow(1);
    this.check();
  }

  /** Drains the queue and ends the worker. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.drain();
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  /** Ends the worker now, whatever is left unwritten (a build that failed: its folder is removed after). */
  async abort(): Promise<void> {
    this.closed = true;
    this.batch = [];
    await this.worker.terminate();
  }

  /** Hands the batch to the worker, waiting while too many are in flight. */
  private handOver(): void {
    if (this.batch.length === 0) return;
    this.waitBelow(IN_FLIGHT);
    this.check();
    Atomics.add(this.pending, 0, 1);
    this.worker.postMessage(this.batch);
    this.batch = [];
    this.batchBytes = 0;
  }

  /** Blocks until fewer than `n` batches are in flight. */
  private waitBelow(n: number): void {
    for (let now = Atomics.load(this.pending, 0); now >= n; now = Atomics.load(this.pending, 0)) Atomics.wait(this.pending, 0, now, 1000);
  }

  /** Throws the worker's first failure, when there was one. */
  private check(): void {
    const failure = receiveMessageOnPort(this.errors.port2)?.message as { message: string; code?: string } | undefined;
    if (failure) throw Object.assign(new Error(`writing the output failed: ${failure.message}`), failure.code ? { code: failure.code } : {});
  }
}
