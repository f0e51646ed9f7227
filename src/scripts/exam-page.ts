import { findCourses, finderCourse } from '../core/exams/course-finder.ts';
import { chosenCalendar, type ExamTermData, parseCourseList } from '../core/exams/my-exams.ts';

// The exam pages' script: the course finder (type "CS 135" or "cs135", or a subject, "CS": the courses
// that match stay, src/core/exams/course-finder.ts), and "My exams": the courses picked, kept in the
// address (`?courses=CS135,MATH137`), made into one .ics in the browser from the term's data, and,
// where the server answers the feed of chosen courses (the Worker, `npm start`), offered as a
// subscription too.

/** Shows only the courses what is typed finds (a subject, or a subject and the start of a number), and how many. */
function attachFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-exam-finder]');
  const status = document.querySelector<HTMLElement>('[data-exam-finder-status]');
  if (!form || !status) return;
  const input = form.querySelector<HTMLInputElement>('input[name=course]')!;
  const courses = [...document.querySelectorAll<HTMLElement>('[data-exam-course]')];
  const read = courses.map((c) => finderCourse(c.dataset.examCourse!));
  form.hidden = false;
  form.addEventListener('submit', (e) => e.preventDefault());
  input.addEventListener('input', () => {
    const typed = input.value.trim();
    const found = findCourses(typed, read);
    let shown = 0;
    for (const [i, c] of courses.entries()) {
      c.hidden = !found[i];
      if (!c.hidden) shown += 1;
    }
    foldSubjects(typed !== '');
    status.textContent =
      typed === '' ? '' : shown === 0 ? 'No course of this term matches.' : `${shown} course${shown === 1 ? '' : 's'}.`;
  });
}

/** The courses picked for "My exams", by key. */
const picks = new Set<string>();

/**
 * Each subject's fold while a course is sought: open where a course matches, gone where none does. With nothing
 * sought, every subject is back, closed but for those holding a picked course.
 */
function foldSubjects(seeking: boolean): void {
  for (const subject of document.querySelectorAll<HTMLDetailsElement>('details[data-exam-subject]')) {
    const courses = [...subject.querySelectorAll<HTMLElement>('[data-exam-course]')];
    const found = courses.some((c) => !c.hidden);
    subject.hidden = seeking && !found;
    subject.open = seeking ? found : courses.some((c) => picks.has(c.dataset.key!));
  }
}

/** Opens the subject of the course the address's fragment names (`#exam-CS135`), and goes to it. */
function openNamedCourse(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const named = id ? document.getElementById(id) : null;
  const subject = named?.closest<HTMLDetailsElement>('details[data-exam-subject]');
  if (!named || !subject) return;
  subject.open = true;
  named.scrollIntoView();
}

/** The picked courses' keys, in the page's order. */
function picked(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-exam-course]')]
    .map((c) => c.dataset.key!)
    .filter((key) => picks.has(key));
}

/**
 * Gives a course its "Add to my exams" box, once: made when its subject opens, as a page of 900 courses would
 * otherwise carry 900 boxes a phone lays out while loading.
 */
function addPickBox(course: HTMLElement, onChange: () => void): void {
  if (course.querySelector('input[data-exam-pick]')) return;
  const key = course.dataset.key!;
  const label = document.createElement('label');
  label.className = 'exam-pick';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.value = key;
  box.dataset.examPick = '';
  box.checked = picks.has(key);
  box.addEventListener('change', () => {
    if (box.checked) picks.add(key);
    else picks.delete(key);
    onChange();
  });
  const name = document.createElement('span');
  name.className = 'visually-hidden';
  name.textContent = course.querySelector('h2')!.textContent;
  label.append(box, ' Add ', name, ' to my exams');
  course.querySelector('.exam-actions')!.prepend(label, ' ');
}

/** Offers the feed of the chosen courses when the server answers it (it does at the edge and under `npm start`). */
async function offerSubscription(mine: HTMLElement, keys: readonly string[]): Promise<void> {
  const block = mine.querySelector<HTMLElement>('[data-exam-subscribe]')!;
  if (keys.length === 0) return void (block.hidden = true);
  const url = new URL(`${mine.dataset.feed!}?courses=${keys.join(',')}`, location.href).href;
  const answer = await fetch(url, { method: 'HEAD' }).catch(() => undefined);
  const served = answer?.ok === true && (answer.headers.get('content-type') ?? '').startsWith('text/calendar');
  block.hidden = !served;
  const webcal = url.replace(/^https?:/, 'webcal:');
  mine.querySelector<HTMLAnchorElement>('[data-exam-webcal]')!.href = webcal;
  mine.querySelector<HTMLAnchorElement>('[data-exam-https]')!.href = url;
  mine.querySelector<HTMLAnchorElement>('[data-exam-google]')!.href =
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;
}

/** Downloads the picked courses' exams as one .ics, made from the term's data. */
async function download(mine: HTMLElement, keys: readonly string[], status: HTMLElement): Promise<void> {
  const answer = await fetch(mine.dataset.data!).catch(() => undefined);
  if (!answer?.ok) return void (status.textContent = 'The exam data could not be read. Try again.');
  const data = (await answer.json()) as ExamTermData;
  const blob = new Blob([chosenCalendar(data, keys)], { type: 'text/calendar' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `my-exams-${data.term}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  status.textContent = `Downloaded my-exams-${data.term}.ics: open it to add the exams to your calendar.`;
}

/** A sitting's day and time as the page shows them (`Fri, Dec 13, 2013`, `, 12:30 PM–3:00 PM`), or none. */
function sittingWhen(sitting: Element): { time: HTMLTimeElement; after: string } | undefined {
  const time = sitting.querySelector('time');
  if (!time) return undefined;
  return { time, after: (time.nextSibling?.textContent ?? '').replace(/\s+/g, ' ').trimEnd() };
}

/** A picked course as "My exams" lists it: its name, then each distinct day and time of its sittings. */
function pickItem(course: HTMLElement): HTMLLIElement {
  const li = document.createElement('li');
  const name = li.appendChild(document.createElement('strong'));
  name.textContent = course.querySelector('h2')!.textContent;
  li.append(': ');
  const whens = new Map<string, (Node | string)[]>();
  for (const sitting of course.querySelectorAll('[data-exam-sitting]')) {
    const when = sittingWhen(sitting);
    const key = when && `${when.time.dateTime}${when.after}`;
    if (when && key && !whens.has(key)) whens.set(key, [when.time.cloneNode(true), when.after]);
  }
  if (whens.size === 0) li.append('no sitting in the schedule (see its notes below)');
  for (const [i, nodes] of [...whens.values()].entries()) li.append(...(i > 0 ? ['; '] : []), ...nodes);
  return li;
}

/** Keeps the picks in the address, lists them, and enables the download. */
function showPicks(mine: HTMLElement): void {
  const keys = picked();
  const url = new URL(location.href);
  if (keys.length > 0) url.searchParams.set('courses', keys.join(','));
  else url.searchParams.delete('courses');
  history.replaceState(null, '', url);
  const courses = keys.map((key) => document.getElementById(`exam-${key}`)!);
  mine.querySelector('[data-exam-mine-list]')!.textContent =
    keys.length === 0
      ? 'Pick your courses below (“Add to my exams”), then download one calendar of their exams.'
      : `Picked ${keys.length === 1 ? 'one course' : `${keys.length} courses`}:`;
  mine.querySelector('[data-exam-mine-picks]')!.replaceChildren(...courses.map(pickItem));
  mine.querySelector<HTMLButtonElement>('[data-exam-download]')!.disabled = keys.length === 0;
  void offerSubscription(mine, keys);
}

/** "My exams": the picks of the address restored, a subject's boxes made as it opens, the download wired. */
function attachMine(): void {
  const mine = document.querySelector<HTMLElement>('[data-exam-mine]');
  if (!mine) return;
  const status = mine.querySelector<HTMLElement>('[data-exam-mine-status]')!;
  const asked = parseCourseList(new URL(location.href).searchParams.get('courses') ?? '');
  const known = new Set([...document.querySelectorAll<HTMLElement>('[data-exam-course]')].map((c) => c.dataset.key));
  for (const key of 'keys' in asked ? asked.keys : []) if (known.has(key)) picks.add(key);
  const changed = () => showPicks(mine);
  for (const subject of document.querySelectorAll<HTMLDetailsElement>('details[data-exam-subject]')) {
    subject.addEventListener('toggle', () => {
      if (subject.open)
        for (const c of subject.querySelectorAll<HTMLElement>('[data-exam-course]')) addPickBox(c, changed);
    });
  }
  mine.hidden = false;
  foldSubjects(false);
  mine.querySelector('[data-exam-download]')!.addEventListener('click', () => void download(mine, picked(), status));
  showPicks(mine);
}

/** Attaches the finder and "My exams" where their markup is. */
export function attachExamPage(): void {
  attachFinder();
  attachMine();
  openNamedCourse();
}
