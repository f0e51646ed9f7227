import type { MethodEntry } from '../records/method-entry.ts';

/** One error status `npm start` answers with the error envelope, and when. */
export interface ApiError {
  status: number;
  when: string;
  /** Whether only a method that needs a key can answer it. */
  keyed?: boolean;
}

/**
 * The error statuses of the API under `npm start` (the README's error table says the same; a
 * test keeps them in step). A static host answers none of these: it serves the files as they
 * are, ignores `key` and `callback`, and answers a missing file with its own 404 page.
 */
export const API_ERRORS: readonly ApiError[] = [
  {
    status: 400,
    when:
      'The callback is not a JavaScript name such as handleData or app.onData (at most 128 characters), ' +
      'or the path is malformed.',
  },
  { status: 401, when: 'The URL has no ?key=.', keyed: true },
  { status: 403, when: 'The key is not one of API_KEYS or API_KEYS_FILE.', keyed: true },
  {
    status: 404,
    when:
      'No method answers at the path, or its path has placeholders and no data set feeds it, ' +
      'or no record has the value given for a placeholder.',
  },
  { status: 405, when: 'The request is not GET or HEAD.' },
  { status: 503, when: 'The site is not built yet.' },
];

/** The errors a method can answer with: the key's only when it needs one. */
export function apiErrorsOf(entry: Pick<MethodEntry, 'keyRequired'>): ApiError[] {
  return API_ERRORS.filter((e) => !e.keyed || entry.keyRequired);
}
