// Which inputs of made files many files share (made-file.ts digests each once). Apart from
// made-file.ts, which imports node:crypto: modules the pages' scripts bundle for the browser
// (session.ts through format.ts) mark their shared objects here.

/** Inputs shared by many files, named by what they hold the first time a digest meets them. */
const SHARED = new WeakSet<object>();

/**
 * Marks a value that many files are made from (a time zone's lines in every feed): a digest
 * names it by what it holds the first time it meets it and stands in by that name afterwards,
 * rather than read it again for every file. Returns the value.
 */
export function sharedInput<T extends object>(value: T): T {
  SHARED.add(value);
  return value;
}

/** Whether a value was marked with sharedInput. */
export function isSharedInput(value: object): boolean {
  return SHARED.has(value);
}
