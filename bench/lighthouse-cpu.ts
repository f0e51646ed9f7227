// What a page's main thread would block on a quiet machine: Lighthouse's total blocking time counts each task after
// the first paint at its wall time, 4× (the phone's slower CPU), less 50 ms. On a machine other builds share, a task
// waits for a core and its wall time grows with the load. The trace also holds each task's thread time (`tdur`: CPU
// the main thread used), which the load hardly stretches: the same sum over it tells the page's own cost apart from
// the machine's.

/** One event of a Chromium trace, as far as the benches read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The main thread's CPU over the run, and the blocking time its tasks after `firstPaintTs` would make at CPU ×4. */
export interface QuietBlocking {
  /** Milliseconds of main-thread CPU in tasks, from the start of the trace. */
  cpuMs: number;
  /** Σ max(0, 4 × thread time − 50 ms) over the tasks that start after the first contentful paint. */
  blockingMs: number;
}

/** The page's renderer main thread: the CrRendererMain that ran the most tasks. */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = (t: TraceEvent) => events.filter((e) => e.name === 'RunTask' && e.pid === t.pid && e.tid === t.tid);
  return names.map((t) => ({ pid: t.pid, tid: t.tid, n: tasks(t).length })).sort((a, b) => b.n - a.n)[0];
}

/** The quiet machine's blocking time of a trace (Lighthouse's `Trace` artifact), or undefined when none is read. */
export function quietBlocking(
  events: readonly TraceEvent[],
  firstPaintTs: number | undefined,
): QuietBlocking | undefined {
  const main = mainThread(events);
  if (!main || firstPaintTs === undefined) return undefined;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined,
  );
  const cpuMs = tasks.reduce((sum, t) => sum + t.tdur! / 1000, 0);
  const blockingMs = tasks
    .filter((t) => t.ts >= firstPaintTs)
    .reduce((sum, t) => sum + Math.max(0, (4 * t.tdur!) / 1000 - 50), 0);
  return { cpuMs: Math.round(cpuMs), blockingMs: Math.round(blockingMs) };
}
