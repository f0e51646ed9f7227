/** `12 sessions`, as the page writes it. */
const sessionCount = (n: number): string => `${n} session${n === 1 ? '' : 's'}`;

/**
 * Moves the sessions a building's page lists as coming up (as of its build) that have ended by the visitor's clock
 * into its past list, newest first, and says the past list's new count; the "Coming up" part hides once empty
 * (components/buildings/HeldSessions.astro). A page built on Jan 5 and read on Jan 25 lists nothing of Jan 6–24
 * as coming up.
 */
export function moveEndedSessions(now = new Date(), root: ParentNode = document): void {
  const held = root.querySelector<HTMLElement>('[data-held-sessions]');
  const ahead = held?.querySelector<HTMLElement>('[data-held-ahead]');
  const pastPart = held?.querySelector<HTMLElement>('[data-held-past]');
  const pastList = pastPart?.querySelector('ul');
  if (!held || !ahead || !pastPart || !pastList) return;
  const ended = [...ahead.querySelectorAll<HTMLElement>('li[data-ends]')].filter(
    (li) => Date.parse(li.dataset.ends!) <= now.getTime(),
  );
  if (ended.length === 0) return;
  pastList.prepend(...ended.reverse());
  ahead.hidden = ahead.querySelector('li') === null;
  pastPart.hidden = false;
  const total = Number(held.dataset.pastCount) + ended.length;
  held.dataset.pastCount = String(total);
  const shown = pastList.querySelectorAll('li').length;
  const heading = pastPart.querySelector('[data-past-heading]');
  if (heading)
    heading.textContent = shown < total ? `the newest ${shown} of ${sessionCount(total)}` : sessionCount(total);
}
