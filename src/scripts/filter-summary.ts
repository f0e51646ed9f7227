/** A filter form folded to one line once a filter is chosen: what it shows, and a button to change it. */
export interface FilterSummary {
  /** Says what the filter shows (`Computer Science, Co-op Students: 12 of 67 sessions match.`). */
  say(text: string): void;
  /** Folds the form to its summary line. */
  fold(): void;
}

/**
 * The summary line of a filter form (data-filter-summary): while folded, the form shows only it, so
 * the first matching session is on a phone's first screen; "Change" unfolds the form.
 */
export function filterSummary(form: HTMLFormElement): FilterSummary | undefined {
  const line = form.querySelector<HTMLElement>('[data-filter-summary]');
  const text = line?.querySelector<HTMLElement>('[data-filter-summary-text]');
  if (!line || !text) return undefined;
  line.querySelector('[data-filter-change]')?.addEventListener('click', () => {
    form.classList.remove('folded');
    line.hidden = true;
    form.querySelector<HTMLElement>('select, input:not([type=hidden])')?.focus();
  });
  return {
    say: (words) => {
      text.textContent = words;
    },
    fold: () => {
      form.classList.add('folded');
      line.hidden = false;
    },
  };
}
