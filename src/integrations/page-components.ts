// The pages a build makes many times (a page per session), rendered from the same Astro components
// as `astro dev` renders them through src/pages/, into the page shell Astro rendered once.

import type { ListingPage } from '../core/calendar/pages/listing-page.ts';
import type { Shell } from '../core/calendar/pages/page-shell.ts';
import type { SessionBodyView, SessionHeadView, SessionPageView } from '../core/calendar/pages/session-page.ts';
import type { ExamPageView } from '../core/exams/exam-pages.ts';
import type { BuildingPageView } from '../core/pages/building-page.ts';
import type { MethodPageView } from '../core/pages/method-page.ts';
import { componentRenderer, importComponent } from './component-render.ts';

/** A shell that takes a page of its kind (`P`, the page's view) and gives its text; `page` is the shell as rendered. */
export interface PageShell<P> {
  fill(page: P): string;
  page: string;
}

/** The shells of the calendar's large page sets: months and terms, and sessions. */
export interface CalendarShells {
  listing: PageShell<ListingPage>;
  session: PageShell<SessionPageView>;
}

/** A building page's body, by its component: a string of markup. */
export type BuildingPageBody = (view: BuildingPageView) => string;

/** A page view a shell takes whole: its title and summary, the body its component renders. */
interface TitledView {
  title: string;
  summary: string;
}

/** A shell (Astro's, cut at its markers) filled from a page's view: its title, its summary, its component's body. */
export function bodyShell<P extends TitledView>(shell: Shell, body: (view: P) => string): PageShell<P> {
  return {
    page: shell.page,
    fill: (view) => shell.fill({ title: view.title, summary: view.summary, head: '', body: body(view) }),
  };
}

/** The component of a building's page. */
const BUILDING_BODY = new URL('../components/buildings/BuildingBody.astro', import.meta.url);

/** The building page's component, loaded (once per process) and ready to render. */
export async function buildingPageBody(): Promise<BuildingPageBody> {
  const render = await componentRenderer();
  const body = await importComponent(BUILDING_BODY);
  return (view) => render(body, { building: view });
}

/** The component of a method's page. */
const METHOD_BODY = new URL('../components/methods/MethodBody.astro', import.meta.url);

/** A method page's body, by its component: a string of markup. */
export type MethodPageBody = (view: MethodPageView) => string;

/** The method page's component, loaded (once per process) and ready to render. */
export async function methodPageBody(): Promise<MethodPageBody> {
  const render = await componentRenderer();
  const body = await importComponent(METHOD_BODY);
  return (view) => render(body, { method: view });
}

/** The session page's components: its head's extras and its body. */
const SESSION_HEAD = new URL('../components/session/SessionHead.astro', import.meta.url);
const SESSION_BODY = new URL('../components/session/SessionBody.astro', import.meta.url);

/** Renders a session page's head extras and body with its components, each a string of markup. */
export interface SessionPageParts {
  head(view: SessionHeadView): string;
  body(view: SessionBodyView): string;
}

/** The session page's components, loaded (once per process) and ready to render. */
export async function sessionPageParts(): Promise<SessionPageParts> {
  const render = await componentRenderer();
  const [head, body] = await Promise.all([importComponent(SESSION_HEAD), importComponent(SESSION_BODY)]);
  return {
    head: (view) => render(head, { head: view }),
    body: (view) => render(body, { session: view }),
  };
}

/** The session shell (Astro's, cut at its markers) filled from a session's view by its components. */
export function sessionShell(shell: Shell, parts: SessionPageParts): PageShell<SessionPageView> {
  return {
    page: shell.page,
    fill: (view) =>
      shell.fill({
        title: view.title,
        summary: view.summary,
        head: parts.head(view.head),
        body: parts.body(view.body),
      }),
  };
}

/** The month and term pages' components: their head's feed and their body. */
const LISTING_HEAD = new URL('../components/calendar/ListingHead.astro', import.meta.url);
const LISTING_BODY = new URL('../components/calendar/ListingBody.astro', import.meta.url);

/** A month or term page's head extras and body, each a string of markup. */
export type ListingPageParts = (page: ListingPage) => { head: string; body: string };

/** The listing pages' components, loaded (once per process) and ready to render. */
export async function listingPageParts(): Promise<ListingPageParts> {
  const render = await componentRenderer();
  const [head, body] = await Promise.all([importComponent(LISTING_HEAD), importComponent(LISTING_BODY)]);
  return (page) => ({ head: render(head, { feed: page.head }), body: render(body, { page }) });
}

/** The listing shell (Astro's, cut at its markers) filled from a month's or term's view by its components. */
export function listingShell(shell: Shell, parts: ListingPageParts): PageShell<ListingPage> {
  return {
    page: shell.page,
    fill: (page) => shell.fill({ title: page.title, summary: page.summary, ...parts(page) }),
  };
}

/** The component of an exam page's body (the index of terms, or a term's exams). */
const EXAM_BODY = new URL('../components/exams/ExamBody.astro', import.meta.url);

/** An exam page's body, by its component: a string of markup. */
export type ExamPageBody = (view: ExamPageView) => string;

/** The exam page's component, loaded (once per process) and ready to render. */
export async function examPageBody(): Promise<ExamPageBody> {
  const render = await componentRenderer();
  const body = await importComponent(EXAM_BODY);
  return (view) => render(body, { page: view });
}
