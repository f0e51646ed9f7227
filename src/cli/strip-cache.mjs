// Remembers the project's TypeScript files with their types stripped, so a command pays Node's
// type stripping once per edit rather than once per run. Node 22 strips every .ts file it loads
// at every start (its compile cache does not cover this), and that stripping was about half of a
// build's start: importing the build took 300-420 ms wall and 0.52-0.68 CPU-s, 130-150 ms and
// 0.21-0.24 CPU-s with this cache (bench/README.md). Plain JavaScript, loaded with
// `node --import ./src/cli/node-guard.mjs`, which imports it once Node is new enough.
//
// What is cached is exactly what Node would run: `stripTypeScriptTypes` in its 'strip' mode, the
// one Node uses, which blanks types in place so every line and column (and so every stack trace)
// stays where it is. An entry is keyed by the file's path and checked against a digest of its
// bytes and the Node version, so an edited file, or another Node, is stripped afresh. Files
// outside the project's src/ and bench/, or not its own ES modules, go Node's usual way, as does
// any file the stripper refuses, so Node's own error reaches the user.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const VERSION = `1 ${process.version}`;

/** Strips a source's types as Node would, without Node's one-time "experimental" warning. */
function strip(source) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return module.stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Keeps an entry; a cache that cannot be written (a read-only install) only costs the saving. */
function remember(folder, file, text) {
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch {
    // The next run strips the file again.
  }
}

/**
 * A cache in `folder` of the .ts files under `own` (folders' absolute paths): its function gives
 * the stripped source of a file's URL, from the cache when the file's bytes are those it was
 * stripped from, and undefined when Node should load the file itself.
 * @param {string} folder
 * @param {string[]} own
 * @returns {(url: string) => string | undefined}
 */
export function stripCache(folder, own) {
  const prefixes = own.map((dir) => pathToFileURL(path.join(dir, path.sep)).href);
  return (url) => {
    if (!url.endsWith('.ts') || !prefixes.some((prefix) => url.startsWith(prefix))) return undefined;
    let source;
    try {
      source = readFileSync(new URL(url), 'utf8');
    } catch {
      return undefined;
    }
    const stamp = `// ${createHash('sha1').update(VERSION).update(source).digest('hex')}\n`;
    const file = path.join(folder, `${createHash('sha1').update(url).digest('hex')}.js`);
    try {
      const entry = readFileSync(file, 'utf8');
      if (entry.startsWith(stamp)) return entry.slice(stamp.length);
    } catch {
      // Not cached yet.
    }
    let code;
    try {
      code = strip(source);
    } catch {
      return undefined;
    }
    remember(folder, file, stamp + code);
    return code;
  };
}

/** Loads the project's own .ts files through the cache in node_modules/.cache (where Node has the hooks). */
export function registerStripCache() {
  if (typeof module.registerHooks !== 'function' || typeof module.stripTypeScriptTypes !== 'function') return;
  const stripped = stripCache(path.join(root, 'node_modules/.cache/campus-api-static/stripped'), [
    path.join(root, 'src'),
    path.join(root, 'bench'),
  ]);
  module.registerHooks({
    load(url, context, nextLoad) {
      const code = stripped(url);
      if (code === undefined) return nextLoad(url, context);
      return { format: 'module', source: code, shortCircuit: true };
    },
  });
}
