import type { Envelope } from '../records/envelope.ts';

/** The JSON form of an envelope: compact, UTF-8, ending in a newline. */
export function renderJson(doc: Envelope): string {
  return `${JSON.stringify(doc)}\n`;
}

/** The JSONP form: `callback(<envelope>);` for a callback name already checked as safe. */
export function renderJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json.trimEnd()});\n`;
}
