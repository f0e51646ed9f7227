import { escape as escapeHtml } from 'html-escaper';

/** Markup that is already safe: written by our templates, its values escaped. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

/** A value a template can hold: text (escaped), safe markup, a list of either, or nothing. */
type Fill = SafeHtml | string | number | null | undefined | false | readonly Fill[];

function fill(value: Fill): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(fill).join('');
  return escapeHtml(String(value));
}

/**
 * A tagged template for HTML that escapes every interpolated value (text, attribute values)
 * unless it is SafeHtml made by another `html` template: safe by construction.
 */
export function html(strings: TemplateStringsArray, ...values: Fill[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += fill(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}
