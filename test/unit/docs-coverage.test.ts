// The docs are split by reader (README.md's map, "## The docs"); these follow each kind of fact
// to the file that documents it, and fail when one is added without its line there (as
// Datasette's do): every npm script, every option of every CLI, every setting and environment
// variable the code reads, every data set, every status the API answers with and every method
// `npm start` answers live, and every document of the map.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { SETTINGS } from '../../src/config/settings.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { STATUS_CODES } from '../../src/core/records/status-codes.ts';
import { ROOT } from '../helpers/build.ts';
import { projectFiles } from '../helpers/project-files.ts';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readme = read('README.md');

/** The text of a `## <title>` section of a Markdown file, up to the next `## `. */
function section(text: string, title: string, file = 'README.md'): string {
  const start = text.indexOf(`\n## ${title}`);
  expect(start, `${file} has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/** The documents README's map links to, by path from the project's root. */
const MAP = [...section(readme, 'The docs').matchAll(/\]\(([^)#]+\.md)\)/g)].map((m) => m[1]!);

/** Where each CLI is documented: the benchmark in its own README (linked from the map), the rest under Scripts. */
const home = (name: string): string => (name === 'bench' ? read('bench/README.md') : section(readme, 'Scripts'));

/** Environment variables only the test suites use, documented in docs/testing.md. */
const TEST_ONLY = /^CAMPUS_TEST_/;

describe('the README and the docs it maps', () => {
  it.each(MAP)('map: %s exists', (doc) => {
    expect(existsSync(path.join(ROOT, doc)), doc).toBe(true);
  });

  it('maps the API, architecture, adding a data set, testing, the benchmark and the data', () => {
    expect(MAP).toEqual(
      expect.arrayContaining([
        'docs/api.md',
        'docs/architecture.md',
        'docs/adding-a-data-set.md',
        'docs/testing.md',
        'bench/README.md',
        'data/README.md',
      ]),
    );
  });

  it('stays a page: at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each(Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>))(
    'documents the npm script %s under Scripts',
    (name) => {
      const shown = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      expect(section(readme, 'Scripts')).toContain(`\`${shown}`);
    },
  );

  it.each(COMMANDS.flatMap((c) => Object.keys(c.options).map((o) => [c.name, o] as const)))(
    'documents %s --%s where the map says',
    (name, option) => {
      const text = home(name);
      expect(text).toContain(name === 'start' ? 'npm start' : `npm run ${name}`);
      expect(text).toContain(`--${option}`);
    },
  );

  it.each(Object.keys(SETTINGS))('lists %s under Settings', (name) => {
    expect(section(readme, 'Settings')).toContain(`\`${name}\``);
  });

  it("names every environment variable the code reads among the settings (the suites' own in docs/testing.md)", () => {
    const files = ['astro.config.mjs'];
    for (const dir of ['src', 'bench', 'test']) files.push(...projectFiles(dir).filter((f) => /\.(ts|mjs)$/.test(f)));
    const names = new Set<string>();
    for (const f of files) {
      for (const m of read(f).matchAll(/process\.env\.([A-Z_]+)\b(?!\s*=[^=])/g)) names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(0);
    expect([...names].filter((name) => !(name in SETTINGS) && !TEST_ONLY.test(name))).toEqual([]);
    const testing = read('docs/testing.md');
    expect([...names].filter((name) => TEST_ONLY.test(name) && !testing.includes(`\`${name}\``))).toEqual([]);
  });

  it.each(
    Object.values(DATASETS)
      .filter((d) => !d.derived)
      .map((d) => d.name),
  )('describes the data set %s in data/README.md', (name) => {
    expect(read('data/README.md')).toContain(`\`${name}/`);
  });

  it.each(STATUS_CODES.filter((s) => s.code >= 400).map((s) => s.code))(
    "says when the API answers %i, in docs/api.md's Errors",
    (code) => {
      expect(section(read('docs/api.md'), 'Errors', 'docs/api.md')).toMatch(new RegExp(`\\b${code}\\b`));
    },
  );

  it.each(
    Object.values(DATASETS).flatMap((d) =>
      Object.entries(d.feeds)
        .filter(([, f]) => f.live)
        .map(([id]) => id),
    ),
  )('says what npm start answers live for method %s, in docs/api.md', (id) => {
    expect(read('docs/api.md')).toContain(`(${id})`);
  });
});
