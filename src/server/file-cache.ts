import { createHash } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A file held in memory with its validator and compressed forms (made on first use). */
export interface CachedBody {
  body: Buffer;
  etag: string;
  encoded(encoding: Encoding): Buffer;
}

/** The content encodings the server produces. */
export type Encoding = 'br' | 'gzip' | 'identity';

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

/** Picks the best encoding a client accepts (brotli, then gzip) for a body worth compressing. */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): Encoding {
  if (!acceptEncoding || size < 1024) return 'identity';
  const weights = codingWeights(acceptEncoding);
  const weight = (name: string) => weights.get(name) ?? (weights.get('*') ?? 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** A body with a strong ETag and lazily compressed variants. */
export function cachedBody(body: Buffer): CachedBody {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const variants = new Map<Encoding, Buffer>([['identity', body]]);
  return {
    body,
    etag,
    encoded(encoding) {
      let out = variants.get(encoding);
      if (!out) {
        out =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipSync(body, { level: 6 });
        variants.set(encoding, out);
      }
      return out;
    },
  };
}

/** Files read from disk once and kept while their size and modification time stay the same. */
export class FileCache {
  private readonly files = new Map<string, { mtimeMs: number; size: number; value: CachedBody }>();

  /** The file's cached body, or undefined when it does not exist (or is not a file). */
  async get(file: string): Promise<CachedBody | undefined> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const hit = this.files.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.value;
    const value = cachedBody(await readFile(file));
    this.files.set(file, { mtimeMs: info.mtimeMs, size: info.size, value });
    return value;
  }
}

/** A small least-recently-used map, for JSONP bodies by callback name. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
  }
}
