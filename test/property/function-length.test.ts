// Short functions (issue 34): no function in src/ spans more than 60 lines, from its first line to its last, comments
// and blank lines included (Biome's noExcessiveLinesPerFunction, in `npm run lint`, counts code lines only).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as TS from '../astro-check/node_modules/typescript/lib/typescript.js';
import { ROOT } from '../helpers/build.ts';

// The project's own TypeScript (7) has no JavaScript compiler API; astro check's TypeScript 6 (test/astro-check) has.
const ts: typeof TS = createRequire(path.join(ROOT, 'test/astro-check/package.json'))('typescript');

/** The most lines a function may span. */
const MOST = 60;

/** A function's name: its own, or that of the variable or property it is the value of; else none. */
function nameOf(node: TS.Node): string | undefined {
  const named = (n: TS.Node) =>
    'name' in n && n.name && ts.isIdentifier(n.name as TS.Node) ? (n.name as TS.Identifier).text : undefined;
  return (
    named(node) ??
    (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? named(node.parent) : undefined)
  );
}

/** Every function of a source file (declarations, expressions, arrows, methods, accessors) with its lines. */
function functionSpans(file: string, text: string): { at: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const out: { at: string; lines: number }[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = line(node.getStart(source));
      out.push({ at: `${file}:${nameOf(node) ?? first}`, lines: line(node.getEnd()) - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The TypeScript and JavaScript sources under src/, by their path from the project. */
function sources(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.posix.join('src', f.split(path.sep).join('/')));
}

describe('functions in src/', () => {
  const spans = sources().flatMap((f) => functionSpans(f, readFileSync(path.join(ROOT, f), 'utf8')));

  it(`span at most ${MOST} lines each`, () => {
    expect(spans.length).toBeGreaterThan(500); // the walk found the functions
    const long = spans.filter((s) => s.lines > MOST).map((s) => `${s.at} (${s.lines} lines)`);
    expect(long).toEqual([]);
  });
});
