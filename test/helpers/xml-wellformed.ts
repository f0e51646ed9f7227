// Whether bytes are well-formed XML documents, by a real XML parser: expat, through Python's
// standard library (xmllint is not on every machine; fast-xml-parser's validator and sax let
// characters XML cannot hold, such as U+0001 or U+FFFE, through). One process for many documents.
import { execFile } from 'node:child_process';
import { PYTHON } from './python.ts';

const EXPAT = [
  'import sys, base64, xml.parsers.expat as E',
  'for line in sys.stdin:',
  '    p = E.ParserCreate()',
  '    try:',
  '        p.Parse(base64.b64decode(line), True)',
  '        print("")',
  '    except E.ExpatError as e:',
  '        print(e)',
].join('\n');

/** For each document, undefined when it is well-formed XML, else expat's message (what, line, column). */
export function xmlProblems(docs: readonly (string | Uint8Array)[]): Promise<(string | undefined)[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(PYTHON, ['-c', EXPAT], (error, stdout) => {
      if (error) reject(error);
      else
        resolve(
          stdout
            .split('\n')
            .slice(0, docs.length)
            .map((line) => line || undefined),
        );
    });
    child.stdin!.end(docs.map((d) => `${Buffer.from(d).toString('base64')}\n`).join(''));
  });
}

/** Undefined when `xml` is well-formed XML; else expat's message. */
export async function xmlProblem(xml: string | Uint8Array): Promise<string | undefined> {
  return (await xmlProblems([xml]))[0];
}
