import type { Format } from '../records/method-entry.ts';

/** The start of a file as it is served: its first bytes, cut after its first records, and whether that is all of it. */
export interface ResponseHead {
  text: string;
  whole: boolean;
}

/** How many of a listing's records a head shows. */
export const HEAD_RECORDS = 2;
/** The most characters a head shows of a file that is not a listing (one record), or of one whose records are long. */
const MOST = 4000;
/** How much of a file's text is read to find its head: a long listing is never joined whole. */
const ENOUGH = 64 * 1024;

/** The start of a file's text: its chunks joined until `ENOUGH` characters (all of it when shorter). */
export function leadingText(body: string | Iterable<string>): { text: string; whole: boolean } {
  if (typeof body === 'string') return { text: body, whole: true };
  let text = '';
  for (const chunk of body) {
    text += chunk;
    if (text.length >= ENOUGH) return { text, whole: false };
  }
  return { text, whole: true };
}

/**
 * A JSON envelope's text cut after the `records`-th item of its `data` list (the served bytes, unchanged); undefined
 * when `data` is no list or holds no more than that.
 */
function jsonCut(text: string, records: number): number | undefined {
  let depth = 0;
  let inString = false;
  let inData = false;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 1 && c === '[') inData = true;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 1) inData = false;
      if (inData && depth === 2 && ++seen === records) return i + 1;
    }
  }
  return undefined;
}

/** An XML envelope's text cut after the line that closes its `records`-th `<item>` of `<data>`; undefined when none. */
function xmlCut(text: string, records: number): number | undefined {
  let seen = 0;
  for (let at = text.indexOf('\n    </item>\n'); at >= 0; at = text.indexOf('\n    </item>\n', at + 1)) {
    if (++seen === records) return at + '\n    </item>'.length;
  }
  return undefined;
}

/**
 * The head of a served API file (`file`: its start as leadingText read it): the bytes up to the end of its first
 * `HEAD_RECORDS` records when it lists more, else the whole file, cut at `MOST` characters when longer.
 */
export function responseHead(file: { text: string; whole: boolean }, format: Format): ResponseHead {
  const cut = format === 'json' ? jsonCut(file.text, HEAD_RECORDS) : xmlCut(file.text, HEAD_RECORDS);
  const end = Math.min(cut ?? file.text.length, MOST);
  const rest = file.text.slice(end);
  // What follows the cut is only the envelope's closing (`]}`, `</data></response>`) when the file ends there.
  const closing = file.whole && /^[\s\]}]*$|^\s*<\/data>\s*<\/response>\s*$/.test(rest);
  return closing ? { text: file.text.trimEnd(), whole: true } : { text: file.text.slice(0, end), whole: false };
}
