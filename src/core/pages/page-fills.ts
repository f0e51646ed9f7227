import type { SubscriptionFeeds } from '../calendar/feeds.ts';
import type { Session } from '../calendar/session.ts';
import { html } from '../render/html.ts';
import type { RenderContext } from '../site/address.ts';

/** What the page fills are made from: a build's context has it all. */
export interface FillSource {
  /** The sessions in time order. */
  sessions: readonly Session[];
  feeds: SubscriptionFeeds;
  render: RenderContext;
}

/**
 * What every fill marker starts with. A raw `&` followed by `@`: Astro escapes every `&` of the
 * text it is given (to `&amp;` in text, `&#38;` in attributes), so no text of the data, whatever
 * it holds, can put a marker into a page; only the pages' own `set:html={fill(…)}` can.
 */
export const FILL_START = '&@FILL:';

/**
 * The marker of fill `name` (with an argument, such as a method ID) that a page renders in a build, as raw markup
 * (`set:html`).
 */
export function fillMarker(name: string, arg: string | number = ''): string {
  return `${FILL_START}${name}:${arg}@@`;
}

/** Every fill marker in a text, with its name and argument. */
const FILL_PATTERN = /&@FILL:([\w.-]+):([\w.-]*)@@/g;

/**
 * Every part of an Astro page made from the methods' records or the data portal's, by name, as
 * markup (the calendar's pages have typed holes instead: src/integrations/calendar-holes.ts). In a
 * build the pages render a marker and the build fills it in, so what Astro renders depends only
 * on the page context (page-context.ts); under `astro dev` the pages render the part itself.
 */
const PAGE_FILLS: Readonly<Record<string, (source: FillSource, arg: string) => string>> = {
};

/** Fill `name` of a page, made from the source; throws on a name no page fill has. */
export function pageFill(source: FillSource, name: string, arg: string | number = ''): string {
  const make = PAGE_FILLS[name];
  if (!make) throw new Error(`a page asks for the fill "${name}", which src/core/pages/page-fills.ts does not make`);
  return make(source, String(arg));
}

/** A page's text with every fill marker replaced by its fill; undefined when it holds none. */
export function fillPage(text: string, source: FillSource): string | undefined {
  if (!text.includes(FILL_START)) return undefined;
  return text.replace(FILL_PATTERN, (_, name: string, arg: string) => pageFill(source, name, arg));
}
