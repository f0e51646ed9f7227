import { hash } from 'node:crypto';
import type { BuildingLookup } from '../core/buildings/location.ts';
import { calendarPageSources } from '../core/calendar/pages/calendar-pages.ts';
import { type BuildingPageView, buildingPageSources } from '../core/pages/building-page.ts';
import { type MethodPageView, methodPages } from '../core/pages/method-page.ts';
import type { OutputSpec, Rendering } from '../core/render/output.ts';
import { pageFile } from '../core/site/paths.ts';
import type { CalendarShells, PageShell } from '../integrations/page-components.ts';
import type { BuildContext } from './context.ts';
import type { InputDigests } from './input-digests.ts';
import type { OutputFile } from './output-files.ts';

/** The core's output files, each with the digest of what it is made from: the writer makes those it cannot reuse. */
export function* digested(files: Iterable<OutputSpec<string | Iterable<string>>>, digests: InputDigests) {
  for (const f of files) yield { path: f.path, madeFrom: digests.of(f.from), body: f.body } satisfies OutputFile;
}

/** A page of a large set, filled into its shell (named by its bytes) when its bytes are needed. */
export function filled<P>(digests: InputDigests, shell: PageShell<P>, path: string, parts: Rendering<P>): OutputFile {
  digests.nameOnce(shell, () => `shell:${hash('sha256', shell.page, 'base64url')}`);
  return { path: pageFile(path), madeFrom: digests.of([shell, ...parts.from]), body: () => shell.fill(parts.make()) };
}

/** The calendar's large page sets, each filled into the shell of its kind: every month and term, every session. */
export function* filledCalendarPages(
  context: BuildContext,
  shells: CalendarShells,
  digests: InputDigests,
  buildings: BuildingLookup,
): Generator<OutputFile> {
  for (const page of calendarPageSources(context.sessions, { ...context.render, buildings })) {
    yield page.kind === 'session'
      ? filled(digests, shells.session, page.path, page.parts)
      : filled(digests, shells.listing, page.path, page.parts);
  }
}

/** Every building's page, filled into the building shell. */
export function* filledBuildingPages(
  context: BuildContext,
  shell: PageShell<BuildingPageView>,
  digests: InputDigests,
  buildings: BuildingLookup,
): Generator<OutputFile> {
  const { sessions, site, render } = context;
  for (const page of buildingPageSources(context.buildings, sessions, buildings, site.directory, render)) {
    yield filled(digests, shell, page.path, page.parts);
  }
}

/**
 * Every method's page, filled into the method shell: made in every build that renders (35 pages), since each shows
 * the head of its first API file as served.
 */
export function* filledMethodPages(context: BuildContext, shell: PageShell<MethodPageView>): Generator<OutputFile> {
  for (const page of methodPages(context)) yield { path: pageFile(page.path), body: shell.fill(page.view) };
}
