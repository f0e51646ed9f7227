// The tables `npm run bench` prints (and the README shows).
import type { SizeResult } from './build-cases.ts';
import { showSpread } from './measure.ts';

/** One load test's result. */
export interface Serving {
  server: string;
  target: string;
  requests_per_s: number;
  latency_ms: { p50: number; p90: number; p99: number };
  errors: number;
  non2xx: number;
}

/**
 * A size's result with the floors of its API stage: bench/floor.ts's (the sessions parsed, stringified, written as
 * one file) and the files floor (bench/files-floor.ts: the API stage's own `api_files` files written again).
 */
export type Run = SizeResult & {
  api_s: number;
  floor_s: number;
  api_floor_ratio: number;
  api_files: number;
  files_floor_s: number;
  api_files_floor_ratio: number;
};

/** The build table (cold, one-row, no change, Hugo), the cold build's stages, and the load tests. */
export function resultTables(runs: Run[], serving: Serving[]): string {
  const hugo = runs.some((r) => r.hugo_s);
  const lines = [
    '| sessions | cold (s) | one row (s) | no change (s) | one row / cold | no change / cold |' +
      `${hugo ? ' Hugo (s) | cold / Hugo |' : ''} peak RSS (MB)${hugo ? ' ours / Hugo' : ''} | files | output (MB) |`,
    `|---:|---:|---:|---:|---:|---:|${hugo ? '---:|---:|' : ''}---:|---:|---:|`,
    ...runs.map(
      (r) =>
        `| ${r.sessions} | ${showSpread(r.cold_s)} | ${showSpread(r.one_row_s)} | ${showSpread(r.no_change_s)} |` +
        ` ${showSpread(r.one_row_ratio)} | ${showSpread(r.no_change_ratio)} |` +
        (hugo ? ` ${r.hugo_s ? showSpread(r.hugo_s) : '–'} | ${r.hugo_ratio ? showSpread(r.hugo_ratio) : '–'} |` : '') +
        ` ${r.peak_rss_mb}${hugo ? ` / ${r.hugo_peak_rss_mb ?? '–'}` : ''} |` +
        ` ${r.output_files} | ${(r.output_bytes / 1048576).toFixed(1)} |`,
    ),
    '',
    '| sessions | stages of the cold build (s) | of the one-row rebuild (s) | api / floor | api / files floor |',
    '|---:|---|---|---:|---:|',
    ...runs.map(
      (r) =>
        `| ${r.sessions} | ${stageList(r.stages_s)} | ${stageList(r.one_row_stages_s)} |` +
        ` ${r.api_floor_ratio.toFixed(2)} (floor ${r.floor_s} s) |` +
        ` ${r.api_files_floor_ratio.toFixed(2)} (${r.api_files} files in ${r.files_floor_s} s) |`,
    ),
  ];
  if (serving.length) {
    lines.push(
      '',
      `| server | target | req/s | p50 (ms) | p90 (ms) | p99 (ms) | errors |`,
      '|---|---|---:|---:|---:|---:|---:|',
    );
    for (const s of serving)
      lines.push(
        `| ${s.server} | ${s.target} | ${s.requests_per_s} |` +
          ` ${s.latency_ms.p50} | ${s.latency_ms.p90} | ${s.latency_ms.p99} | ${s.errors + s.non2xx} |`,
      );
  }
  return lines.join('\n');
}

/** Stage times as `load 0.04, api 0.02, …`, the zero ones left out. */
function stageList(stages: Record<string, number>): string {
  return Object.entries(stages)
    .filter(([, v]) => v >= 0.0005)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}
