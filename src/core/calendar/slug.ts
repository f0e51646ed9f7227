/** Slugs already made: programs and audiences are a few hundred texts repeated across many sessions. */
const made = new Map<string, string>();

/** A URL-safe name for a program or audience: `MATH - Computer Science` → `math-computer-science`. */
export function slugify(text: string): string {
  let slug = made.get(text);
  if (slug === undefined) {
    slug = makeSlug(text);
    if (made.size < 100_000) made.set(text, slug);
  }
  return slug;
}

function makeSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'other'
  );
}
