import { describe, expect, it } from 'vitest';
import { exampleUrls, groupByService, methodLinks } from '../src/core/render/catalogue.ts';
import type { MethodEntry } from '../src/core/records/method-entry.ts';
import { parseSiteUrl } from '../src/core/site/address.ts';
import { withBase } from '../src/core/site/paths.ts';

const entry = (methodId: number, path: string, serviceName: string, serviceId: number, extra: Partial<MethodEntry> = {}): MethodEntry => ({
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
  ['a method without a key', entry(1103, '/api/methods.{format}', 'api', 223, { keyRequired: false }), [
    'json http://x.test/v2/api/methods.json',
    'xml http://x.test/v2/api/methods.xml',
    'JSONP http://x.test/v2/api/methods.json?callback=<callback_name>',
  ]],
  ['a method with a key', entry(1129, '/resources/infosessions.{format}', 'resources', 229, { keyRequired: true }), [
    'json http://x.test/v2/resources/infosessions.json?key=<API_KEY>',
    'xml http://x.test/v2/resources/infosessions.xml?key=<API_KEY>',
    'JSONP http://x.test/v2/resources/infosessions.json?key=<API_KEY>&callback=<callback_name>',
  ]],
  ['a method with placeholders', entry(1163, '/courses/{department}/{number}.{format}', 'courses', 239), [
    'json http://x.test/v2/courses/{department}/{number}.json',
    'xml http://x.test/v2/courses/{department}/{number}.xml',
    'JSONP http://x.test/v2/courses/{department}/{number}.json?callback=<callback_name>',
  ]],
])('exampleUrls: %s', (_, method, expected) => {
  it('uses the configured base address', () => {
    expect(exampleUrls(method, { apiBase: 'http://x.test/v2' }).map((u) => `${u.label} ${u.url}`)).toEqual(expected);
  });
});

describe.each([
  [undefined, 'http://localhost:3000/', '/', 'http://localhost:3000/v2'],
  ['https://example.github.io/campus-api', 'https://example.github.io/campus-api/', '/campus-api/', 'https://example.github.io/campus-api/v2'],
  ['https://example.github.io/campus-api/', 'https://example.github.io/campus-api/', '/campus-api/', 'https://example.github.io/campus-api/v2'],
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

describe('methodLinks', () => {
  const m = entry(1129, '/resources/infosessions.{format}', 'resources', 229);
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
