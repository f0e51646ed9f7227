// Adds a data set to src/core/datasets/registry.ts as a person does (its import after the other
// readers' imports, its name at the end of LIST), finding both by parsing the file, not by its
// line breaks or spacing: `npm run format` may reflow the file and this still finds them.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from '../astro-check/node_modules/typescript/lib/typescript.js';
import { ROOT } from './build.ts';

// The project's own TypeScript (7) has no JavaScript compiler API; astro check's TypeScript 6 (test/astro-check) has.
const ts: typeof TS = createRequire(path.join(ROOT, 'test/astro-check/package.json'))('typescript');

/** The name a reader is imported as: `exam-schedule` → `examSchedule`. */
export const importName = (dataset: string) => dataset.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The registry's source with the data set `dataset` (its reader `sets/<dataset>.ts`) added. */
export function addToRegistry(source: string, dataset: string): string {
  const file = ts.createSourceFile('registry.ts', source, ts.ScriptTarget.Latest, true);
  const readers = file.statements.filter(
    (s): s is TS.ImportDeclaration =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text.startsWith('./sets/'),
  );
  const lastImport = readers.at(-1);
  if (!lastImport) throw new Error('registry.ts imports no reader from ./sets/');
  const list = listLiteral(file);
  const name = importName(dataset);
  const element = elementInsert(source, list, name);
  const line = `\nimport { dataset as ${name} } from './sets/${dataset}.ts';`;
  // The later edit first, so the earlier position stays right.
  const withElement = source.slice(0, element.at) + element.text + source.slice(element.at);
  return withElement.slice(0, lastImport.end) + line + withElement.slice(lastImport.end);
}

/** The array literal LIST is set to. */
function listLiteral(file: TS.SourceFile): TS.ArrayLiteralExpression {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (
        ts.isIdentifier(d.name) &&
        d.name.text === 'LIST' &&
        d.initializer &&
        ts.isArrayLiteralExpression(d.initializer)
      )
        return d.initializer;
  }
  throw new Error('registry.ts has no `const LIST = [...]`');
}

/**
 * Where the new name goes and what is written there: after the last element (and its comma), on a
 * line of its own when the last element has one, else after a comma and a space.
 */
function elementInsert(source: string, list: TS.ArrayLiteralExpression, name: string) {
  const last = list.elements.at(-1);
  if (!last) return { at: list.elements.pos, text: name };
  const lineStart = source.lastIndexOf('\n', last.getStart()) + 1;
  const indent = source.slice(lineStart, last.getStart());
  const ownLine = /^\s*$/.test(indent);
  if (list.elements.hasTrailingComma) {
    const at = source.indexOf(',', last.end) + 1;
    return { at, text: ownLine ? `\n${indent}${name},` : ` ${name},` };
  }
  return { at: last.end, text: ownLine ? `,\n${indent}${name}` : `, ${name}` };
}
