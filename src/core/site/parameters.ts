import type { MethodEntry } from '../records/method-entry.ts';
import { MAX_CALLBACK_LENGTH } from './callback.ts';

/**
 * The key the site's own links and examples carry: `npm start` without API_KEYS accepts any
 * non-empty key, so the links work there as they are; a static host ignores the query.
 */
export const PLACEHOLDER_KEY = 'YOUR_KEY';

/** The JSONP callback name the examples use. */
export const EXAMPLE_CALLBACK = 'handleData';

/** One parameter of a method, as the reference page and the OpenAPI document show it. */
export interface ParameterDoc {
  name: string;
  kind: 'path' | 'query';
  required: boolean;
  description: string;
}

/** What the specification says of the parameters it describes. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  format: 'Output format: json or xml',
  callback:
    'JSONP callback name: a JavaScript identifier or dotted path, ' +
    `at most ${MAX_CALLBACK_LENGTH} characters (json only)`,
  key: "The caller's API key",
};

/**
 * A path placeholder the specification does not describe, as this service answers it: each value the data holds has
 * its own file, and any other value answers 404.
 */
const PLACEHOLDER_DESCRIPTION =
  'Path placeholder: each value the data holds has its own file (the method page lists them); any other value ' +
  'answers 404';

/** Every parameter of a method: its path placeholders, then callback, then key where one is required. */
export function methodParameters(entry: Pick<MethodEntry, 'parameters' | 'keyRequired'>): ParameterDoc[] {
  const docs: ParameterDoc[] = entry.parameters.map((name) => ({
    name,
    kind: 'path',
    required: true,
    description: DESCRIPTIONS[name] ?? PLACEHOLDER_DESCRIPTION,
  }));
  docs.push({ name: 'callback', kind: 'query', required: false, description: DESCRIPTIONS.callback! });
  if (entry.keyRequired) docs.push({ name: 'key', kind: 'query', required: true, description: DESCRIPTIONS.key! });
  return docs;
}
