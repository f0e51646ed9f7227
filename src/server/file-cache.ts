import { createHash, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw, gzip } from 'node:zlib';

/** The content encodings the server produces. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The most bytes the file cache holds: files and their compressed forms, least recently used evicted first. */
export const CACHE_BYTES = 256 * 1024 * 1024;

/** The largest file the cache takes; larger files are streamed from disk uncompressed. */
export const MAX_CACHED_FILE = 64 * 1024 * 1024;

/** A JSON body deflated once, not finished (sync flush), with its CRC-32: the middle of any JSONP gzip stream. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** A file held in memory with its validator and compressed forms (made on first use, off the event loop). */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** The length of the body without its trailing white space: the JSON that JSONP wraps. */
  jsonLength: number;
  encoded(encoding: Encoding): Promise<Buffer>;
  /** The body's first `jsonLength` bytes deflated for JSONP (see gzip-join.ts). */
  jsonpPiece(): Promise<DeflatedPiece>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);
const CHUNK = 64 * 1024;

/** The q-value a client gives each content coding in Accept-Encoding. */
function codingWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return weights;
}

/** Picks the best encoding a client accepts (of `offered`, in order) for a body worth compressing. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  size: number,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding {
  if (!acceptEncoding || size < 1024) return 'identity';
  const weights = codingWeights(acceptEncoding);
  return offered.find((name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0) ?? 'identity';
}

/** A strong ETag of bytes: SHA-1, hashed off the event loop when the body is large. */
async function etagOf(body: Buffer): Promise<string> {
  const digest =
    body.length < 256 * 1024
      ? createHash('sha1').update(body).digest()
      : Buffer.from(await webcrypto.subtle.digest('SHA-1', body));
  return `"${digest.toString('base64url')}"`;
}

/** A body with lazily made compressed variants; `grew` hears of each variant's bytes. */
export function cachedBody(body: Buffer, etag: string, grew: (bytes: number) => void = () => {}): CachedBody {
  const variants = new Map<Encoding, Promise<Buffer>>([['identity', Promise.resolve(body)]]);
  let piece: Promise<DeflatedPiece> | undefined;
  let jsonLength = body.length;
  while (jsonLength > 0 && [0x0a, 0x0d, 0x20, 0x09].includes(body[jsonLength - 1]!)) jsonLength -= 1;
  const track = <T>(made: Promise<T>, size: (v: T) => number) => made.then((v) => (grew(size(v)), v));
  return {
    body,
    etag,
    jsonLength,
    encoded(encoding) {
      let out = variants.get(encoding);
      if (!out) {
        const made =
          encoding === 'br'
            ? brotli(body, {
                chunkSize: CHUNK,
                params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              })
            : gzipAsync(body, { level: 6, chunkSize: CHUNK });
        out = track(made, (b) => b.length);
        variants.set(encoding, out);
      }
      return out;
    },
    jsonpPiece() {
      if (!piece) {
        const json = body.subarray(0, jsonLength);
        const made = deflateRawAsync(json, { level: 6, chunkSize: CHUNK, finishFlush: constants.Z_SYNC_FLUSH }).then(
          (deflated) => ({ deflated, crc: crc32(json), length: json.length }),
        );
        piece = track(made, (p) => p.deflated.length);
      }
      return piece;
    },
  };
}

/** What identifies a file's version on disk. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

type Entry = FileStamp & { value: CachedBody; bytes: number };

/**
 * Files in memory by real path, kept while their size and modification time stay the same,
 * bounded by bytes (bodies and compressed forms together), least recently used evicted first.
 */
export class FileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedBody>>();
  private total = 0;

  private readonly limit: number;

  constructor(limit = CACHE_BYTES) {
    this.limit = limit;
  }

  /** The bytes held now. */
  get bytes(): number {
    return this.total;
  }

  /** The cached body of a file version, read (once, however many ask at the same time) with `read` on a miss. */
  async get(key: string, stamp: FileStamp, read: () => Promise<Buffer>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.size === stamp.size && hit.mtimeMs === stamp.mtimeMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const id = `${key}\u0000${stamp.size}\u0000${stamp.mtimeMs}`;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(key, stamp, read).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(key: string, stamp: FileStamp, read: () => Promise<Buffer>): Promise<CachedBody> {
    const body = await read();
    const entry: Entry = { ...stamp, bytes: 0, value: undefined as never };
    entry.value = cachedBody(body, await etagOf(body), (bytes) => {
      if (this.entries.get(key) === entry) this.add(entry, bytes);
    });
    this.remove(key);
    this.entries.set(key, entry);
    this.add(entry, body.length);
    return entry.value;
  }

  private add(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    this.total += bytes;
    for (const [key, oldest] of this.entries) {
      if (this.total <= this.limit) break;
      if (oldest !== entry) this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}
