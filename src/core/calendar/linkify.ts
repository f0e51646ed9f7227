import * as linkify from 'linkifyjs';

/** A piece of free text: plain, or a link (URL or e-mail address) with its target. */
export type TextSegment = { text: string; href?: string };

/**
 * What a word must hold to contain a link linkifyjs finds: a dot between two characters
 * (a domain; also the ideographic and full-width dots), an `@`, a `:` (a scheme) or `localhost`. Most
 * words hold none, and scanning only the others is many times faster than scanning the text.
 */
const MAY_LINK = /[^\s.。．｡][.。．｡][^\s.。．｡]|[@:]|localhost/i;

/**
 * Splits text into plain pieces and links to the URLs and e-mail addresses it holds. A link
 * never spans white space, so each word that may hold one is scanned on its own.
 */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const word of text.matchAll(/\S+/g)) {
    if (!MAY_LINK.test(word[0])) continue;
    for (const m of linkify.find(word[0])) {
      if (m.type !== 'url' && m.type !== 'email') continue;
      const start = word.index + m.start;
      if (start > at) segments.push({ text: text.slice(at, start) });
      segments.push({ text: m.value, href: m.href });
      at = word.index + m.end;
    }
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** Paragraphs of free text (split at blank or single line breaks), each as segments. */
export function paragraphs(text: string): TextSegment[][] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(linkSegments);
}
