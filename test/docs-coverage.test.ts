// The README documents every option of every CLI and every environment variable the code
// reads; these fail when one is added without its line in the docs (as Datasette's do).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands.ts';
import { SETTINGS } from '../src/config/settings.ts';
import { ROOT } from './helpers/build.ts';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The text of the README's `## <title>` section, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}`);
  expect(start, `README has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Where each CLI is documented: the benchmark in its own section, the rest under Scripts. */
const home = (name: string) => (name === 'bench' ? 'Benchmark' : 'Scripts');

describe('the README', () => {
  it.each(COMMANDS.flatMap((c) => Object.keys(c.options).map((o) => [c.name, o] as const)))('documents %s --%s in its section', (name, option) => {
    const text = section(home(name));
    expect(text).toContain(name === 'start' ? 'npm start' : `npm run ${name}`);
    expect(text).toContain(`--${option}`);
  });

  it.each(Object.keys(SETTINGS))('lists %s under Settings', (name) => {
    expect(section('Settings')).toContain(`\`${name}\``);
  });

  it('names every environment variable the code reads among the settings', () => {
    const files = ['astro.config.mjs'];
    for (const dir of ['src', 'bench', 'test']) {
      for (const f of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) if (/\.(ts|mjs)$/.test(f)) files.push(path.join(dir, f));
    }
    const read = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/process\.env\.([A-Z_]+)\b(?!\s*=[^=])/g)) read.add(m[1]!);
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !(name in SETTINGS))).toEqual([]);
  });
});
