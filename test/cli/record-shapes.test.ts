// Record descriptions with nested records, booleans and numbers: the XML renderer against the
// xmlbuilder2 oracle, the schemas on real values, how a feed maps records onto files, and the
// JSON reader's positions.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '../../src/core/datasets/dataset.ts';
import { methodFiles } from '../../src/core/datasets/method-files.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { parseJsonFile, plainJson } from '../../src/core/read/json-tree.ts';
import { envelope } from '../../src/core/records/envelope.ts';
import type { MethodEntry, PublishedMethod } from '../../src/core/records/method-entry.ts';
import { type PublishedRecord, type RecordSpec, recordProblem } from '../../src/core/records/record-spec.ts';
import { envelopeSchema } from '../../src/core/render/schemas/json-schema.ts';
import { envelopeXsd } from '../../src/core/render/schemas/xsd.ts';
import { renderXml } from '../../src/core/render/xml.ts';
import { removeDir, tempDir } from '../helpers/build.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';
import { renderXmlDocument } from '../helpers/xml-oracle.ts';

/** A building as the buildings data set will publish it: numbers, a string list, a list of nested records. */
const building: RecordSpec = {
  name: 'building',
  title: 'Building',
  fields: [
    { name: 'building_code', type: 'string', nullable: true, description: 'code' },
    { name: 'alternate_names', type: 'string-list', nullable: true, description: 'other names' },
    { name: 'latitude', type: 'number', nullable: true, description: 'latitude' },
    { name: 'current', type: 'boolean', nullable: false, description: 'in use' },
    {
      name: 'building_sections',
      type: 'record-list',
      nullable: true,
      description: 'parts',
      fields: [
        { name: 'section_name', type: 'string', nullable: true, description: 'name' },
        {
          name: 'location',
          type: 'object',
          nullable: true,
          description: 'where',
          fields: [{ name: 'longitude', type: 'number', nullable: true, description: 'longitude' }],
        },
      ],
    },
  ],
};
const MC: PublishedRecord = {
  building_code: 'MC',
  alternate_names: ['Math & Computer', 'M3'],
  latitude: 43.47207511,
  current: true,
  building_sections: [
    { section_name: 'MC <north>', location: { longitude: -80.5397063758774 } },
    { section_name: '', location: null },
  ],
};

describe('the XML renderer with nested records', () => {
  const text = fc.string({
    unit: fc.oneof(
      fc.constantFrom('<', '&', '&amp;', ']]>', '"', '😀', '\n'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 12,
  });
  const scalar = fc.oneof(
    text,
    fc.constant(null),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    fc.boolean(),
  );
  const nested = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.array(text, { maxLength: 3 }),
      tie('record'),
      fc.array(tie('record'), { maxLength: 3 }),
    ),
    record: fc.dictionary(fc.constantFrom('a', 'b_c', 'item', 'meta', 'x1'), tie('value'), { maxKeys: 4 }),
  }));

  it('gives exactly the text of the xmlbuilder2 document, for lists and single records', () => {
    fc.assert(
      fc.property(fc.array(nested.record, { maxLength: 4 }), fc.boolean(), (records, single) => {
        const data = (single && records[0] ? records[0] : records) as PublishedRecord[] | PublishedRecord;
        const doc = envelope(1217, 1700000000, data);
        expect(renderXml(doc)).toBe(renderXmlDocument(doc));
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});

describe('schemas of a nested record description', () => {
  let work: string;
  beforeAll(async () => (work = await tempDir()));
  afterAll(() => removeDir(work));
  const run = promisify(execFile);
  const method = (shape: 'array' | 'object'): PublishedMethod => ({
    entry: {
      methodId: 1217,
      path: '/buildings/{building}.{format}',
      serviceId: 257,
      serviceName: 'buildings',
      parameters: ['building', 'format'],
      line: 1,
    },
    record: building,
    shape,
    files: [],
    live: false,
  });

  it.each(['array', 'object'] as const)(
    'validate a real %s in JSON (ajv) and XML (xmllint), and refuse a broken one',
    async (shape) => {
      const doc = envelope(1217, 1700000000, shape === 'object' ? MC : [MC, { ...MC, building_sections: [] }]);
      const validate = new Ajv2020({ strict: true }).compile(envelopeSchema(method(shape), 'https://x.test/s.json'));
      expect(validate(JSON.parse(JSON.stringify(doc))), JSON.stringify(validate.errors)).toBe(true);
      const broken = structuredClone(doc) as { data: any };
      (shape === 'object' ? broken.data : broken.data[0]).building_sections[0].location.longitude = 'west';
      expect(validate(broken)).toBe(false);

      const xsd = path.join(work, `${shape}.xsd`);
      await writeFile(xsd, envelopeXsd(method(shape)));
      const xml = renderXml(doc);
      expect(xmlValue(parseXml(xml).response, JSON.parse(JSON.stringify(doc)))).toEqual(
        JSON.parse(JSON.stringify(doc)),
      );
      const lint = async (body: string) => {
        const f = path.join(work, `${shape}-${Math.random()}.xml`);
        await writeFile(f, body);
        return run('xmllint', ['--noout', '--schema', xsd, f]).then(
          () => true,
          () => false,
        );
      };
      expect(await lint(xml)).toBe(true);
      expect(await lint(xml.replace('<current>true</current>', '<current>yes</current>'))).toBe(false);
      expect(await lint(xml.replace('<longitude>-80.5397063758774</longitude>', '<longitude>west</longitude>'))).toBe(
        false,
      );
    },
  );

  it('finds what does not fit: a wrong type deep inside, a missing field, a null where none may be', () => {
    expect(recordProblem(MC, building.fields)).toBeUndefined();
    expect(
      recordProblem(
        { ...MC, building_sections: [{ section_name: 'x', location: { longitude: '1' } }] },
        building.fields,
      ),
    ).toMatch(/building_sections\[0\]\.location\.longitude should be a finite number/);
    expect(recordProblem({ ...MC, current: null }, building.fields)).toMatch(/current is null but may not be/);
    const { latitude: _, ...rest } = MC;
    expect(recordProblem(rest, building.fields)).toMatch(/has the fields/);
  });
});

describe('how a feed maps records onto files', () => {
  const entry = (id: number, p: string): MethodEntry => ({
    methodId: id,
    path: p,
    serviceId: 1,
    serviceName: 's',
    parameters: [],
    line: 4,
  });
  const directory = [entry(1213, '/buildings/list.{format}'), entry(1217, '/buildings/{building}.{format}')];
  const records = ['MC', 'DC', 'MC', 'bad/one', 'list'].map((code, i) => ({
    values: { ...MC, building_code: code },
    at: { file: 'b.csv', line: i + 2, column: 1 },
    fileKey: 'b',
  }));
  const feed = (data: 'array' | 'object'): Feed => ({
    record: building,
    data,
    records: () => records,
    params: (r) => [String(r.values.building_code)],
  });

  it(
    'writes one file per value, reporting a value that cannot be a path segment, a clash with a fixed path, ' +
      'and a repeat',
    () => {
      const findings = new Findings();
      const files = methodFiles(
        directory[1]!,
        feed('object'),
        records,
        directory,
        { file: 'methods.csv', line: 4, column: 1 },
        findings,
      );
      expect(files.map((f) => f.params)).toEqual([['MC'], ['DC']]);
      expect(findings.list.map((f) => `${f.line} ${f.rule}`)).toEqual([
        '4 duplicate-key',
        '5 path-value',
        '6 path-value',
      ]);
    },
  );

  it('groups the records of each value into a list when the data is an array', () => {
    const files = methodFiles(directory[1]!, feed('array'), records.slice(0, 3), directory, {
      file: 'm',
      line: 1,
      column: 1,
    });
    expect(files.map((f) => [f.params[0], (f.data as unknown[]).length])).toEqual([
      ['MC', 2],
      ['DC', 1],
    ]);
  });
});

describe('the JSON reader', () => {
  const read = (text: string) => {
    const findings = new Findings();
    const tree = parseJsonFile(new TextEncoder().encode(text), 'w.json', findings);
    return { tree, findings: findings.list.map((f) => `${f.line}:${f.column} ${f.severity} ${f.rule}`) };
  };

  it('gives every value its line and column', () => {
    const { tree, findings } = read(
      '{\n  "20": { "vendor_name": "A", "latitude": 43.5 },\n  "23": { "vendor_id": null }\n}\n',
    );
    expect(findings).toEqual([]);
    expect(plainJson(tree!)).toEqual({ '20': { vendor_name: 'A', latitude: 43.5 }, '23': { vendor_id: null } });
    if (tree?.kind !== 'object') throw new Error('an object');
    expect(
      tree.members.map((m) => `${m.key} ${m.keyAt.line}:${m.keyAt.column} ${m.value.at.line}:${m.value.at.column}`),
    ).toEqual(['20 2:3 2:9', '23 3:3 3:9']);
  });

  it.each([
    ['a repeated member', '{"a": 1,\n "a": 2}', ['2:2 error duplicate-member']],
    ['a trailing comma', '{"a": 1,\n}', ['2:1 error json-syntax']],
    ['a comment', '// x\n{}', ['1:1 error json-syntax']],
    ['nothing', '', ['1:1 error json-syntax']],
  ])('reports %s at its place', (_, text, expected) => {
    expect(read(text).findings).toEqual(expected);
  });
});
