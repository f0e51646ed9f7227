import { hash } from 'node:crypto';
import { isSharedInput } from './shared-input.ts';

/** A file of text made now, by its path inside the output. */
export interface TextFile {
  path: string;
  body: string;
}

/**
 * A file of the output made only when its bytes are needed: `from` is everything `body`
 * reads (its render context too), so that a build can tell, by a digest of `from`
 * (InputDigests), that the file it made last time from the same is still right, and skip
 * making it. `body` must read nothing but `from` (and the project's code, which the build
 * puts in every digest).
 */
export interface MadeFile<T extends string | Iterable<string | Made<string>> = string> {
  path: string;
  from: readonly unknown[];
  /**
   * Its text: whole, or for some files (a large listing) in pieces; a piece given as Made is made only when the file
   * the build updates or links from holds the same piece (made from the same), whose bytes it takes instead.
   */
  body: () => T;
}

/** What a renderer gives for one file or page part: the arguments it takes, and the rendering of them when asked. */
export interface Made<T> {
  from: readonly unknown[];
  make: () => T;
}

/** `render(...args)`, made when asked, with `args` as what it is made from: the digest cannot miss an input. */
export function made<A extends readonly unknown[], T>(render: (...args: A) => T, ...args: A): Made<T> {
  return { from: args, make: () => render(...args) };
}

/**
 * Digests of what files are made from: the JSON of their inputs, under a salt (the project's
 * code). Objects shared by many files (a session, the program catalogue, the building lookup, a
 * page shell; a value marked with sharedInput, shared-input.ts) are given a name once, by what they hold, and
 * stand in by that name wherever they appear; a function, Map or Set that has no name cannot be
 * read by JSON, so it throws rather than let a digest miss what it holds.
 */
export class InputDigests {
  private readonly names = new WeakMap<object, string>();
  private readonly salt: string;

  constructor(salt: string) {
    this.salt = salt;
  }

  /** Names a shared object (or function): wherever it appears in an input, `name` stands for it. */
  name(value: object, name: string): void {
    this.names.set(value, name);
  }

  /** Names an object by the digest of its own content (its named parts by their names); returns the name. */
  nameByContent(value: object): string {
    const name = this.of(value, value);
    this.names.set(value, name);
    return name;
  }

  /**
   * The name an object stands in by: given, or made now for a shared input (sharedInput); undefined for
   * any other object.
   */
  private nameOf(v: object, self?: object): string | undefined {
    return v === self ? undefined : (this.names.get(v) ?? (isSharedInput(v) ? this.nameByContent(v) : undefined));
  }

  /** The digest of an input: its JSON, named objects by their names. */
  of(value: unknown, self?: object): string {
    const json = JSON.stringify(value, (key, v: unknown) => {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
      const name = this.nameOf(v, self);
      if (name !== undefined) return `@${name}`;
      if (typeof v === 'function' || v instanceof Map || v instanceof Set)
        throw new Error(
          `an input of a made file holds ${typeof v === 'function' ? 'a function' : 'a Map or Set'} (at "${key}") ` +
            `with no name: name it (InputDigests.name) by what it holds`,
        );
      return v;
    });
    return hash('sha256', `${this.salt}\n${json}`, 'base64url').slice(0, 27);
  }
}
