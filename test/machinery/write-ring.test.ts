import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWriteError } from '../../src/pipeline/build-failure.ts';
import { OutputWriter } from '../../src/pipeline/output-files.ts';
import { WAKE_BYTES, WriteRing } from '../../src/pipeline/write-ring.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'write-ring-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A new empty folder of this suite's. */
let folders = 0;
function folder(): string {
  const dir = path.join(root, `f${++folders}`);
  mkdirSync(dir);
  return dir;
}

/** Every file under `dir`, by its path inside it, with its bytes. */
function filesIn(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), readFileSync(file));
    }
  return files;
}

/** Deterministic bodies of many sizes: text with multi-byte characters, or bytes. */
function* bodies(count: number): Generator<[string, string | Uint8Array]> {
  let seed = 11;
  const next = () => {
    seed = (Math.imul(seed, 48_271) >>> 0) % 2_147_483_647;
    return seed;
  };
  for (let n = 0; n < count; n++) {
    const size = next() % 1500;
    const rel = `d${next() % 7}/é${n}/file-${n}.${n % 3 === 0 ? 'bin' : 'txt'}`;
    if (n % 3 === 0) yield [rel, Uint8Array.from({ length: size }, () => next() % 256)];
    else yield [rel, Array.from({ length: size }, () => 'aé€ 𝄞\n'[next() % 6]).join('')];
  }
}

describe('the write ring: a new version written on a thread of its own', () => {
  it('writes every file byte for byte through a ring that wraps hundreds of times', () => {
    const dir = folder();
    // 4 KB: records end at every offset, some within a header of the ring's end, many wrap.
    const ring = new WriteRing(4096);
    const expected = new Map<string, Buffer>();
    for (const [rel, body] of bodies(2000)) {
      if (!ring.fits(path.join(dir, rel), Buffer.byteLength(body))) continue;
      ring.write(path.join(dir, rel), body);
      expected.set(path.normalize(rel), Buffer.from(body));
    }
    ring.drain();
    ring.stop(true);
    expect(expected.size).toBeGreaterThan(1000);
    expect(filesIn(dir)).toEqual(expected);
  });

  it('says a body larger than half the ring does not fit, and refuses it', () => {
    const ring = new WriteRing(4096);
    try {
      expect(ring.fits('/x', 2000)).toBe(true);
      expect(ring.fits('/x', 2100)).toBe(false);
      expect(() => ring.write('/x', 'y'.repeat(2100))).toThrow(/too large/);
    } finally {
      ring.stop(false);
    }
  });

  it('counts the bytes of a text taken unmeasured, and measures one whose most would not fit but its bytes do', () => {
    const dir = folder();
    const ring = new WriteRing(4096);
    try {
      expect(ring.reserve(path.join(dir, 'small.txt'), 'é'.repeat(300)).byteLength).toBe(600); // most 900: unmeasured
      ring.commit();
      const ascii = 'a'.repeat(1500); // at most 4,500 bytes, 1,500 in fact: measured, fits half the ring
      const wide = '€'.repeat(600); // 1,800 bytes
      expect(ring.reserve(path.join(dir, 'ascii.txt'), ascii).byteLength).toBe(1500);
      ring.commit();
      expect(ring.reserve(path.join(dir, 'wide.txt'), wide).byteLength).toBe(1800);
      ring.commit();
      expect(() => ring.reserve(path.join(dir, 'no.txt'), '€'.repeat(700))).toThrow(/too large .*2100 bytes/);
      ring.drain();
    } finally {
      ring.stop(true);
    }
    expect(filesIn(dir)).toEqual(
      new Map([
        ['small.txt', Buffer.from('é'.repeat(300))],
        ['ascii.txt', Buffer.from('a'.repeat(1500))],
        ['wide.txt', Buffer.from('€'.repeat(600))],
      ]),
    );
  });

  // The wakes, with each thread's own looks a minute apart: a wake that is lost shows as a minute's wait, where these
  // bounds (seconds) are met at once when the wakes work. Liveness, not speed.
  /** Blocks this thread for `ms`. */
  const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

  it('wakes an idle writer once half a megabyte is queued, without being drained', () => {
    const dir = folder();
    const ring = new WriteRing(8 * 1024 * 1024, 60_000);
    try {
      pause(200); // the writer has found the ring empty and waits
      // The last file's commit brings the queue to half a megabyte and wakes the writer, which writes all of them. No
      // file more: a writer woken before it was committed may have caught up and gone idle again, leaving one file of
      // 20 KB, less than a batch, for the next wake (a drain, the next batch, or its look a minute later).
      const files = Math.ceil(WAKE_BYTES / 20_000);
      for (let i = 0; i < files; i++) ring.write(path.join(dir, `f${i}.txt`), 'x'.repeat(20_000));
      for (let waited = 0; filesIn(dir).size < files && waited < 10_000; waited += 50) pause(50);
      expect(filesIn(dir).size).toBe(files);
    } finally {
      ring.stop(true);
    }
  });

  it('wakes an idle writer holding less than a batch when the build drains the ring', () => {
    const dir = folder();
    const ring = new WriteRing(8 * 1024 * 1024, 60_000);
    try {
      pause(200);
      for (let i = 0; i < 3; i++) ring.write(path.join(dir, `f${i}.txt`), `file ${i}`);
      const started = performance.now();
      ring.drain();
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(filesIn(dir).size).toBe(3);
    } finally {
      ring.stop(true);
    }
  });

  it('throws the first failure, with its code, and writes nothing after it', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'taken'), 'a file where a folder is needed');
    const ring = new WriteRing(4096);
    ring.write(path.join(dir, 'ok.txt'), 'written');
    ring.write(path.join(dir, 'taken', 'inside.txt'), 'cannot be');
    ring.write(path.join(dir, 'after.txt'), 'never');
    let failure: unknown;
    try {
      ring.drain();
    } catch (error) {
      failure = error;
    }
    // The file-system error as the build's own thread would have had it: its code, call and path.
    expect(failure).toMatchObject({
      code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/),
      syscall: 'mkdir',
      path: path.join(dir, 'taken'),
    });
    expect(() => ring.write(path.join(dir, 'later.txt'), 'no')).toThrow();
    ring.stop(false);
    expect([...filesIn(dir).keys()].sort()).toEqual(['ok.txt', 'taken']);
  });

  it('says a full disk as the build says it for its own writes (describeWriteError)', () => {
    const ring = new WriteRing(4096);
    ring.write('/dev/full', 'no room');
    let failure: unknown;
    try {
      ring.drain();
    } catch (error) {
      failure = error;
    } finally {
      ring.stop(false);
    }
    expect(failure).toMatchObject({ code: 'ENOSPC', syscall: 'write' });
    expect(describeWriteError(failure, '/')).toMatch(
      /^cannot write dev\/full: the disk is full.*\(ENOSPC\)\. To fix: /,
    );
  });

  it('wraps at every kind of ring end: exactly at it, a tail shorter than a header, one just a header long', () => {
    const dir = folder();
    const capacity = 1024;
    const ring = new WriteRing(capacity);
    const target = (n: number) => path.join(dir, `w${String(n).padStart(3, '0')}`);
    const overhead = 8 + Buffer.byteLength(target(0));
    const expected = new Map<string, Buffer>();
    // Where the next record goes, by the ring's rule (a record that does not fit before the end goes at 0; one that
    // ends exactly there leaves the next at 0): each tail below is made, then a record that cannot fit in it written.
    let at = 0;
    let n = 0;
    const put = (size: number) => {
      const body = Buffer.alloc(size - overhead, 97 + (n % 26));
      ring.write(target(n), body);
      expected.set(path.basename(target(n)), body);
      n++;
      if (capacity - at < size) at = 0;
      at = at + size === capacity ? 0 : at + size;
    };
    for (const left of [0, 1, 3, 4, 7, 8, 0, 5]) {
      // Records of a quarter of the ring until the tail to leave is one record away, then that record.
      while (capacity - at - left > capacity / 2 || capacity - at - left < overhead) put(capacity / 4);
      put(capacity - at - left);
      expect(left === 0 ? at : capacity - at).toBe(left);
      put(overhead + 100); // wraps (or, after an exact end, starts the ring anew)
      ring.drain();
    }
    ring.stop(true);
    expect(filesIn(dir)).toEqual(expected);
  });

  it('gives up, with a message, on a writer thread that ended without a word', async () => {
    const dir = folder();
    const ring = new WriteRing(4096);
    // The thread killed from outside, as a crash would end it: its own last words never run.
    await (ring as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const write = () => {
      for (let n = 0; n < 10; n++) ring.write(path.join(dir, `f${n}`), 'x'.repeat(1000));
    };
    expect(write).toThrow(
      /^writing the output failed: the writer thread stopped before writing every file \(the writer thread ended\)$/,
    );
    ring.stop(false);
  });

  it('stopped at once, writes nothing more into the folder', async () => {
    const dir = folder();
    const ring = new WriteRing(1 << 20);
    // Made beforehand, so they are queued far faster than files are created.
    const files = [...bodies(3000)];
    for (const [rel, body] of files) ring.write(path.join(dir, rel), body);
    ring.stop(false);
    const after = filesIn(dir).size;
    expect(after).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(filesIn(dir).size).toBe(after);
  });

  it('an OutputWriter on a thread: the same files and manifest as one writing them itself, large ones too', () => {
    const files = [...bodies(500)].map(([rel, body]) => ({ path: rel, body }));
    // Larger than half the default ring: written by the writer's own thread, in order with the rest.
    files.push({ path: 'large/listing.json', body: `[${'"x",'.repeat(1_200_000)}"x"]` });
    files.push({ path: 'after-large.txt', body: 'after' });
    const plain = new OutputWriter(folder());
    plain.write(files);
    plain.finish();
    const threaded = new OutputWriter(folder(), undefined, undefined, undefined, true);
    threaded.write(files);
    threaded.finish();
    // Written after finish: on the caller's thread, at once.
    threaded.write([{ path: 'stamp.json', body: '{}' }]);
    expect(readFileSync(path.join(threaded.dir, 'stamp.json'), 'utf8')).toBe('{}');
    expect(threaded.manifest.get('large/listing.json')).toBe(plain.manifest.get('large/listing.json'));
    expect(new Map([...threaded.manifest].filter(([rel]) => rel !== 'stamp.json'))).toEqual(plain.manifest);
    const written = filesIn(threaded.dir);
    written.delete('stamp.json');
    expect(written).toEqual(filesIn(plain.dir));
  });

  it('an OutputWriter on a thread links what the published version has, and writes only what changed', () => {
    const files = [...bodies(300)].map(([rel, body]) => ({ path: rel, body }));
    const published = new OutputWriter(folder());
    published.write(files);
    published.finish();
    const times = new Map(
      files.map((f) => [f.path, statSync(path.join(published.dir, f.path), { bigint: true }).mtimeNs]),
    );
    // Every tenth file changed: those are written; the others, hashed in the ring and dropped there, are linked.
    const next = files.map((f, n) => (n % 10 === 0 ? { path: f.path, body: `changed ${n}` } : f));
    const threaded = new OutputWriter(
      folder(),
      { dir: published.dir, manifest: published.manifest },
      undefined,
      undefined,
      true,
    );
    threaded.write(next);
    threaded.finish();
    next.forEach((f, n) => {
      const here = statSync(path.join(threaded.dir, f.path));
      const there = statSync(path.join(published.dir, f.path));
      expect(here.ino === there.ino, f.path).toBe(n % 10 !== 0);
      // Never written through a link: the published file is as it was.
      expect(statSync(path.join(published.dir, f.path), { bigint: true }).mtimeNs, f.path).toBe(times.get(f.path));
      expect(readFileSync(path.join(threaded.dir, f.path))).toEqual(Buffer.from(f.body));
    });
    expect(threaded.counts.reused).toBe(270);
  });
});
