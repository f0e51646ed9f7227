// The bench's guard on the calendar stage's cost per session (bench/calendar-scale.ts): what each
// page reads of the sessions is counted, not timed, so it holds on a loaded machine.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareData, type Workplace } from '../../bench/build-cases.ts';
import { type CalendarCost, calendarCost, SCALE_LIMIT, scaleVerdict } from '../../bench/calendar-scale.ts';
import { parseSiteUrl } from '../../src/core/site/address.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';

describe('the calendar stage', () => {
  let work: string;
  const costs: CalendarCost[] = [];
  beforeAll(async () => {
    work = await tempDir();
    await copySmallData(path.join(work, 'data'));
    const w: Workplace = { root: ROOT, data: path.join(work, 'data'), tmp: path.join(work, 'tmp'), reps: 1 };
    for (const n of [300, 3000]) {
      costs.push(
        calendarCost(
          ROOT,
          { dataDir: prepareData(w, n), site: parseSiteUrl('http://localhost:3000/'), sourceDateEpoch: 1700000000 },
          n,
          0,
        ),
      );
    }
  }, 120_000);
  afterAll(() => removeDir(work));

  it('reads as much of the sessions per page at 3,000 sessions as at 300', () => {
    const [small, large] = costs;
    expect(small!.pages).toBeGreaterThan(300);
    expect(large!.pages).toBeGreaterThan(3000);
    // A page reads a few hundred fields of its session(s); a scan of every session per page would read thousands.
    expect(small!.reads_per_page).toBeGreaterThan(50);
    const verdict = scaleVerdict(small!, large!);
    expect(verdict.ratio).toBeLessThanOrEqual(SCALE_LIMIT);
    expect(verdict.ok).toBe(true);
  });

  it('fails the guard when a page reads ten times more at ten times the sessions', () => {
    const [small, large] = costs;
    expect(scaleVerdict(small!, { ...large!, reads_per_page: small!.reads_per_page * 10 }).ok).toBe(false);
  });
});
