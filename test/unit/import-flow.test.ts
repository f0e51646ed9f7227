import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';

/**
 * The folders of src/core in the order data flows through them (data/ → read → datasets →
 * records → renderers → dist/), each with the folders it may import. Record descriptions,
 * values and addresses (records/, site/) are the shared vocabulary; nothing imports downstream.
 */
const CORE_FLOW: Record<string, readonly string[]> = {
  read: [], // bytes → text → CSV cells, findings
  records: ['read'], // what is published: record descriptions, envelope, dates and times
  site: ['read', 'records'], // where it is served: paths, SITE_URL, HTTP policy, host config
  // each data set's reader and rules, the directory, the data folder; the place list is checked against the buildings
  datasets: ['read', 'records', 'site', 'buildings'],
  render: ['records', 'site'], // json, xml, schemas, the catalogue: from records, never from rows
  buildings: ['records', 'site'], // campus buildings for people: their pages, the building a location names
  calendar: ['records', 'site', 'render', 'buildings'], // sessions, months and terms, feeds, calendar pages
  // what Astro's pages read, and the parts of them the build fills
  pages: ['records', 'site', 'render', 'buildings', 'calendar', 'portal'],
  review: ['read', 'records', 'datasets'], // pull-request tooling: report formats, --fix, data diff
  portal: ['read', 'records', 'site', 'datasets', 'render', 'review'], // /data/: bulk downloads, package, changes
  browse: ['records', 'site', 'render', 'datasets'], // the data sets' table pages: rows, views, their markup
  exams: ['records', 'site', 'render', 'buildings', 'calendar'], // students' exams: pages' views, feeds, my exams
};

/** What each part of src/ outside the core may not import (folders of src/, or package names). */
const SHELL_FORBIDS: Record<string, readonly string[]> = {
  load: ['pipeline', 'server', 'cli', 'pages', 'core/render', 'core/calendar', 'astro'],
  pipeline: ['server', 'cli', 'pages'],
  server: ['pipeline', 'cli', 'pages', 'load', 'astro'],
};

/** Packages and built-ins src/core may not import: it is pure, with no Astro and no disk. */
const CORE_FORBIDDEN_PACKAGES = /^(astro|@astrojs\/|node:(fs|child_process|http|https|net|os|path|process))/;

/**
 * The build's machinery words (issue 34): the pipeline alone digests what an output is made from and decides what to
 * reuse; the core says what an output is made from, and never how a build reuses it.
 */
const MACHINERY_WORDS = /digest|madeFrom|sharedInput|cutFrom|acrossFiles|MadeFile/i;

/** The core's one hash, a domain value: the CSP's hash of an inline script. */
const CORE_HASHES = ['src/core/site/csp.ts'];

/** Where a core file names the build's machinery or hashes, one message each line. */
function machineryIn(file: string, text: string): string[] {
  if (CORE_HASHES.includes(file)) return [];
  return text
    .split('\n')
    .flatMap((line, i) =>
      MACHINERY_WORDS.test(line) || /['"]node:crypto['"]/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

/** Every import specifier of a source file (static, side-effect and dynamic), with its line. */
function importsOf(text: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g,
  )) {
    out.push({ spec: (m[1] ?? m[2])!, line: text.slice(0, m.index).split('\n').length });
  }
  return out;
}

/** Every .ts and .astro file below src/, relative to the repository's root. */
function sourceFiles(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|astro)$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Where an import lands: `core/<folder>`, another folder of src/, or the package it names. */
function targetOf(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const parts = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).split('/');
  return parts[1] === 'core' ? `core/${parts[2]}` : (parts[1] ?? '');
}

/** The rules a file breaks, one message each. */
function flowViolations(file: string, text: string): string[] {
  const [, area, folder] = file.split('/');
  const out: string[] = [];
  for (const { spec, line } of importsOf(text)) {
    const target = targetOf(file, spec);
    const at = `${file}:${line} imports ${spec}`;
    if (area === 'core') {
      const allowed = [`core/${folder}`, ...(CORE_FLOW[folder!] ?? []).map((f) => `core/${f}`)];
      if (spec.startsWith('.') && !allowed.includes(target))
        out.push(`${at}: core/${folder} may import only ${allowed.join(', ')}`);
      if (CORE_FORBIDDEN_PACKAGES.test(spec)) out.push(`${at}: the core is pure (no Astro, no disk)`);
    } else {
      for (const forbidden of SHELL_FORBIDS[area!] ?? []) {
        if (target === forbidden || target.startsWith(`${forbidden}/`))
          out.push(`${at}: src/${area} may not import ${forbidden}`);
      }
    }
  }
  return out;
}

describe('imports follow the flow data/ → read → datasets → records → renderers → dist/', () => {
  const files = sourceFiles();

  it('finds the sources and their imports', () => {
    expect(files.filter((f) => f.startsWith('src/core/')).length).toBeGreaterThan(40);
    expect(
      importsOf(readFileSync(path.join(ROOT, 'src/core/render/api-files.ts'), 'utf8')).map((i) => i.spec),
    ).toContain('./xml.ts');
  });

  it('keeps every core module in a stage folder', () => {
    const loose = files.filter((f) => f.startsWith('src/core/') && !(f.split('/')[2]! in CORE_FLOW));
    expect(loose).toEqual([]);
  });

  it('breaks no rule of the table', () => {
    expect(files.flatMap((f) => flowViolations(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('leaves digests and reuse to the pipeline: no core file names them or hashes (but the CSP)', () => {
    const core = files.filter((f) => f.startsWith('src/core/'));
    expect(core.flatMap((f) => machineryIn(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
    expect(machineryIn('src/core/site/paths.ts', "import { hash } from 'node:crypto';\n")).toHaveLength(1);
    expect(machineryIn('src/core/render/output.ts', '  /** A digest of its inputs. */\n')).toHaveLength(1);
  });

  it.each([
    ['src/core/render/xml.ts', "import { readCsvRows } from '../datasets/dataset.ts';"],
    ['src/core/render/json.ts', "import { decodeUtf8 } from '../read/decode.ts';"],
    ['src/core/records/envelope.ts', "import { renderJson } from '../render/json.ts';"],
    ['src/core/site/paths.ts', "import { buildSite } from '../../pipeline/build.ts';"],
    ['src/core/calendar/ics.ts', "import { readFileSync } from 'node:fs';"],
    ['src/core/calendar/pages/page-shell.ts', "import { build } from 'astro';"],
    ['src/load/data-fs.ts', "import { buildSite } from '../pipeline/build.ts';"],
    ['src/server/server.ts', "const { build } = await import('astro');"],
  ])('refuses %s importing against the flow: %s', (file, line) => {
    expect(flowViolations(file, `${line}\n`)).toHaveLength(1);
  });
});
