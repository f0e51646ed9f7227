import { describe, expect, it } from 'vitest';
import { methodProvenance } from '../../src/core/datasets/provenance.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { methodFacts } from '../../src/core/pages/method-facts.ts';
import { requestSamples } from '../../src/core/pages/request-samples.ts';
import { envelope } from '../../src/core/records/envelope.ts';
import type { MethodStatus } from '../../src/core/render/catalogue.ts';
import { renderJson } from '../../src/core/render/json.ts';
import { leadingText, responseHead } from '../../src/core/render/response-head.ts';
import { renderXml } from '../../src/core/render/xml.ts';
import { DIRECTORY } from '../helpers/directory.ts';

// The head of a served file that a method page shows, and the samples it offers to copy.

const tricky = [
  { id: '1', name: 'Braces } and ] in "quotes"' },
  { id: '2', name: 'A \\" backslash' },
  { id: '3', name: 'third' },
];

describe('responseHead', () => {
  it.each([
    ['json', renderJson(envelope(1213, 1700000000, tricky))],
    ['xml', renderXml(envelope(1213, 1700000000, tricky))],
  ] as const)('cuts a %s listing after its first two records, the served bytes unchanged', (format, text) => {
    const head = responseHead({ text, whole: true }, format);
    expect(head.whole).toBe(false);
    expect(text.startsWith(head.text)).toBe(true);
    expect(head.text).toContain('backslash');
    expect(head.text).not.toContain('third');
    expect(head.text).toMatch(format === 'json' ? /\}$/ : /<\/item>$/);
  });

  it.each([
    ['json', renderJson(envelope(1217, 1700000000, tricky[0]!))],
    ['xml', renderXml(envelope(1217, 1700000000, tricky.slice(0, 2)))],
  ] as const)('shows a %s file of one record (or of no more than two) whole', (format, text) => {
    expect(responseHead({ text, whole: true }, format)).toEqual({ text: text.trimEnd(), whole: true });
  });

  it('reads a long listing a chunk at a time, and only its start', () => {
    let chunks = 0;
    const body = (function* () {
      for (;;) {
        chunks++;
        yield 'x'.repeat(10_000);
      }
    })();
    expect(leadingText(body).whole).toBe(false);
    expect(chunks).toBeLessThan(10);
  });
});

describe('requestSamples', () => {
  it('gives the same URL in curl, JavaScript and Python, quoted for each', () => {
    const url = "http://x.test/v2/a'b.json?key=YOUR_KEY";
    const [curl, js, python] = requestSamples(url, 'array');
    expect(curl!.code).toBe(`curl 'http://x.test/v2/a'\\''b.json?key=YOUR_KEY'`);
    expect(js!.code).toContain(`fetch(${JSON.stringify(url)})`);
    expect(js!.code).toContain('data.length');
    expect(python!.code).toContain(`urlopen(${JSON.stringify(url)})`);
    expect(requestSamples(url, 'object')[2]!.code).toContain("body['data'])");
  });
});

// A method's summary says what this service does, and what the original service's directory said where it differs.
describe('methodFacts', () => {
  const fact = (id: number, term: string) => {
    const entry = DIRECTORY.find((e) => e.methodId === id)!;
    const facts = methodFacts(entry, { kind: 'data' } as MethodStatus, methodProvenance(entry, DATASETS), 0, '/');
    return facts.find((f) => f.term === term);
  };

  it('says the method list comes from a data set built into a file, then what the original directory said', () => {
    expect(fact(1103, 'Data source')?.value).toMatch(
      /^the methods data set, .+ \(the original service's directory: direct database connection\)$/,
    );
    expect(fact(1103, 'Update frequency')?.value).toMatch(
      /^with each build of data\/.* \(the original service's directory: every request \(live\)\)$/,
    );
  });

  it('links the data set to its own page', () => {
    expect(fact(1129, 'Data set')).toEqual({ term: 'Data set', value: 'infosessions', href: '/data/infosessions/' });
  });
});
