import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';
import { BASED_SITE_URL, basedSite } from '../helpers/sites.ts';

const run = promisify(execFile);
let work: string;
let dist: string;
const read = async (p: string) => JSON.parse(await readFile(path.join(dist, p), 'utf8'));

beforeAll(async () => {
  work = await tempDir();
  dist = basedSite(); // shared, read-only: broken copies go to work
});
afterAll(() => removeDir(work));

const PUBLISHED = [
  ['methods', 'v2/api/methods'],
  ['infosessions', 'v2/resources/infosessions'],
] as const;

/** Validates XML against an XSD with xmllint; returns whether it is valid and what xmllint said. */
async function xmllint(xsd: string, xml: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stderr } = await run('xmllint', ['--noout', '--schema', xsd, xml]);
    return { ok: true, output: stderr };
  } catch (error) {
    return { ok: false, output: (error as { stderr: string }).stderr };
  }
}

describe.each(PUBLISHED)('%s', (name, file) => {
  it('validates against its JSON Schema with ajv, and broken copies do not', async () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const schema = await read(`v2/schemas/${name}.schema.json`);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${BASED_SITE_URL}v2/schemas/${name}.schema.json`);
    const validate = ajv.compile(schema);
    const doc = await read(`${file}.json`);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);

    const field = Object.keys(doc.data[0])[name === 'methods' ? 1 : 1]!;
    const broken = [
      ['a number where a string belongs', (d: any) => (d.data[0][field] = 42)],
      ['a missing field', (d: any) => delete d.data[0][field]],
      ['an extra field', (d: any) => (d.data[0].extra = 'x')],
      ['an extra meta field', (d: any) => (d.meta.extra = 1)],
      ['a version that is a string', (d: any) => (d.meta.version = '2.1')],
      ['another method id', (d: any) => (d.meta.method_id = 1)],
    ] as const;
    for (const [what, breakIt] of broken) {
      const copy = structuredClone(doc);
      breakIt(copy);
      expect(validate(copy), what).toBe(false);
    }
    // null is allowed wherever the specification allows it.
    const nulled = structuredClone(doc);
    nulled.data[0][field] = null;
    expect(validate(nulled), JSON.stringify(validate.errors)).toBe(true);
  });

  it('validates its XML against its XSD with xmllint, and a broken copy does not', async () => {
    const xsd = path.join(dist, `v2/schemas/${name}.xsd`);
    const good = await xmllint(xsd, path.join(dist, `${file}.xml`));
    expect(good.ok, good.output).toBe(true);
    const xml = await readFile(path.join(dist, `${file}.xml`), 'utf8');
    const cases = {
      'an unknown element': xml.replace('<data>', '<data><bogus/>'),
      'a text where an integer belongs': xml.replace(/<timestamp>\d+<\/timestamp>/, '<timestamp>soon</timestamp>'),
      'a missing meta field': xml.replace(/<version>[^<]*<\/version>/, ''),
    };
    for (const [what, text] of Object.entries(cases)) {
      const broken = path.join(work, `${name}-broken.xml`);
      await writeFile(broken, text);
      expect((await xmllint(xsd, broken)).ok, what).toBe(false);
    }
    const nil = path.join(work, `${name}-nil.xml`);
    await writeFile(nil, xml.replace(/<item>\n(\s+)<(\w+)>[^<]*<\/\2>/, '<item>\n$1<$2 xsi:nil="true"/>'));
    const nilled = await xmllint(xsd, nil);
    expect(nilled.ok, nilled.output).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and serves from SITE_URL', async () => {
    const doc = await read('v2/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: `${BASED_SITE_URL}v2` }]);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('describes the key and callback parameters as the directory says', async () => {
    const doc = await read('v2/openapi.json');
    const params = (p: string) =>
      doc.paths[p].get.parameters.map((x: { name: string; required: boolean }) => `${x.name}${x.required ? '!' : '?'}`);
    expect(params('/api/methods.{format}')).toEqual(['format!', 'callback?']);
    expect(params('/resources/infosessions.{format}')).toEqual(['format!', 'callback?', 'key!']);
    expect(doc.paths['/resources/infosessions.{format}'].get.security).toEqual([{ apiKey: [] }]);
  });

  it(
    'marks the methods without data as published: false: a no-data envelope at a fixed path, ' +
      '404 with placeholders',
    async () => {
      const doc = await read('v2/openapi.json');
      const ops = Object.entries(doc.paths).map(([p, v]: [string, any]) => ({ path: p, ...v.get }));
      expect(ops.map((o) => o.path)).toEqual(DIRECTORY.map((m) => m.path));
      const unpublished = ops.filter((o: any) => o['x-published'] === false);
      expect(unpublished.length).toBeGreaterThan(10);
      for (const o of unpublished) {
        const fixed = !o.path.replace('{format}', '').includes('{');
        if (fixed)
          expect(o.responses['200'].content['application/json'].schema.$ref).toBe(
            '#/components/schemas/NoDataEnvelope',
          );
        else expect(o.responses['200']).toBeUndefined();
        expect(o.responses['404']).toBeDefined();
      }
    },
  );

  it('has real examples from the build that validate against its own schemas', async () => {
    const doc = await read('v2/openapi.json');
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    for (const [p, file] of [
      ['/api/methods.{format}', 'v2/api/methods.json'],
      ['/resources/infosessions.{format}', 'v2/resources/infosessions.json'],
    ]) {
      const content = doc.paths[p!].get.responses['200'].content['application/json'];
      const validate = ajv.compile({ $ref: `openapi${content.schema.$ref}` });
      expect(validate(content.example), JSON.stringify(validate.errors)).toBe(true);
      const real = await read(file!);
      expect(content.example.data).toEqual(real.data.slice(0, 2));
      expect(validate(real)).toBe(true);
    }
  });
});
