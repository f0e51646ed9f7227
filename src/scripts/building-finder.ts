/**
 * The building list's finder: as one types, shows only the buildings whose code or names hold
 * every typed word (and the letters' sections that still hold one), and says how many. Without
 * JavaScript the form stays hidden and the list is whole.
 */
export function attachBuildingFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-building-finder]');
  const status = document.querySelector<HTMLElement>('[data-building-finder-status]');
  if (!form || !status) return;
  const input = form.querySelector<HTMLInputElement>('input[name=find]')!;
  const items = [...document.querySelectorAll<HTMLElement>('[data-building]')];
  const sections = [...document.querySelectorAll<HTMLElement>('[data-building-section]')];
  const letters = document.querySelector<HTMLElement>('[data-building-letters]');
  form.hidden = false;
  form.addEventListener('submit', (e) => e.preventDefault());
  const run = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      item.hidden = !words.every((w) => item.dataset.building!.includes(w));
      if (!item.hidden) shown += 1;
    }
    for (const section of sections) section.hidden = !section.querySelector('[data-building]:not([hidden])');
    if (letters) letters.hidden = words.length > 0;
    status.textContent =
      words.length === 0
        ? ''
        : shown === 0
          ? 'No building has that name or code.'
          : `${shown} building${shown === 1 ? '' : 's'}.`;
  };
  input.addEventListener('input', run);
  if (input.value) run();
}
