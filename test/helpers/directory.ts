// The method directory as the data holds it (data/methods.csv), for the suites that count or list
// methods: they follow the data, so a new row needs no test changed. The specification's own 35
// rows are held by one suite alone (test/unit/spec-directory.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readDirectory } from '../../src/core/datasets/directory.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { concretePath, type MethodEntry } from '../../src/core/records/method-entry.ts';
import { ROOT } from './build.ts';

/** The directory of a data folder (data/ by default); throws on an error in it. */
export function directoryOf(dataDir = path.join(ROOT, 'data')): MethodEntry[] {
  const findings = new Findings();
  const entries = readDirectory(
    readFileSync(path.join(dataDir, 'methods.csv')),
    'methods.csv',
    Object.keys(DATASETS),
    findings,
  );
  const errors = findings.list.filter((f) => f.severity === 'error');
  if (errors.length > 0)
    throw new Error(`methods.csv: ${errors.map((f) => `${f.line}:${f.column} ${f.message}`).join('; ')}`);
  return entries;
}

/** The methods of data/methods.csv, in file order. */
export const DIRECTORY: readonly MethodEntry[] = directoryOf();

/** The methods whose path has no placeholder but {format}: each has a file in every build. */
export const FIXED: readonly MethodEntry[] = DIRECTORY.filter((m) => concretePath(m, 'json') !== undefined);

/** The services of the directory in the order the listing of services (1081) gives them: by first appearance. */
export const SERVICES: readonly { id: number; name: string; methods: number[] }[] = (() => {
  const out: { id: number; name: string; methods: number[] }[] = [];
  for (const m of DIRECTORY) {
    const service = out.find((s) => s.id === m.serviceId);
    if (service) service.methods.push(m.methodId);
    else out.push({ id: m.serviceId, name: m.serviceName, methods: [m.methodId] });
  }
  return out;
})();
