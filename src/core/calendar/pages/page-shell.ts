import { escape as escapeHtml } from 'html-escaper';

/**
 * The markers a shell page holds where a page's title, summary and body go. Astro renders a
 * shell once (the site's layout around the markers); the build fills it for each page of a
 * large set (sessions, months, terms), which would be too many for Astro's per-page pipeline.
 */
export const SHELL_MARKERS = {
  title: '@@PAGE_TITLE@@',
  summary: '@@PAGE_SUMMARY@@',
  head: '@@PAGE_HEAD@@',
  body: '@@PAGE_BODY@@',
} as const;

/**
 * What fills a shell: title and summary as text (escaped here), the head's extras and the body as
 * markup its components rendered (escaped there).
 */
export interface ShellParts {
  title: string;
  summary: string;
  /** What the page adds to its head: its feed (`<link rel="alternate">`), Open Graph, JSON-LD. */
  head: string;
  body: string;
}

/** A rendered shell page cut at its markers, ready to be filled per page. */
export interface Shell {
  fill(parts: ShellParts): string;
  /** The shell page as rendered: what a filled page is made from besides its parts. */
  page: string;
}

/** Cuts a rendered shell page at its markers; throws when one is missing. */
export function parseShell(page: string): Shell {
  const pieces = page.split(/(@@PAGE_(?:TITLE|SUMMARY|HEAD|BODY)@@)/);
  for (const marker of Object.values(SHELL_MARKERS)) {
    if (!pieces.includes(marker)) throw new Error(`the page shell lacks ${marker}`);
  }
  return {
    page,
    fill({ title, summary, head, body }) {
      const value: Record<string, string> = {
        [SHELL_MARKERS.title]: escapeHtml(title),
        [SHELL_MARKERS.summary]: escapeHtml(summary),
        [SHELL_MARKERS.head]: head,
        [SHELL_MARKERS.body]: body,
      };
      return pieces.map((p) => value[p] ?? p).join('');
    },
  };
}
