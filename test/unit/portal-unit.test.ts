// The data portal's pure parts on small made-up tables: each record's last change time from the feed's entries, the
// Table Schema and the SQLite table a record description gives.
import { describe, expect, it } from 'vitest';
import type { TableSpec } from '../../src/core/datasets/dataset.ts';
import type { ChangeEntry } from '../../src/core/portal/change-feed.ts';
import { recordChangeTimes } from '../../src/core/portal/change-files.ts';
import { sqlTables } from '../../src/core/portal/sqlite-schema.ts';
import { tableSchema } from '../../src/core/portal/table-schema.ts';

const GADGETS: TableSpec = {
  name: 'gadgets',
  key: ['code'],
  record: {
    name: 'gadget',
    title: 'Gadget',
    fields: [
      { name: 'code', type: 'string', nullable: false, description: 'Its code.' },
      { name: 'weight', type: 'number', nullable: true, description: 'Grams.' },
      { name: 'working', type: 'boolean', nullable: false, description: 'Whether it works.' },
      {
        name: 'parts',
        type: 'record-list',
        nullable: false,
        description: 'Its parts.',
        fields: [{ name: 'name', type: 'string', nullable: false, description: 'A part.' }],
      },
    ],
  },
};

/** A commit's entry changing the gadgets table. */
function entry(time: number, change: { added?: string[]; removed?: string[]; changed?: string[] }): ChangeEntry {
  const rec = (code: string) => ({ code, weight: 1, working: true, parts: [] });
  return {
    commit: `c${time}`,
    time,
    message: `at ${time}`,
    tables: [
      {
        dataset: 'gadgets',
        table: 'gadgets',
        download: 'gadgets',
        key: ['code'],
        added: (change.added ?? []).map(rec),
        removed: (change.removed ?? []).map((code) => ({ code })),
        changed: (change.changed ?? []).map((code) => ({ key: { code }, values: { weight: 2 } })),
      },
    ],
  };
}

describe('when each record last changed', () => {
  it('is the newest commit that added or changed it; a record removed since has none', () => {
    const newestFirst = [
      entry(300, { changed: ['A'], removed: ['C'] }),
      entry(200, { changed: ['B', 'C'] }),
      entry(100, { added: ['A', 'B', 'C', 'D'] }),
    ];
    expect(Object.fromEntries(recordChangeTimes(newestFirst, 'gadgets', GADGETS))).toEqual({ A: 300, B: 200, D: 100 });
  });
});

describe('a record description as a Table Schema and an SQLite table', () => {
  it('types each field, requires what may not be null, and keys the table by its natural key', () => {
    const schema = tableSchema(GADGETS) as { fields: { name: string; type: string; constraints: object }[] };
    expect(schema.fields.map((f) => [f.name, f.type, f.constraints])).toEqual([
      ['code', 'string', { required: true }],
      ['weight', 'number', { required: false }],
      ['working', 'boolean', { required: true }],
      ['parts', 'array', { required: true }],
    ]);
    expect(schema).toMatchObject({ primaryKey: ['code'], missingValues: [''] });
    expect(tableSchema({ ...GADGETS, repeats: true })).not.toHaveProperty('primaryKey');
  });

  it('stores a boolean as 0 or 1 and a list of records as JSON text, the key as primary key', () => {
    const rows = [{ code: 'A', weight: null, working: false, parts: [{ name: 'spring' }] }];
    const [table] = sqlTables([{ dataset: 'gadgets', table: GADGETS, name: 'gadget-things', rows }]);
    expect(table!.name).toBe('gadget_things');
    expect(table!.create[0]).toContain('"code" TEXT NOT NULL');
    expect(table!.create[0]).toContain('PRIMARY KEY ("code")');
    expect(table!.rows).toEqual([['A', null, 0, '[{"name":"spring"}]']]);
  });
});
