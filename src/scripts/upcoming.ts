/** One session as sessions.json lists it. */
interface Brief {
  id: string;
  employer: string;
  date: string;
  time: string;
  label: string;
  where: string;
  url: string;
  cancelled: boolean;
}

/** Replaces the front door's static list with the sessions after the visitor's today, when there are any. */
export async function showUpcoming(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-upcoming]');
  const list = section?.querySelector<HTMLElement>('[data-upcoming-list]');
  const note = section?.querySelector<HTMLElement>('[data-upcoming-note]');
  if (!section || !list || !note || !section.dataset.source) return;
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  let sessions: Brief[];
  try {
    sessions = await (await fetch(section.dataset.source)).json();
  } catch {
    return;
  }
  const next = sessions.filter((s) => s.date >= today).slice(0, 12);
  if (next.length === 0) {
    note.textContent = `No sessions are listed after today (${today}); here is the start of the newest term.`;
    return;
  }
  section.querySelector('h2')!.textContent = 'Coming up';
  note.textContent = `The next sessions from today, ${today}.`;
  list.replaceChildren(
    ...next.map((s) => {
      const li = document.createElement('li');
      li.className = s.cancelled ? 'session cancelled' : 'session';
      const time = document.createElement('time');
      time.dateTime = `${s.date}T${s.time}`;
      time.textContent = `${s.date} ${s.label}`;
      const a = document.createElement('a');
      a.href = s.url;
      a.textContent = s.employer;
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = s.where;
      li.append(time, ' ', s.cancelled ? Object.assign(document.createElement('s'), { textContent: '' }) : '', a, ' ', where);
      if (s.cancelled) li.querySelector('s')!.append(a);
      return li;
    }),
  );
}
