// The specification's method directory (its table 4.3, copied verbatim into
// test/fixtures/spec-directory-table.md) is the one place that holds its 35 rows: data/methods.csv
// must keep every one of them, in order, as the table gives them. Every other suite takes the
// directory from the data (test/helpers/directory.ts), so a data set's new method row after
// these needs no test changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';

/** The specification's table 4.3. */
function specTable() {
  const text = readFileSync(path.join(ROOT, 'test/fixtures/spec-directory-table.md'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, p, service, params] = line
        .split('|')
        .slice(1, 5)
        .map((s) => s.trim());
      const [, name, sid] = /^(\w+) \((\d+)\)$/.exec(service!)!;
      return {
        methodId: Number(id),
        path: p!,
        serviceName: name!,
        serviceId: Number(sid),
        parameters: params!.split(', '),
      };
    });
}

describe('data/methods.csv against the specification', () => {
  it('holds the 35 methods of table 4.3 first, in order, with their paths, services and parameters', () => {
    const table = specTable();
    expect(table).toHaveLength(35);
    const rows = DIRECTORY.slice(0, table.length).map((m) => ({
      methodId: m.methodId,
      path: m.path,
      serviceName: m.serviceName,
      serviceId: m.serviceId,
      parameters: m.parameters,
    }));
    expect(rows).toEqual(table);
  });

  it('adds no method under an ID or path of the specification', () => {
    const table = specTable();
    const added = DIRECTORY.slice(table.length);
    expect(added.filter((m) => table.some((t) => t.methodId === m.methodId || t.path === m.path))).toEqual([]);
  });
});
