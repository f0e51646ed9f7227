import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MethodEntry } from '../../src/core/records/method-entry.ts';
import { exampleUrls, groupByService, methodLinks, pathBreaks } from '../../src/core/render/catalogue.ts';
import { parseSiteUrl } from '../../src/core/site/address.ts';
import { API_ERRORS, apiErrorsOf } from '../../src/core/site/api-errors.ts';
import { withBase } from '../../src/core/site/paths.ts';
import { ROOT } from '../helpers/build.ts';

const entry = (
  methodId: number,
  path: string,
  serviceName: string,
  serviceId: number,
  extra: Partial<MethodEntry> = {},
): MethodEntry => ({
  methodId,
  path,
  serviceName,
  serviceId,
  parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
  line: 0,
  ...extra,
});

describe('groupByService', () => {
  it('groups by name and ID together, in order of first appearance, keeping method order', () => {
    const groups = groupByService([
      entry(1, '/api/a.{format}', 'api', 223),
      entry(2, '/resources/b.{format}', 'resources', 229),
      entry(3, '/api/c.{format}', 'api', 223),
      entry(4, '/resources/academics/d.{format}', 'resources', 263),
    ]);
    expect(groups.map((g) => [g.serviceName, g.serviceId, g.methods.map((m) => m.methodId)])).toEqual([
      ['api', 223, [1, 3]],
      ['resources', 229, [2]],
      ['resources', 263, [4]],
    ]);
  });
});

describe.each([
  [
    'a method without a key',
    entry(1103, '/api/methods.{format}', 'api', 223, { keyRequired: false }),
    [
      'json http://x.test/v2/api/methods.json',
      'xml http://x.test/v2/api/methods.xml',
      'JSONP http://x.test/v2/api/methods.json?callback=handleData',
    ],
  ],
  [
    'a method with a key',
    entry(1129, '/resources/infosessions.{format}', 'resources', 229, { keyRequired: true }),
    [
      'json http://x.test/v2/resources/infosessions.json?key=YOUR_KEY',
      'xml http://x.test/v2/resources/infosessions.xml?key=YOUR_KEY',
      'JSONP http://x.test/v2/resources/infosessions.json?key=YOUR_KEY&callback=handleData',
    ],
  ],
  [
    'a method with placeholders, filled with real values',
    entry(1163, '/courses/{department}/{number}.{format}', 'courses', 239),
    [
      'json http://x.test/v2/courses/CS/135.json',
      'xml http://x.test/v2/courses/CS/135.xml',
      'JSONP http://x.test/v2/courses/CS/135.json?callback=handleData',
    ],
  ],
])('exampleUrls: %s', (_, method, expected) => {
  it('uses the configured base address and the values given', () => {
    const params = method.path.includes('{department}') ? ['CS', '135'] : [];
    expect(exampleUrls(method, params, { apiBase: 'http://x.test/v2' }).map((u) => `${u.label} ${u.url}`)).toEqual(
      expected,
    );
  });
});

describe.each([
  [undefined, 'http://localhost:3000/', '/', 'http://localhost:3000/v2'],
  [
    'https://example.github.io/campus-api',
    'https://example.github.io/campus-api/',
    '/campus-api/',
    'https://example.github.io/campus-api/v2',
  ],
  [
    'https://example.github.io/campus-api/',
    'https://example.github.io/campus-api/',
    '/campus-api/',
    'https://example.github.io/campus-api/v2',
  ],
  ['https://api.example.edu/?x=1#top', 'https://api.example.edu/', '/', 'https://api.example.edu/v2'],
  ['  http://127.0.0.1:8080  ', 'http://127.0.0.1:8080/', '/', 'http://127.0.0.1:8080/v2'],
])('parseSiteUrl(%j)', (raw, url, basePath, apiBase) => {
  it(`gives ${url}, base path ${basePath}, API base ${apiBase}`, () => {
    expect(parseSiteUrl(raw)).toEqual({ url, basePath, apiBase });
  });
});

it.each(['ftp://example.com/', 'not a url', 'example.com'])('parseSiteUrl refuses %j', (raw) => {
  expect(() => parseSiteUrl(raw)).toThrow(/SITE_URL/);
});

describe.each([
  ['/', '', '/'],
  ['/', 'methods/1103/', '/methods/1103/'],
  ['/campus-api/', 'methods/1103/', '/campus-api/methods/1103/'],
  ['/campus-api/', '/v2/api/methods.json', '/campus-api/v2/api/methods.json'],
  ['/a/b/', '//favicon.svg', '/a/b/favicon.svg'],
])('withBase(%j, %j)', (base, target, expected) => {
  it(`is ${expected}`, () => expect(withBase(base, target)).toBe(expected));
});

describe('pathBreaks', () => {
  it.each([
    ['/resources/infosessions.{format}', ['/resources/', 'infosessions.{format}']],
    [
      'http://x.test/v2/a.json?key=K&callback=cb',
      ['http:/', '/', 'x.test/', 'v2/', 'a.json?', 'key=K&', 'callback=cb'],
    ],
  ])('offers breaks in %s after its separators, never after its first character', (text, pieces) => {
    expect(pathBreaks(text)).toEqual(pieces);
  });
});

describe('the error table', () => {
  it('lists the statuses of the error table of docs/api.md, in its order', () => {
    const api = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    const table = api.slice(api.indexOf('## Errors'), api.indexOf('**One canonical path'));
    expect(API_ERRORS.map((e) => e.status)).toEqual([...table.matchAll(/^\| (\d{3}) \|/gm)].map((m) => Number(m[1])));
  });
  it("leaves the key's statuses out for a method without a key", () => {
    expect(apiErrorsOf({ keyRequired: false }).map((e) => e.status)).toEqual([400, 404, 405, 503]);
    expect(apiErrorsOf({ keyRequired: true }).map((e) => e.status)).toEqual([400, 401, 403, 404, 405, 503]);
  });
});

describe('methodLinks', () => {
  const m = entry(1129, '/resources/infosessions.{format}', 'resources', 229);
  it('gives the files of a method that needs a key the placeholder key', () => {
    expect(methodLinks({ ...m, keyRequired: true }, { basePath: '/' }, true)).toMatchObject({
      json: '/v2/resources/infosessions.json?key=YOUR_KEY',
      xml: '/v2/resources/infosessions.xml?key=YOUR_KEY',
    });
  });
  it('links a published method to its files and schemas below the base path', () => {
    expect(methodLinks(m, { basePath: '/campus-api/' }, true)).toEqual({
      page: '/campus-api/methods/1129/',
      json: '/campus-api/v2/resources/infosessions.json',
      xml: '/campus-api/v2/resources/infosessions.xml',
      jsonSchema: '/campus-api/v2/schemas/infosessions.schema.json',
      xsd: '/campus-api/v2/schemas/infosessions.xsd',
    });
  });
  it('links a listed-only method to its page alone', () => {
    expect(methodLinks(m, { basePath: '/' }, false)).toEqual({ page: '/methods/1129/' });
  });
});
