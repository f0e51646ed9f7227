import { describe, expect, it } from 'vitest';
import { quietBlocking } from '../../bench/lighthouse-cpu.ts';

// A loaded machine stretches a task's wall time (`dur`), not the CPU its thread used (`tdur`): the blocking time
// counted at thread time is the page's own.
const thread = (pid: number, tid: number) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name: 'CrRendererMain' },
});
const task = (ts: number, dur: number, tdur: number, tid = 1) => ({
  name: 'RunTask',
  ph: 'X',
  pid: 7,
  tid,
  ts,
  dur,
  tdur,
});

describe('quietBlocking: a page main thread cost, apart from the machine load', () => {
  const events = [
    thread(7, 1),
    thread(7, 2),
    task(0, 90_000, 30_000), // before the first paint: CPU, no blocking
    task(2_000_000, 400_000, 20_000), // 400 ms of wall time at load, 20 ms of CPU: 4 × 20 − 50 = 30 ms
    task(3_000_000, 60_000, 10_000), // 4 × 10 = 40 ms: under 50, blocks nothing
    task(2_500_000, 900_000, 900_000, 2), // another renderer thread, with fewer tasks: not the page's
  ];

  it('sums the main thread CPU, and blocks 4 × thread time less 50 ms a task after the first paint', () => {
    expect(quietBlocking(events, 1_000_000)).toEqual({ cpuMs: 60, blockingMs: 30 });
  });

  it('says nothing without a main thread or a first paint', () => {
    expect(quietBlocking([], 1_000_000)).toBeUndefined();
    expect(quietBlocking(events, undefined)).toBeUndefined();
  });
});
