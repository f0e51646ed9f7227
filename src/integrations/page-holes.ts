// The holes of the calendar's single pages (the front door, every term, the feeds page, and the
// front door's sessions.json): what Astro renders once, from the page context only, and the build
// fills from the sessions through the same components (src/components/calendar/), so a change to
// the sessions need not run Astro. Under `astro dev` the pages render the components in place.

/**
 * What every hole's marker starts with: a raw `&`, which no text Astro escapes can hold (Astro escapes every `&` of
 * the text it is given, to `&amp;` in text and `&#38;` in attributes), so only the pages' own `set:html` can put one.
 */
export const HOLE_START = '&@HOLE:';

/** The holes of the calendar's single pages, by name. */
export const HOLE_NAMES = [
  'front.filter',
  'front.list',
  'front.terms',
  'calendar.lead',
  'calendar.terms',
  'feeds.body',
  'sessions.json',
] as const;

/** A hole of a calendar page. */
export type HoleName = (typeof HOLE_NAMES)[number];

/** The marker of a hole, as a page renders it in a build (`set:html`). */
export function holeMarker(name: HoleName): string {
  return `${HOLE_START}${name}@@`;
}

/** Every hole marker in a text. */
export const HOLE_PATTERN = /&@HOLE:([\w.-]+)@@/g;
