import { feedsPageBody } from '../core/calendar/pages/feeds-page.ts';
import { frontDoorParts, type FrontDoorParts } from '../core/calendar/pages/front-door.ts';
import { upcomingWindow } from '../core/calendar/pages/upcoming.ts';
import { excerptSection } from '../core/render/catalogue.ts';
import type { BuildContext } from './context.ts';
import { FILL_PATTERN } from './fill-marker.ts';

/** The front door's parts, computed once per context. */
const frontDoors = new WeakMap<BuildContext, FrontDoorParts>();
function frontDoor(ctx: BuildContext): FrontDoorParts {
  let parts = frontDoors.get(ctx);
  if (!parts) frontDoors.set(ctx, (parts = frontDoorParts(ctx.sessions, ctx.render)));
  return parts;
}

/** The published method with this ID (a page names it by its argument). */
function method(ctx: BuildContext, arg: string) {
  const found = ctx.published.find((p) => String(p.entry.methodId) === arg);
  if (!found) throw new Error(`no published method ${arg} to fill a page part with`);
  return found;
}

/**
 * Every part of an Astro-rendered page that is made from the data, by name: the pages render
 * a marker (fill-marker.ts) in a build, and the build fills it; under `astro dev` the pages
 * render the part itself. What Astro renders thus depends only on what page-context.ts hashes.
 */
const PAGE_FILLS: Readonly<Record<string, (ctx: BuildContext, arg: string) => string>> = {
  'front-door.lead': (ctx) => frontDoor(ctx).lead.value,
  'front-door.heading': (ctx) => frontDoor(ctx).heading.value,
  'front-door.upcoming': (ctx) => frontDoor(ctx).upcoming.value,
  'front-door.index': (ctx) => frontDoor(ctx).index.value,
  'feeds.body': (ctx) => feedsPageBody(ctx.feeds, ctx.render).value,
  'upcoming.json': (ctx) => JSON.stringify(upcomingWindow(ctx.feeds.all.sessions, ctx.render)),
  'method.count': (ctx, id) => String(method(ctx, id).data.length),
  'method.excerpt': (ctx, id) => excerptSection(method(ctx, id), ctx.render).value,
};

/** Part `name` of a page, made from the build's context. */
export function pageFill(ctx: BuildContext, name: string, arg = ''): string {
  const make = PAGE_FILLS[name];
  if (!make) throw new Error(`a page asks for the part "${name}", which src/build/page-fills.ts does not make`);
  return make(ctx, arg);
}

/** A page's text with every marker replaced by its part. */
export function fillPage(text: string, ctx: BuildContext): string {
  return text.replace(FILL_PATTERN, (_, name: string, arg: string) => pageFill(ctx, name, arg));
}
