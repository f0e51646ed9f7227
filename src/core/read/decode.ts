import type { Findings } from './findings.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/** Length in bytes of the valid UTF-8 prefix of `bytes`. */
function validUtf8Prefix(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    const chunk = bytes.subarray(i, i + need + 1);
    if (chunk.length !== need + 1) return i;
    try {
      utf8.decode(chunk);
    } catch {
      return i;
    }
    i += need + 1;
  }
  return i;
}

/** Decodes bytes that are UTF-8 in places and Windows-1252 elsewhere, byte run by byte run. */
function decodeMixed(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const good = validUtf8Prefix(bytes.subarray(i));
    out += utf8.decode(bytes.subarray(i, i + good));
    i += good;
    if (i < bytes.length) {
      out += cp1252.decode(bytes.subarray(i, i + 1));
      i += 1;
    }
  }
  return out;
}

/** What a byte that is not UTF-8 probably was, and how to fix the file. */
function describeBadByte(byte: number): string {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const likely = cp1252.decode(Uint8Array.of(byte));
  const readsAs = /[\u0080-\u009f\ufffd]/.test(likely)
    ? ''
    : ` In Windows-1252 this byte is "${likely}" ` +
      `(U+${likely.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}): ` +
      `the file was probably saved in that encoding.`;
  return `byte ${hex} is not valid UTF-8.${readsAs} Save the file as UTF-8 (\`npm run check -- --fix\` converts it).`;
}

/** A line that was not valid UTF-8: where its first bad byte stands, and the line read with Windows-1252 there. */
export interface MixedLine {
  line: number;
  column: number;
  byte: number;
  text: string;
}

/**
 * Decodes a file's bytes as UTF-8, a leading BOM removed. Each line that is not valid UTF-8 is
 * decoded as Windows-1252 where it is not, and listed, so the check can report it and --fix repair it.
 */
export function decodeLines(bytes: Uint8Array): { text: string; bom: boolean; mixed: MixedLine[] } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), bom, mixed: [] };
  } catch {
    // Fall through: decode line by line to say exactly where the bad bytes are.
  }
  const parts: string[] = [];
  const mixed: MixedLine[] = [];
  let start = 0;
  for (let line = 1; ; line += 1) {
    let end = body.indexOf(0x0a, start);
    if (end === -1) end = body.length;
    const raw = body.subarray(start, end);
    const good = validUtf8Prefix(raw);
    if (good === raw.length) {
      parts.push(utf8.decode(raw));
    } else {
      const text = decodeMixed(raw);
      mixed.push({ line, column: utf8.decode(raw.subarray(0, good)).length + 1, byte: raw[good]!, text });
      parts.push(text);
    }
    if (end === body.length) break;
    parts.push('\n');
    start = end + 1;
  }
  return { text: parts.join(''), bom, mixed };
}

/**
 * Decodes a CSV file's bytes as UTF-8 (a leading BOM accepted) and reports each line that is not
 * (where its bytes read as Windows-1252, the finding shows the likely character); such lines are
 * read as Windows-1252 so that later checks still run.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, findings: Findings): string {
  const { text, mixed } = decodeLines(bytes);
  for (const m of mixed) findings.error({ file, line: m.line, column: m.column }, 'encoding', describeBadByte(m.byte));
  return text;
}
