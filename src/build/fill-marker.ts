// The marker an Astro page renders where the build fills in a part made from the data (see
// page-fills.ts). Plain text, so Astro's HTML compression and escaping leave it as it is.

/** The marker of part `name` (with an argument, e.g. a method ID) in a page Astro renders for the build. */
export function fillMarker(name: string, arg = ''): string {
  return `@@FILL:${name}:${arg}@@`;
}

/** Every marker in a text, with its name and argument. */
export const FILL_PATTERN = /@@FILL:([\w.-]+):([\w.-]*)@@/g;
