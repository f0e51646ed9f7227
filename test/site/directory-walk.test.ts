// One walk over every row of the directory in both formats (as Datasette's tests walk every
// endpoint): a fixed path has a file whose envelope carries the row's method ID; every file a
// method publishes validates against its JSON Schema (ajv) and its XSD (xmllint); JSON and XML
// agree record for record.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../src/core/site/api-routes.ts';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { ROOT, readTree } from '../helpers/build.ts';
import { rootSite } from '../helpers/sites.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';

const run = promisify(execFile);
const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;
const schemaName = (p: string) =>
  p.replace('.{format}', '').includes('{')
    ? p.replace('.{format}', '').slice(1).replace(/[{}]/g, '').split('/').join('-')
    : /([^/]+)\.\{format\}$/.exec(p)![1]!;

let files: Map<string, Buffer>;
/** The API files of each method, by method ID (found by routing every file under v2/ as npm start does). */
const byMethod = new Map<number, string[]>();

beforeAll(async () => {
  files = await readTree(rootSite(), 'v2'); // the shared build (read-only)
  const route = createApiRouter(directory);
  for (const f of files.keys()) {
    if (!f.startsWith('v2/') || f.startsWith('v2/schemas/') || f === 'v2/openapi.json') continue;
    const entry = route(`/${f}`)?.entry;
    expect(entry, `${f} belongs to a method`).toBeDefined();
    byMethod.set(entry!.methodId, [...(byMethod.get(entry!.methodId) ?? []), f]);
  }
});

const text = (f: string) => files.get(f)!.toString('utf8');

describe.each(directory.map((e) => [e.methodId, e] as const))('method %i', (id, entry) => {
  const fixed = !entry.path.replace('.{format}', '').includes('{');

  it.each(['json', 'xml'] as const)(
    'has its %s file at a fixed path, carrying its method ID (or none with placeholders and no data)',
    (format) => {
      const own = (byMethod.get(id) ?? []).filter((f) => f.endsWith(`.${format}`));
      if (fixed) {
        const f = `v2${entry.path.replace('{format}', format)}`;
        expect(own).toEqual([f]);
        const meta = format === 'json' ? JSON.parse(text(f)).meta : parseXml(text(f)).response.meta;
        expect(Number(meta.method_id)).toBe(id);
        expect([200, 204]).toContain(Number(meta.status));
      } else {
        for (const f of own) expect(Number(JSON.parse(text(f.replace(/\.xml$/, '.json'))).meta.method_id)).toBe(id);
      }
    },
  );

  it('validates every file against its JSON Schema and XSD; JSON and XML agree record for record', async () => {
    const own = byMethod.get(id) ?? [];
    if (own.length === 0) return;
    const name = schemaName(entry.path);
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(
      JSON.parse(text(`v2/schemas/${name}.schema.json`)),
    );
    for (const f of own.filter((x) => x.endsWith('.json'))) {
      const doc = JSON.parse(text(f));
      expect(validate(doc), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const xml = parseXml(text(f.replace(/\.json$/, '.xml'))).response;
      expect(xmlValue(xml, doc), f).toEqual(doc);
      if (doc.meta.status === 204) expect(doc.data).toEqual([]);
    }
    const xmls = own.filter((x) => x.endsWith('.xml')).map((x) => rootSite(x));
    const xsd = rootSite(`v2/schemas/${name}.xsd`);
    const result = await run('xmllint', ['--noout', '--schema', xsd, ...xmls]).then(
      () => ({ ok: true, out: '' }),
      (e: { stderr: string }) => ({ ok: false, out: e.stderr }),
    );
    expect(result.ok, result.out).toBe(true);
  });
});

describe('what the walk stands on', () => {
  it('finds the published data and the no-data answers where the directory says', async () => {
    const meta = (f: string) => JSON.parse(text(f)).meta;
    expect(meta('v2/resources/academics/groups.json').status).toBe(200);
    expect(meta('v2/resources/printers.json')).toMatchObject({ status: 204, method_id: 1123 });
    expect(meta('v2/resources/printers.json').message).toMatch(/^No data returned: the data owner withdrew/);
    expect(meta('v2/api/usage.json')).toMatchObject({ status: 204, method_id: 1097 });
    expect(meta('v2/foodservices/diets.json').message).toBe(
      'No data returned: method 1321 is listed in the directory, but no data set is published for it.',
    );
  });

  it('fails on a file that breaks its schema, so the walk can fail', async () => {
    const validate = new Ajv2020({ strict: true }).compile(JSON.parse(text('v2/schemas/services.schema.json')));
    const doc = JSON.parse(text('v2/api/services.json'));
    expect(validate(doc)).toBe(true);
    doc.data[0].methods[0].method_url = 7;
    expect(validate(doc)).toBe(false);
    const xml = parseXml(
      text('v2/api/services.xml').replace(
        '<method_url>/services.{format}</method_url>',
        '<method_url>/other</method_url>',
      ),
    ).response;
    expect(xmlValue(xml, JSON.parse(text('v2/api/services.json')))).not.toEqual(
      JSON.parse(text('v2/api/services.json')),
    );
    expect(await readFile(rootSite('v2/schemas/services.xsd'), 'utf8')).toContain(
      '<xs:element name="methods" nillable="true">',
    );
  });
});
