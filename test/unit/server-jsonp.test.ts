import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedBody, FileCache } from '../../src/server/file-cache.ts';
import { crc32Combine, gzipJoin } from '../../src/server/gzip-join.ts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of the concatenation, as zlib computes it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300 },
    );
  });
});

describe('gzipJoin', () => {
  it('makes a gzip stream that gunzip reads as prefix + body + suffix', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 130 }),
        fc.uint8Array({ minLength: 0, maxLength: 200_000 }),
        fc.string({ maxLength: 10 }),
        async (p, b, s) => {
          const body = cachedBody(Buffer.concat([Buffer.from(b), Buffer.from('x')]), '"t"');
          const prefix = Buffer.from(p);
          const suffix = Buffer.from(s);
          const joined = Buffer.concat(gzipJoin(prefix, await body.jsonpPiece(), suffix));
          expect(
            gunzipSync(joined).equals(Buffer.concat([prefix, body.body.subarray(0, body.jsonLength), suffix])),
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reuses one deflate piece for every callback name', async () => {
    const body = cachedBody(
      Buffer.from(`${JSON.stringify({ data: Array.from({ length: 2000 }, (_, i) => ({ id: i })) })}\n`),
      '"t"',
    );
    const first = await body.jsonpPiece();
    expect(await body.jsonpPiece()).toBe(first);
    for (const name of ['a', 'b.c', 'jQuery123_456']) {
      const text = gunzipSync(
        Buffer.concat(gzipJoin(Buffer.from(`/**/${name}(`), first, Buffer.from(');\n'))),
      ).toString('utf8');
      expect(text).toBe(`/**/${name}(${body.body.toString('utf8').trimEnd()});\n`);
    }
  });
});

describe('FileCache', () => {
  it('stays within its byte bound, bodies and compressed forms together, evicting least recently used', async () => {
    // Random bodies (which compress to more than themselves) of 15 % of the bound: a few fit, then each evicts.
    const cache = new FileCache(100_000);
    for (let i = 0; i < 20; i++) {
      const bytes = randomBytes(15_000);
      const body = await cache.get(`/f${i}`, { size: bytes.length, mtimeMs: 1 }, async () => bytes);
      await body.encoded('gzip');
      await body.jsonpPiece();
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    let reads = 0;
    await cache.get('/f19', { size: 15_000, mtimeMs: 1 }, async () => (reads++, randomBytes(15_000)));
    await cache.get('/f0', { size: 15_000, mtimeMs: 1 }, async () => (reads++, randomBytes(15_000)));
    expect(reads).toBe(1);
  });

  it('reads a file again when its size or time changes, and once for concurrent misses', async () => {
    const cache = new FileCache();
    let reads = 0;
    const read = async () => (reads++, Buffer.from('abc'));
    await Promise.all([1, 2, 3].map(() => cache.get('/a', { size: 3, mtimeMs: 1 }, read)));
    expect(reads).toBe(1);
    await cache.get('/a', { size: 3, mtimeMs: 2 }, read);
    expect(reads).toBe(2);
  });
});
