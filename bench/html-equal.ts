/**
 * A page's markup normalised: whitespace between two tags dropped, every other run of whitespace one space, and an
 * apostrophe written `'` rather than `&#39;` (Astro leaves it as it is in a quoted attribute, the templates it replaced
 * escaped it: the same character either way).
 */
export function normaliseHtml(html: string): string {
  return html.replace(/&#39;/g, "'").replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();
}

/** Whether two pages are the same once normalised (normaliseHtml). */
export function htmlEqual(a: string, b: string): boolean {
  return a === b || normaliseHtml(a) === normaliseHtml(b);
}
