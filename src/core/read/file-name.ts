/**
 * The longest value that may name a file or folder of the output (file systems allow 255 bytes;
 * extensions and UTF-8 need room).
 */
export const MAX_NAME_LENGTH = 100;

/** Names Windows reserves for devices, with or without an extension (`con`, `COM1.json`). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * What is wrong with `name` as a file or folder name of the output on any file system (too
 * long, a name Windows reserves, a trailing dot or space); undefined when nothing. Which
 * characters a name may hold is the caller's rule.
 */
export function fileNameProblem(name: string): string | undefined {
  const names = 'names a file or folder of the output';
  const length = name.length;
  if (length > MAX_NAME_LENGTH) {
    return `it is ${length} characters long, and it ${names}: keep it to ${MAX_NAME_LENGTH}`;
  }
  if (RESERVED.test(name)) return `"${name}" ${names}, and Windows reserves that name for a device: choose another`;
  if (/[. ]$/.test(name)) return `"${name}" ${names}, and ends in a dot or a space, which Windows drops: remove it`;
  return undefined;
}

/**
 * Tracks names that share a folder of the output: the first name already held by another
 * value that differs from it only in case (one file on a case-insensitive file system, as on
 * Windows and macOS), else undefined; the name is held from then on.
 */
export class CaseFolder {
  private readonly held = new Map<string, string>();

  clash(name: string): string | undefined {
    const key = name.toLowerCase();
    const before = this.held.get(key);
    if (before === undefined) this.held.set(key, name);
    return before !== undefined && before !== name ? before : undefined;
  }
}
