import { type Choice, closestChoice } from './closest-choice.ts';

/** What each filter field is called in the notice. */
const NOUNS: Record<string, string> = { program: 'program', audience: 'audience' };

/** The choices of a filter field: a select's options, or a group of radio buttons with their labels. */
function choicesOf(form: HTMLFormElement, name: string): Choice[] {
  const select = form.querySelector<HTMLSelectElement>(`select[name=${name}]`);
  if (select) return [...select.options].map((o) => ({ value: o.value, label: o.text.replace(/\s*\(\d+\)$/, '') }));
  return [...form.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)].map((r) => ({
    value: r.value,
    label: (r.parentElement?.querySelector('[data-count]')?.textContent ?? r.value).replace(/\s*\(\d+\)$/, ''),
  }));
}

/**
 * Says that a link's filter names no program (or audience) of this site, and offers the closest
 * one as a button that chooses it (`choose`), in the form's notice (data-filter-unknown).
 */
export function offerClosest(form: HTMLFormElement, name: string, value: string, choose: (v: string) => void): void {
  const notice = form.querySelector<HTMLElement>('[data-filter-unknown]');
  const noun = NOUNS[name];
  if (!notice || !noun) return;
  const closest = closestChoice(value, choicesOf(form, name));
  notice.textContent = `This link names the ${noun} “${value}”, which this calendar does not have.`;
  if (closest) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `Show ${closest.label}`;
    button.addEventListener('click', () => {
      notice.hidden = true;
      choose(closest.value);
    });
    notice.append(' Did you mean it? ', button);
  }
  notice.hidden = false;
}
