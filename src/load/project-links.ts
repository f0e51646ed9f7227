import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../core/read/findings.ts';

/** The project's folders a build publishes from or runs: Astro copies public/ as it is, following links. */
const LINKED_FOLDERS = ['public', 'src'];

/** What public/ and src/ may link to, said by every refusal but the plain ones. */
const RULE =
  'public/ and src/ may link only to files and folders inside the project, ' +
  'not to .git/, .env files, node_modules/ or the output, and never back to a folder holding the link';

/** Whether a name is one a build never publishes: the repository, secrets, installed packages. */
export function isPrivateName(name: string): boolean {
  return name === '.git' || name === 'node_modules' || name.startsWith('.env');
}

/** Whether `target` is `folder` or inside it. */
export function within(target: string, folder: string): boolean {
  return target === folder || target.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);
}

/** The private name among a path's parts below `top`, if any. */
function privatePart(top: string, target: string): string | undefined {
  return path.relative(top, target).split(path.sep).find(isPrivateName);
}

/** What a walk knows: the project, the output's folders, the folders being walked and those walked whole. */
interface Walk {
  top: string;
  outputs: readonly string[];
  open: Set<string>;
  done: Set<string>;
}

/**
 * Refuses, with one line naming it, a symbolic link at any depth below public/ or src/ (links
 * inside linked folders too) that points nowhere, leaves the project, reaches .git/, a .env
 * file, node_modules/ or the output (`outputs`: its path and its versions folder), or loops
 * back to a folder holding it; and a .git, .env* or node_modules entry a build would publish.
 * Every link is followed once and every real folder walked once, so the walk ends, and soon.
 */
export function checkProjectLinks(root: string, outputs: readonly string[] = []): void {
  const top = realpathSync(root);
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : path.resolve(p));
  const walk: Walk = { top, outputs: outputs.map(real), open: new Set(), done: new Set() };
  for (const folder of LINKED_FOLDERS) {
    const full = path.join(top, folder);
    if (lstatSync(full, { throwIfNoEntry: false })?.isDirectory()) walkFolder(folder, full, walk);
  }
}

/** Walks a real folder (`shown` as the project names it), following each link in it. */
function walkFolder(shown: string, dir: string, walk: Walk): void {
  if (walk.done.has(dir)) return;
  walk.open.add(dir);
  for (const name of readdirSync(dir).sort()) {
    const child = `${shown}/${name}`;
    const full = path.join(dir, name);
    const info = lstatSync(full);
    if (isPrivateName(name))
      throw new ConfigError(`${child} would be published: ${RULE}. Move it out of public/ and src/.`);
    if (info.isSymbolicLink()) followLink(child, full, walk);
    else if (info.isDirectory()) walkFolder(child, full, walk);
  }
  walk.open.delete(dir);
  walk.done.add(dir);
}

/** Checks one link and walks the folder it points to; throws the one line that refuses it. */
function followLink(shown: string, full: string, walk: Walk): void {
  const target = readlinkSync(full);
  const refuse = (why: string, fix = 'Remove the link.') =>
    new ConfigError(`${shown} is a link to ${target}, ${why}: ${RULE}. ${fix}`);
  // What links were refused for first: their words stay.
  const plain = (why: string) =>
    new ConfigError(
      `${shown} is a link to ${target}, ${why}: public/ and src/ may hold links only to files and folders inside ` +
        'the project. Copy what it points to in, or remove the link.',
    );
  let real: string;
  try {
    real = realpathSync(full);
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'ELOOP' ? refuse('a loop of links') : plain('which does not exist');
  }
  if (!within(real, walk.top)) throw plain('outside the project');
  const lexical = path.resolve(path.dirname(full), target);
  const secret =
    privatePart(walk.top, real) ?? (within(lexical, walk.top) ? privatePart(walk.top, lexical) : undefined);
  if (secret) throw refuse(`which reaches ${secret}`);
  if ([...walk.open].some((dir) => within(dir, real)))
    throw refuse('which loops back to a folder holding it', 'Link to the files themselves, or remove the link.');
  if (walk.outputs.some((o) => within(real, o) || within(o, real))) throw refuse('which reaches the build output');
  if (statSync(real).isDirectory()) walkFolder(shown, real, walk);
}
