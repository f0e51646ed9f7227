import { crc32 } from 'node:zlib';
import type { DeflatedPiece } from './file-cache.ts';

/** Multiplies a 32×32 GF(2) matrix by a vector (zlib's gf2_matrix_times). */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

/** Squares a GF(2) matrix into `square`. */
function gf2Square(square: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]!);
}

/** The CRC-32 of A followed by B from the CRC-32s of A and B and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  gf2Square(even, odd); // two zero bits
  gf2Square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let length = lengthB;
  for (;;) {
    gf2Square(even, odd); // applies len bits of zeros, one power of two at a time
    if (length % 2) crc = gf2Times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    gf2Square(odd, even);
    if (length % 2) crc = gf2Times(odd, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

/** A deflate stored block holding `bytes` (under 64 KiB), final or not; starts and ends byte-aligned. */
function storedBlock(bytes: Buffer, final: boolean): Buffer {
  const head = Buffer.alloc(5);
  head[0] = final ? 1 : 0;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/** The fixed gzip member header: deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A gzip stream of `prefix + body + suffix` made without compressing the body again: the
 * body's cached deflate piece (sync-flushed, so byte-aligned and not final, and referring
 * only to its own bytes) between stored blocks of the small prefix and suffix, then the
 * CRC-32 combined from the pieces' CRCs. Returns the parts to write in order.
 */
export function gzipJoin(prefix: Buffer, piece: DeflatedPiece, suffix: Buffer): Buffer[] {
  if (prefix.length > 0xffff || suffix.length > 0xffff)
    throw new RangeError('gzipJoin: prefix and suffix must be under 64 KiB');
  const crc = crc32Combine(crc32Combine(crc32(prefix), piece.crc, piece.length), crc32(suffix), suffix.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((prefix.length + piece.length + suffix.length) % 2 ** 32, 4);
  return [
    Buffer.concat([GZIP_HEADER, storedBlock(prefix, false)]),
    piece.deflated,
    Buffer.concat([storedBlock(suffix, true), trailer]),
  ];
}
