import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { EPOCH, ROOT, readTree } from '../helpers/build.ts';
import { plainCsvRows } from '../helpers/datasets.ts';
import { DIRECTORY, FIXED } from '../helpers/directory.ts';
import { BASED_SITE_URL, basedSite } from '../helpers/sites.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';
import { renderXmlDocument } from '../helpers/xml-oracle.ts';

const FIELDS = [
  'id',
  'employer',
  'date',
  'start_time',
  'end_time',
  'location',
  'website',
  'audience',
  'programs',
  'description',
];
let files: Map<string, Buffer>;

// The shared build for a SITE_URL with a path (read-only).
beforeAll(async () => {
  files = await readTree(basedSite());
});

const json = (p: string) => JSON.parse(files.get(p)!.toString('utf8'));
const xml = (p: string) => parseXml(files.get(p)!.toString('utf8')).response;

describe('the method listing (1103)', () => {
  it(
    'is at v2/api/methods.json and .xml; v2/ holds a file at every fixed path of the directory, in both formats, ' +
      'and the descriptions',
    () => {
      const paths = (json('v2/api/methods.json').data as { method_url: string }[]).map((m) =>
        m.method_url.replace(BASED_SITE_URL, ''),
      );
      const fixed = paths.filter((p) => !p.replace('{format}', '').includes('{'));
      expect(fixed).toEqual(FIXED.map((m) => `v2${m.path}`));
      const expected = fixed.flatMap((p) => ['json', 'xml'].map((f) => p.replace('{format}', f)));
      // Every other file stands at a path with placeholders (/courses/CS.json): a data set's records, walked
      // by directory-walk.test.ts.
      const placeholders = paths
        .filter((p) => !fixed.includes(p))
        .map((p) => new RegExp(`^${p.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`));
      const api = [...files.keys()].filter(
        (f) => f.startsWith('v2/') && !f.startsWith('v2/schemas/') && f !== 'v2/openapi.json',
      );
      expect(api.filter((f) => expected.includes(f)).sort()).toEqual(expected.sort());
      expect(api.filter((f) => !expected.includes(f) && !placeholders.some((r) => r.test(f)))).toEqual([]);
      expect(files.has('v2/api/methods.json') && files.has('v2/schemas/infosessions.xsd')).toBe(true);
    },
  );

  it(
    "lists exactly the methods of data/methods.csv, in order (the specification's rows: " + 'spec-directory.test.ts)',
    () => {
      expect(json('v2/api/methods.json').data).toEqual(
        DIRECTORY.map((m) => ({
          method_id: m.methodId,
          method_url: `${BASED_SITE_URL}v2${m.path}`,
          service_id: m.serviceId,
          service_name: m.serviceName,
          parameters: m.parameters,
          // Provenance, added to the specification's fields: the data set methods.csv names, and its upstream as the
          // data portal shows it (the reader's `source`).
          data_set: m.source ?? null,
          data_source: (m.source && DATASETS[m.source]?.source) || null,
        })),
      );
    },
  );
});

describe('the information-session listing (1129)', () => {
  it('holds every row of every data file, files in name order, each field the cell as written', async () => {
    const expected: Record<string, string>[] = [];
    for (const name of ['1139', '1141', '1145', '1151']) {
      expected.push(...(await plainCsvRows(path.join(ROOT, `data/infosessions/${name}.csv`))));
    }
    const data = json('v2/resources/infosessions.json').data;
    expect(data.length).toBe(363);
    expect(data).toEqual(expected);
    for (const record of data) {
      expect(Object.keys(record)).toEqual(FIELDS);
      for (const v of Object.values(record)) expect(typeof v).toBe('string');
    }
  });
});

describe.each([
  ['v2/api/methods', 1103],
  ['v2/resources/infosessions', 1129],
])('%s', (base, methodId) => {
  it('carries the envelope in JSON', () => {
    expect(json(`${base}.json`).meta).toEqual({
      requests: 0,
      timestamp: EPOCH,
      status: 200,
      message: 'Request successful',
      method_id: methodId,
      version: 2.1,
      method: {},
    });
  });

  it('says the same in XML, record for record, read back with a parser', () => {
    const doc = json(`${base}.json`);
    const root = xml(`${base}.xml`);
    expect(xmlValue(root.meta, doc.meta)).toEqual(doc.meta);
    const items = root.data.item;
    expect(items).toHaveLength(doc.data.length);
    doc.data.forEach((record: Record<string, unknown>, i: number) => {
      expect(xmlValue(items[i], record)).toEqual(record);
    });
  });

  it('writes XML in the documented shape', () => {
    const text = files.get(`${base}.xml`)!.toString('utf8');
    expect(
      text.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<response xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n ' +
          ' <meta>\n    <requests>0</requests>',
      ),
    ).toBe(true);
    expect(text).toContain('<method/>');
  });

  it('is byte for byte the document xmlbuilder2 builds from the same envelope', () => {
    expect(files.get(`${base}.xml`)!.toString('utf8')).toBe(renderXmlDocument(json(`${base}.json`)));
  });
});

it('keeps API files under dist/v2 whatever path SITE_URL has', () => {
  expect(files.has('v2/api/methods.json')).toBe(true);
  expect([...files.keys()].some((f) => f.startsWith('campus-api/'))).toBe(false);
});
