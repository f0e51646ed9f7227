import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * The ring's shared state, an Int32Array over a SharedArrayBuffer of its own: the bytes queued and not yet written
 * (`USED`), whether the worker is to stop once the ring is empty (`STOP`), whether it is running (`RUNNING`), whether
 * a write failed (`FAILED`, its message on the port) and whether the worker waits for files (`IDLE`).
 */
export const USED = 0;
export const STOP = 1;
export const RUNNING = 2;
export const FAILED = 3;
export const IDLE = 4;
export const STATE_FIELDS = 5;

/**
 * How much is queued before an idle worker is woken: waking it for each file (a futex call, and a switch of thread)
 * was 1.5 s of the build's thread at 100,000 sessions, where the disk keeps up; woken for a batch, it writes the
 * batch while the build's thread fills the ring again. Files queued below it wait at most LOOK_MS, or until `drain`.
 */
export const WAKE_BYTES = 512 * 1024;

/** A record's header: the target path's bytes, then the body's (little-endian u32 each). */
export const HEADER = 8;
/** The path length that says "the rest of the ring is unused, go on at its start". */
export const WRAP = 0xffffffff;

/** The ring's bytes: what the build holds for the writer at most, whatever the output's size. */
const CAPACITY = 8 * 1024 * 1024;

/** How long either thread waits at most between looks at the other (each is woken sooner when there is work). */
const LOOK_MS = 200;
/**
 * How long the worker may write nothing while files wait before the build gives up on it: a thread that died without
 * a word (its module failed to load, its memory ran out) never frees the ring, and the build must not wait forever.
 * No disk takes this long over one file.
 */
const SILENT_MS = 60_000;

/**
 * Writes the files of a new version folder on a thread of its own, while the build's thread renders, hashes and links
 * the next ones: creating a file is the kernel's work, most of a cold build's API and calendar stages (about 40 µs a
 * file here; 215,006 files at 100,000 sessions).
 *
 * The files travel through one fixed ring of shared memory (8 MB), each encoded straight into it: nothing is copied
 * into a message, nothing allocated on one thread is freed on the other, and the build never holds more for the writer
 * than the ring, however large the output. (A first version posted batches of files as messages; at 100,000 sessions
 * the build's peak memory rose from 528 MB to 1.26 GB.) The build's thread waits when the ring is full.
 *
 * Only for a folder nothing else writes into meanwhile (a new version): the worker makes the folders it needs and
 * writes the files in order. `drain` returns once every file queued is on disk and throws the first failure; `stop`
 * ends the worker, at once when the build failed (what is left unwritten is dropped with the folder).
 */
export class WriteRing {
  private readonly state: Int32Array;
  private readonly bytes: Buffer;
  private readonly worker: Worker;
  /** Where the worker says what failed. */
  private readonly failures: MessagePort;
  /** Where the next record goes, in the ring. */
  private at = 0;
  /** The record `reserve` encoded, not yet handed over: where it starts, its size, the ring's end it skipped. */
  private reserved?: { start: number; size: number; skip: number };
  /** Stopped by the caller: nothing more may be queued, and the worker has been told to end. */
  private stopped = false;
  /** Why writing failed, once it has: nothing more may be queued, but the worker must still be stopped. */
  private failed?: Error;

  /** How long either thread waits at most between looks at the other (LOOK_MS; longer in a test of the wakes). */
  private readonly lookMs: number;

  constructor(capacity = CAPACITY, lookMs = LOOK_MS) {
    this.lookMs = lookMs;
    this.state = new Int32Array(new SharedArrayBuffer(STATE_FIELDS * 4));
    const ring = new SharedArrayBuffer(capacity);
    this.bytes = Buffer.from(ring);
    this.state[RUNNING] = 1;
    const { port1, port2 } = new MessageChannel();
    this.failures = port2;
    this.worker = new Worker(new URL('./write-ring-worker.ts', import.meta.url), {
      workerData: { state: this.state.buffer, ring, failures: port1, lookMs },
      transferList: [port1],
      stdout: false,
      stderr: false,
    });
    this.worker.unref(); // a build that ends without stopping it (it failed) does not wait for it
    // Heard whenever the build's thread awaits something (Astro's pages): a thread that failed to start, or ended.
    this.worker.on('error', (error: unknown) => {
      this.lost ??= error instanceof Error ? error.message : String(error);
    });
    this.worker.on('exit', () => {
      this.lost ??= 'the writer thread ended';
    });
  }

  /** Why the worker is gone, when it ended without being stopped. */
  private lost?: string;

  /** Whether a body this size goes through the ring (a larger one is written by the caller, after `drain`). */
  fits(target: string, bodyBytes: number): boolean {
    return HEADER + Buffer.byteLength(target) + bodyBytes <= this.bytes.length / 2;
  }

  /** Queues a file: its absolute path inside the folder, and its bytes (see `fits`). */
  write(target: string, body: string | Uint8Array): void {
    this.reserve(target, body);
    this.commit();
  }

  /**
   * Encodes a file into the ring without handing it over yet, and returns its bytes there (to hash them: one encoding
   * for the hash and the write): `commit` hands it over; the next `reserve` drops it, unwritten. A text's size need not
   * be known: room is made for the most its UTF-8 can take (3 bytes a UTF-16 unit), and what it took is counted,
   * which saves measuring each text once before encoding it (about 5 % of a cold build's thread at 10,000 sessions).
   */
  reserve(target: string, body: string | Uint8Array, bodyBytes?: number): Uint8Array {
    if (this.failed) throw this.failed;
    if (this.stopped) throw new Error('the output writer has stopped');
    const pathBytes = Buffer.byteLength(target);
    const capacity = this.bytes.length;
    let room = HEADER + pathBytes + (bodyBytes ?? (typeof body === 'string' ? body.length * 3 : body.byteLength));
    // A text whose most would not fit is measured: it may fit all the same.
    if (room > capacity / 2 && bodyBytes === undefined) room = HEADER + pathBytes + byteLength(body);
    if (room > capacity / 2)
      throw new Error(`${target}: too large for the write ring (${room - HEADER - pathBytes} bytes)`);
    // A record is never split: when it may not fit before the ring's end, the rest is marked unused. What is written
    // here is in the ring's free part, which the worker does not read until `commit` counts it.
    const tail = capacity - this.at;
    const skip = tail < room ? tail : 0;
    this.waitFor(room + skip);
    if (skip > 0 && tail >= 4) this.bytes.writeUInt32LE(WRAP, this.at);
    const start = skip > 0 ? 0 : this.at;
    this.bytes.write(target, start + HEADER, 'utf8');
    const from = start + HEADER + pathBytes;
    const written =
      typeof body === 'string' ? this.bytes.write(body, from, 'utf8') : (this.bytes.set(body, from), body.byteLength);
    this.bytes.writeUInt32LE(pathBytes, start);
    this.bytes.writeUInt32LE(written, start + 4);
    this.reserved = { start, size: HEADER + pathBytes + written, skip };
    return this.bytes.subarray(from, from + written);
  }

  /** Hands the file `reserve` encoded to the worker. */
  commit(): void {
    const reserved = this.reserved;
    if (!reserved) throw new Error('nothing reserved to commit');
    this.reserved = undefined;
    const end = reserved.start + reserved.size;
    this.at = end === this.bytes.length ? 0 : end;
    // Counted last: the worker reads a record only once its bytes are counted.
    const size = reserved.size + reserved.skip;
    const used = Atomics.add(this.state, USED, size) + size;
    if (used >= WAKE_BYTES && Atomics.load(this.state, IDLE) === 1) Atomics.notify(this.state, USED);
  }

  /** Waits until every file queued is written; throws the first failure. */
  drain(): void {
    this.waitFor(this.bytes.length);
  }

  /**
   * Ends the worker: after writing what is queued (`finish`), or at once, dropping the rest (a build that failed: its
   * folder is removed next, and nothing may be written into it after). Returns once the worker writes no more.
   */
  stop(finish: boolean): void {
    if (this.stopped) return;
    try {
      if (finish) this.drain();
    } finally {
      this.stopped = true;
      Atomics.store(this.state, STOP, 1);
      const until = Date.now() + SILENT_MS;
      while (Atomics.load(this.state, RUNNING) === 1 && this.lost === undefined && Date.now() < until) {
        // Told again on every pass: the worker may have looked at STOP just before it was set, then gone to wait.
        Atomics.notify(this.state, USED);
        Atomics.wait(this.state, RUNNING, 1, this.lookMs);
      }
      this.failures.close();
      void this.worker.terminate();
    }
  }

  /** Blocks until the ring has `free` bytes free, throwing the worker's failure when there is one. */
  private waitFor(free: number): void {
    const capacity = this.bytes.length;
    let last = -1;
    let since = 0;
    for (;;) {
      this.check();
      const used = Atomics.load(this.state, USED);
      if (capacity - used >= free) return;
      if (used !== last) [last, since] = [used, Date.now()];
      const gone =
        Atomics.load(this.state, RUNNING) === 0
          ? 'it ended'
          : (this.lost ?? (Date.now() - since > SILENT_MS ? `it wrote nothing for ${SILENT_MS / 1000} s` : undefined));
      if (gone !== undefined)
        throw this.fail(
          new Error(`writing the output failed: the writer thread stopped before writing every file (${gone})`),
        );
      Atomics.notify(this.state, USED); // an idle worker may hold fewer than WAKE_BYTES: write them now
      Atomics.wait(this.state, USED, used, this.lookMs);
    }
  }

  /** Throws the worker's failure, when a write failed: the file-system error as the build's thread would have it. */
  private check(): void {
    if (this.failed) throw this.failed;
    if (Atomics.load(this.state, FAILED) === 0) return;
    const failure = receiveMessageOnPort(this.failures)?.message as WriteFailure | undefined;
    const error = new Error(failure?.message ?? 'writing the output failed: the writer thread failed');
    throw this.fail(Object.assign(error, failure?.error ?? {}));
  }

  /** Remembers why writing failed (every later call throws it) and returns it. */
  private fail(error: Error): Error {
    this.failed = error;
    return error;
  }
}

/** The size of a body's bytes. */
export function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/** What the worker says of the write that failed: its message, and the fields of a file-system error. */
export interface WriteFailure {
  message: string;
  error?: { code?: string; syscall?: string; path?: string; errno?: number };
}
