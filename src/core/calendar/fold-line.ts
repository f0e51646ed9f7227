/** Octets of one code point in UTF-8. */
function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character (RFC 5545 3.1); the
 * continuation lines start with a space. No Node API: the exam page's script and the Worker fold with it too.
 */
export function foldLine(line: string): string {
  if (line.length <= 25) return line; // a UTF-16 unit is at most 3 octets
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i)!;
    const size = utf8Length(cp);
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74;
    }
    octets += size;
    i += cp > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}
