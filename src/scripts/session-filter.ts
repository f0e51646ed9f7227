/** Makes each session filter form work: hides sessions (and days left empty) that do not match. */
export function attachFilters(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-session-filter]')) {
    form.hidden = false;
    const scope = form.parentElement ?? document.body;
    const status = form.querySelector<HTMLElement>('.filter-status');
    const apply = () => {
      const data = new FormData(form);
      const audience = String(data.get('audience') ?? '');
      const program = String(data.get('program') ?? '');
      const employer = String(data.get('employer') ?? '').trim().toLowerCase();
      let shown = 0;
      const items = scope.querySelectorAll<HTMLElement>('li.session');
      for (const item of items) {
        const match =
          (!audience || item.dataset.audience === audience) &&
          (!program || (item.dataset.programs ?? '').split(' ').includes(program)) &&
          (!employer || (item.dataset.employer ?? '').includes(employer));
        item.hidden = !match;
        if (match) shown += 1;
      }
      for (const group of scope.querySelectorAll<HTMLElement>('[data-session-group]')) {
        group.classList.toggle('filtered-out', group.querySelectorAll('li.session:not([hidden])').length === 0);
      }
      if (status) status.textContent = audience || program || employer ? `${shown} of ${items.length} sessions match.` : '';
    };
    form.addEventListener('input', apply);
    form.addEventListener('submit', (e) => e.preventDefault());
  }
}
