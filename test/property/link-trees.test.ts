// A property of the build's look at links (src/load/project-links.ts), over random link trees in public/: depth up to
// 4, links in and out of the project, to its secrets, back up, and to each other. Either it refuses the tree in one
// line, or what a copy of public/ that follows links (as Astro's does) would publish is only files inside the
// project, outside .git/, .env* and node_modules/. The copy is walked here on its own, not by the code under test.
import { mkdirSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/read/findings.ts';
import { checkProjectLinks } from '../../src/load/project-links.ts';
import { removeDir, tempDir } from '../helpers/build.ts';

/** An entry of a generated tree: a folder, a file, or a link. */
type Node = { dir: Record<string, Node> } | { file: string } | { link: string };

/** Names in a tree: few, so links to siblings (`a`, `../b`) often meet something. */
const NAME = fc.constantFrom('a', 'b', 'c');

/** Where a link may point: relative (in, up, to secrets, to siblings), absolute (outside), or nowhere. */
const target = (outside: string) =>
  fc.oneof(
    fc.constantFrom('.', '..', '../..', '../../..', 'a', 'b', '../a', '../b/c', 'a/b', 'missing'),
    fc.constantFrom('../lib', '../../lib', '../lib/sub/b.txt', '../.git', '../.git/config', '../../.git'),
    fc.constantFrom('../.env', '../../.env.local', '../node_modules/pkg', '../../node_modules'),
    fc.constantFrom(outside, `${outside}/secret.txt`, '/etc/passwd'),
  );

/** A tree of folders, files and links, at most `depth` folders deep. */
function tree(outside: string, depth: number): fc.Arbitrary<Record<string, Node>> {
  const leaf = fc.oneof(
    fc.record({ file: fc.constant('x') }),
    fc.record({ link: target(outside) }),
  ) as fc.Arbitrary<Node>;
  const node =
    depth <= 1
      ? leaf
      : fc.oneof(
          leaf,
          tree(outside, depth - 1).map((dir): Node => ({ dir })),
        );
  return fc.dictionary(NAME, node, { maxKeys: 3 });
}

/** Writes a generated tree into `dir`. */
function writeTree(dir: string, entries: Record<string, Node>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, node] of Object.entries(entries)) {
    const full = path.join(dir, name);
    if ('dir' in node) writeTree(full, node.dir);
    else if ('file' in node) writeFileSync(full, node.file);
    else symlinkSync(node.link, full);
  }
}

/** Whether a real path is outside the project, or in its .git/, node_modules/ or a .env* file. */
function leaks(root: string, real: string): boolean {
  const parts = path.relative(root, real).split(path.sep);
  return parts[0] === '..' || parts.some((p) => p === '.git' || p === 'node_modules' || p.startsWith('.env'));
}

/**
 * What copying `dir` below `root` following links would publish: each file's real path, or why the copy cannot end or
 * fails. A folder that leaks (outside the project, or private) stands for all it holds: it is not walked.
 */
function followingCopy(root: string, dir: string): { files: string[] } | { fails: string } {
  const files: string[] = [];
  const stack: string[] = [];
  const copy = (folder: string): string | undefined => {
    const real = realpathSync(folder);
    if (leaks(root, real)) return void files.push(real);
    if (stack.includes(real)) return `${folder} is inside itself`;
    stack.push(real);
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      let info: ReturnType<typeof statSync>;
      try {
        info = statSync(full);
      } catch (error) {
        return `${full}: ${(error as NodeJS.ErrnoException).code}`;
      }
      if (info.isDirectory()) {
        const why = copy(full);
        if (why) return why;
      } else files.push(realpathSync(full));
      if (files.length > 10_000) return 'too many files';
    }
    stack.pop();
    return undefined;
  };
  const why = copy(dir);
  return why === undefined ? { files } : { fails: why };
}

describe('random link trees in public/', () => {
  let work: string;
  let root: string;
  let outside: string;
  beforeAll(async () => {
    work = realpathSync(await tempDir('campus-links-'));
    root = path.join(work, 'project');
    outside = path.join(work, 'outside');
    writeTree(outside, { 'secret.txt': { file: 'secret' } });
    writeTree(root, {
      '.git': { dir: { config: { file: '[core]' } } },
      '.env': { file: 'API_KEYS=secret' },
      '.env.local': { file: 'API_KEYS=secret' },
      node_modules: { dir: { pkg: { dir: { 'index.js': { file: '' } } } } },
      lib: { dir: { 'a.txt': { file: 'a' }, sub: { dir: { 'b.txt': { file: 'b' } } } } },
      src: { dir: { 'page.ts': { file: '' } } },
    });
  });
  afterAll(() => removeDir(work));

  it('are refused in one line, or publish only files inside the project outside .git/, .env* and node_modules/', () => {
    let refused = 0;
    let accepted = 0;
    fc.assert(
      fc.property(tree(outside, 4), (entries) => {
        const publicDir = path.join(root, 'public');
        rmSync(publicDir, { recursive: true, force: true });
        writeTree(publicDir, entries);
        const copy = followingCopy(root, publicDir);
        const leaked = 'files' in copy ? copy.files.filter((f) => leaks(root, f)) : [];
        let refusal: string | undefined;
        try {
          checkProjectLinks(root, [path.join(root, 'dist'), path.join(root, '.dist-versions')]);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          refusal = (error as Error).message;
        }
        if (refusal === undefined) {
          accepted++;
          expect(copy).toEqual({ files: expect.any(Array) });
          expect(leaked).toEqual([]);
        } else {
          refused++;
          expect(refusal).not.toContain('\n');
          expect(refusal).toMatch(/^public\/\S+ is a link to \S+, [^\n]+[.]$/);
          // Nothing is refused that a copy would publish safely.
          expect('fails' in copy || leaked.length > 0, `${refusal}\n${JSON.stringify(entries)}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The trees are varied enough to try both outcomes, many times each.
    expect(refused).toBeGreaterThan(30);
    expect(accepted).toBeGreaterThan(30);
  });
});
