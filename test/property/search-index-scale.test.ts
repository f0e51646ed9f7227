// The search index at scale: 10,000 generated sessions (bench/generate.ts; 100,000 with CAMPUS_TEST_FULL, as npm test
// and CI run it), each query answered by reading under 128 KB, no file of the index over 64 KB. Out of the unit layer:
// making and indexing the sessions took seconds of every `npm run test:unit` (test/unit/search-index.test.ts holds the
// index's behaviour on the real data).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSessions, sessionRows } from '../../bench/generate.ts';
import { chronological } from '../../src/core/calendar/calendar.ts';
import { programCatalog } from '../../src/core/calendar/programs.ts';
import { SEARCH_CAP } from '../../src/core/calendar/search-index.ts';
import { readSessions } from '../../src/core/calendar/session.ts';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { ROOT } from '../helpers/build.ts';
import { cases } from '../helpers/cases.ts';
import { index } from '../helpers/search-index.ts';

/** The sessions the index is made of: 100,000 in CI, a tenth in a run of this layer alone. */
const MANY = cases(10_000, 100_000);

describe(`the search index of ${MANY.toLocaleString('en')} sessions`, () => {
  const real = sessionRows(path.join(ROOT, 'data'));
  const files = [...generateSessions(real, MANY)].map(([name, text]) => ({
    rel: `infosessions/${name}`,
    bytes: Buffer.from(text),
  }));
  const data = readDataFiles(files, (r) => r, DATASETS);
  const sessions = chronological(
    readSessions({ directory: [], datasets: data.datasets, warnings: [] }, programCatalog(undefined)),
  );
  const idx = index(sessions);

  // A word's postings hold up to 1,000 sessions, so that a room or a building finds all of its own (issue 36).
  it.each(['google', 'software', 'co-op', 'microsoft research', 'thomson reuters'])(
    "answers %j by reading under 128 KB (manifest, shards, the first 15 results' details)",
    async (q) => {
      const { hits, docs, bytes } = await idx.query(q);
      expect(docs.length).toBe(Math.min(15, hits.ordinals.length));
      expect(hits.ordinals.length).toBeLessThanOrEqual(SEARCH_CAP * 8);
      expect(bytes).toBeLessThan(128 * 1024);
    },
  );

  it('keeps every file of the index small', () => {
    for (const [p, body] of idx.files) expect(Buffer.byteLength(body), p).toBeLessThan(64 * 1024);
  });
});
