/** A file of text made now, by its path inside the output. */
export interface TextFile {
  path: string;
  body: string;
}

/**
 * An output file described: its path, everything its text is rendered from (`from`: its render
 * context too), and how to render it (`body`, which reads nothing but `from` and the project's
 * code). What to reuse and how to write is the build's business (src/pipeline).
 */
export interface OutputSpec<T extends string | Iterable<string> = string> {
  path: string;
  from: readonly unknown[];
  /** Its text: whole, or for a long listing a chunk at a time (never held whole). */
  body: () => T;
}

/** What a page part is rendered from, and its rendering of them when asked. */
export interface Rendering<T> {
  from: readonly unknown[];
  make: () => T;
}

/** `render(...args)`, rendered when asked, with `args` as what it is rendered from: none can be left out. */
export function rendering<A extends readonly unknown[], T>(render: (...args: A) => T, ...args: A): Rendering<T> {
  return { from: args, make: () => render(...args) };
}
