// What a person feels on a data set's table page once it is up: from a choice (a facet's value chosen, a sort
// column chosen, "Next →", a search sent) to the view's first rows, on the throttled phone of phone-profile.ts.
// `node bench/data-browse-timing.ts --choices ORIGIN` runs these; each choice on a fresh load of the table's plain
// page, a chain's steps one after the other on one page.
import type { Browser, Page } from 'playwright-core';
import { median, phonePage } from './phone-profile.ts';

/** One thing a person does on the page: choose in a select of the form, follow "Next →", or send a search. */
export type Step =
  | { kind: 'select'; name: string; value: string }
  | { kind: 'next' }
  | { kind: 'search'; text: string };

/** Choices made on one table's plain page, timed each; a chain's later steps start from the view before. */
export interface Choice {
  path: string;
  steps: readonly Step[];
}

/** The choices the report times: each facet, a sort, the next page, a search; and the exam task's chain. */
export const CHOICES: readonly Choice[] = [
  { path: 'data/infosessions/', steps: [{ kind: 'select', name: 'year', value: '2013' }] },
  { path: 'data/infosessions/', steps: [{ kind: 'select', name: 'building', value: 'DC' }] },
  { path: 'data/infosessions/', steps: [{ kind: 'select', name: '_sort', value: 'date' }] },
  { path: 'data/infosessions/', steps: [{ kind: 'next' }] },
  { path: 'data/infosessions/', steps: [{ kind: 'search', text: 'google' }] },
  {
    path: 'data/infosessions/',
    steps: [
      { kind: 'select', name: 'building', value: 'DC' },
      { kind: 'select', name: '_sort', value: 'date' },
      { kind: 'next' },
    ],
  },
  { path: 'data/exam-schedule/', steps: [{ kind: 'select', name: 'term', value: '1139' }] },
  { path: 'data/exam-schedule/', steps: [{ kind: 'select', name: '_sort', value: 'date' }] },
  { path: 'data/exam-schedule/', steps: [{ kind: 'next' }] },
  { path: 'data/exam-schedule/', steps: [{ kind: 'search', text: 'MC' }] },
  {
    path: 'data/exam-schedule/',
    steps: [
      { kind: 'select', name: 'subject', value: 'CS' },
      { kind: 'select', name: 'term', value: '1139' },
      { kind: 'select', name: '_sort', value: 'date' },
    ],
  },
  { path: 'data/courses/', steps: [{ kind: 'select', name: 'subject', value: 'CS' }] },
  { path: 'data/courses/', steps: [{ kind: 'select', name: '_sort', value: 'title' }] },
  { path: 'data/courses/', steps: [{ kind: 'next' }] },
  { path: 'data/courses/', steps: [{ kind: 'search', text: 'data' }] },
];

/** A step as the report's table names it. */
export function stepLabel(step: Step): string {
  if (step.kind === 'next') return 'Next →';
  if (step.kind === 'search') return `search "${step.text}"`;
  return step.name === '_sort' ? `sort by ${step.value}` : `${step.name} = ${step.value}`;
}

/**
 * The page's own marks, in ms since the epoch (a link may load a new document): when a choice was made, whether the
 * rows changed since, and when the view's rows showed.
 */
interface ChoiceMarks {
  start?: number;
  changed?: boolean;
  done?: number;
}

/**
 * Watches the table's rows: the view's first rows are in once they changed and show early or all in. A choice that
 * loads a new document (a link the page's script leaves to the browser) leaves its start in sessionStorage.
 */
function watchRows(): void {
  const now = () => performance.timeOrigin + performance.now();
  const left = sessionStorage.getItem('choice-start');
  sessionStorage.removeItem('choice-start');
  const marks: ChoiceMarks = left ? { start: Number(left), changed: true } : {};
  (globalThis as unknown as { __choice: ChoiceMarks }).__choice = marks;
  new MutationObserver((records) => {
    const body = document.querySelector('tbody[data-browse-rows]');
    if (marks.start === undefined || marks.done !== undefined || !body?.querySelector('tr')) return;
    if (records.some((r) => r.type === 'childList' && r.target === body)) marks.changed = true;
    const shown = body.hasAttribute('data-browse-first') || !body.hasAttribute('aria-busy');
    if (marks.changed && shown) marks.done = now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Makes one step in the page itself, its start marked just before the event that asks for the view. */
function makeStep(step: Step): void {
  const now = () => performance.timeOrigin + performance.now();
  const marks = (globalThis as unknown as { __choice: ChoiceMarks }).__choice;
  const form = document.querySelector<HTMLFormElement>('form[data-browse-form]')!;
  marks.changed = false;
  marks.done = undefined;
  if (step.kind === 'next') {
    const next = document.querySelector<HTMLAnchorElement>('[data-browse-pager] a[rel="next"]')!;
    marks.start = now();
    sessionStorage.setItem('choice-start', String(marks.start));
    next.click();
  } else if (step.kind === 'search') {
    (form.elements.namedItem('_search') as HTMLInputElement).value = step.text;
    marks.start = now();
    form.requestSubmit();
  } else {
    const select = form.elements.namedItem(step.name) as HTMLSelectElement;
    select.value = step.value;
    marks.start = now();
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** How many files the page asked for between a choice and its rows (times since the epoch, as ChoiceMarks'). */
function filesAsked({ start, done }: { start: number; done: number }): number {
  const at = (t: number) => performance.timeOrigin + t;
  return performance.getEntriesByType('resource').filter((e) => at(e.startTime) >= start && at(e.startTime) <= done)
    .length;
}

/** Waits until the page is up and its form offers its choices (the script loaded them), then `idleMs` more. */
async function waitReady(page: Page, idleMs: number): Promise<void> {
  await page.locator('form[data-browse-form]:not([hidden]) button:enabled').waitFor({ timeout: 60_000 });
  await page.locator('tbody[data-browse-rows]:not([aria-busy])').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(idleMs);
}

/** A step's time to its rows (ms), and how many files the page asked for meanwhile. */
interface StepTiming {
  ms: number;
  files: number;
}

/** Loads a choice's page in a fresh throttled context and times each of its steps: ms from the step to its rows. */
async function timeChoice(browser: Browser, origin: string, choice: Choice, idleMs: number): Promise<StepTiming[]> {
  const page = await phonePage(browser, watchRows);
  await page.goto(`${origin}/${choice.path}`, { waitUntil: 'load' });
  const times: StepTiming[] = [];
  for (const step of choice.steps) {
    await waitReady(page, idleMs);
    await page.evaluate(makeStep, step);
    if (step.kind === 'next') await page.waitForLoadState('load');
    const marks = await page.waitForFunction(
      () => {
        const m = (globalThis as unknown as { __choice: ChoiceMarks }).__choice;
        return m.done !== undefined && m;
      },
      null,
      { timeout: 60_000 },
    );
    const { start, done } = (await marks.jsonValue()) as Required<ChoiceMarks>;
    times.push({ ms: Math.round(done - start), files: await page.evaluate(filesAsked, { start, done }) });
  }
  await page.context().close();
  return times;
}

/**
 * Times every choice (those on the pages `paths` when given) `runs` times and prints each step's median and runs as
 * a Markdown table.
 */
export async function timeChoices(
  browser: Browser,
  origin: string,
  { runs, idle, paths }: { runs: number; idle: number; paths: readonly string[] },
): Promise<void> {
  console.log(
    `| page | choice | first rows after the choice (median of ${runs}) | runs | files asked meanwhile |\n` +
      '|---|---|---|---|---|',
  );
  for (const choice of CHOICES.filter((c) => paths.length === 0 || paths.includes(c.path))) {
    const all: StepTiming[][] = [];
    for (let i = 0; i < runs; i++) all.push(await timeChoice(browser, origin, choice, idle));
    choice.steps.forEach((step, k) => {
      const ms = all.map((t) => t[k]!.ms);
      const files = all.map((t) => t[k]!.files).join(', ');
      const label = k === 0 ? stepLabel(step) : `then ${stepLabel(step)}`;
      console.log(`| \`${choice.path}\` | ${label} | ${median(ms)} ms | ${ms.join(', ')} | ${files} |`);
    });
  }
}
