// A long listing is rendered and written a piece at a time (never held whole): its pieces, joined,
// must be the whole text byte for byte, whatever the batch size and wherever it cuts.
import { describe, expect, it } from 'vitest';
import { envelope } from '../src/core/records/envelope.ts';
import { fileEnvelope } from '../src/core/render/api-files.ts';
import { jsonChunks, renderJson } from '../src/core/render/json.ts';
import { renderXml, xmlChunks } from '../src/core/render/xml.ts';
import { createBuildContext } from '../src/pipeline/context.ts';
import { ROOT } from './helpers/build.ts';

describe('a listing in pieces', () => {
  const docs = createBuildContext(ROOT).published.flatMap((m) => m.files.map((f) => fileEnvelope(m, f, 1700000000)));

  it.each([1, 7, 1000])('joins to the whole JSON and XML of every file of the real data (batches of %i)', (batch) => {
    for (const doc of docs) {
      expect([...jsonChunks(doc, batch)].join('')).toBe(renderJson(doc));
      expect([...xmlChunks(doc, batch)].join('')).toBe(renderXml(doc));
    }
  });

  it('joins to the whole text of an empty list, a list of one, and one record', () => {
    const record = { a: 'x & <y>', b: null, c: [1, 2], d: { e: '' } };
    for (const data of [[], [record], record]) {
      const doc = envelope(1, 0, data);
      expect([...jsonChunks(doc, 1)].join('')).toBe(renderJson(doc));
      expect([...xmlChunks(doc, 1)].join('')).toBe(renderXml(doc));
    }
  });
});
