import { chosenCalendar, type ExamTermData, parseCourseList } from '../core/exams/my-exams.ts';

// The exam pages' script: the course finder (type "CS 135" or "cs135": the courses that match
// stay), and "My exams": the courses picked, kept in the address (`?courses=CS135,MATH137`), made
// into one .ics in the browser from the term's data, and, where the server answers the feed of
// chosen courses (the Worker, `npm start`), offered as a subscription too.

/** Shows only the courses whose name holds what is typed, spaces aside, and says how many. */
function attachFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-exam-finder]');
  const status = document.querySelector<HTMLElement>('[data-exam-finder-status]');
  if (!form || !status) return;
  const input = form.querySelector<HTMLInputElement>('input[name=course]')!;
  const courses = [...document.querySelectorAll<HTMLElement>('[data-exam-course]')];
  form.hidden = false;
  form.addEventListener('submit', (e) => e.preventDefault());
  input.addEventListener('input', () => {
    const typed = input.value.toLowerCase().replace(/\s+/g, '');
    let shown = 0;
    for (const c of courses) {
      c.hidden = typed !== '' && !c.dataset.examCourse!.replace(/\s+/g, '').includes(typed);
      if (!c.hidden) shown += 1;
    }
    status.textContent =
      typed === '' ? '' : shown === 0 ? 'No course of this term matches.' : `${shown} course${shown === 1 ? '' : 's'}.`;
  });
}

/** The picked courses' keys, in the page's order. */
function picked(boxes: readonly HTMLInputElement[]): string[] {
  return boxes.filter((b) => b.checked).map((b) => b.value);
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

/** Keeps the picks in the address, lists them, and enables the download. */
function showPicks(mine: HTMLElement, boxes: readonly HTMLInputElement[]): void {
  const keys = picked(boxes);
  const url = new URL(location.href);
  if (keys.length > 0) url.searchParams.set('courses', keys.join(','));
  else url.searchParams.delete('courses');
  history.replaceState(null, '', url);
  const names = boxes
    .filter((b) => b.checked)
    .map((b) => b.closest('[data-exam-course]')!.querySelector('h2')!.textContent);
  mine.querySelector('[data-exam-mine-list]')!.textContent =
    keys.length === 0
      ? 'Pick your courses below (“Add to my exams”), then download one calendar of their exams.'
      : `Picked: ${names.join(', ')}.`;
  mine.querySelector<HTMLButtonElement>('[data-exam-download]')!.disabled = keys.length === 0;
  void offerSubscription(mine, keys);
}

/** "My exams": the boxes shown, the picks of the address restored, the download wired. */
function attachMine(): void {
  const mine = document.querySelector<HTMLElement>('[data-exam-mine]');
  if (!mine) return;
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[data-exam-pick]')];
  const status = mine.querySelector<HTMLElement>('[data-exam-mine-status]')!;
  const asked = parseCourseList(new URL(location.href).searchParams.get('courses') ?? '');
  const keys = 'keys' in asked ? asked.keys : [];
  for (const box of boxes) {
    box.checked = keys.includes(box.value);
    box.closest('label')!.hidden = false;
    box.addEventListener('change', () => showPicks(mine, boxes));
  }
  mine.hidden = false;
  mine
    .querySelector('[data-exam-download]')!
    .addEventListener('click', () => void download(mine, picked(boxes), status));
  showPicks(mine, boxes);
}

/** Attaches the finder and "My exams" where their markup is. */
export function attachExamPage(): void {
  attachFinder();
  attachMine();
}
