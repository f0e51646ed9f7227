import * as linkify from 'linkifyjs';

/** A piece of free text: plain, or a link (URL or e-mail address) with its target. */
export type TextSegment = { text: string; href?: string };

/** Splits text into plain pieces and links to the URLs and e-mail addresses it holds. */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const m of linkify.find(text)) {
    if (m.type !== 'url' && m.type !== 'email') continue;
    if (m.start > at) segments.push({ text: text.slice(at, m.start) });
    segments.push({ text: m.value, href: m.href });
    at = m.end;
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
