import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { formatFinding, sortFindings } from '../core/read/findings.ts';
import { progressFor } from '../pipeline/progress.ts';
import { buildCommand } from './commands.ts';
import { cliMain } from './runner.ts';

/** V8's heap growing factor for the build: 1.5 (see docs/performance.md, issue 34's 1 GB at 100,000 sessions). */
const HEAP_GROWING = '--heap-growing-percent=50';

await cliMain(buildCommand, async ({ values, config }) => {
  // The heap grows by half of what a full collection left live, not by up to four times (V8's default): at 100,000
  // sessions the build holds about 330 MB live, and its garbage between collections took its RSS past 1.5 GB.
  setFlagsFromString(HEAP_GROWING);
  // Imported here, not above: --help and a wrong option are answered without the build's modules.
  const { buildSite } = await import('../pipeline/build.ts');
  const out = String(values.out);
  const report = typeof values.report === 'string' ? values.report : undefined;
  const progress = progressFor(process.stderr, config.ci || report !== undefined);
  const built = await buildSite({
    root: config.root,
    outDir: path.resolve(config.root, out),
    pages: !values['api-only'],
    settings: config,
    progress,
  });
  for (const w of sortFindings(built.warnings)) console.warn(formatFinding(w));
  const s = built.stages;
  if (report)
    writeFileSync(
      report,
      `${JSON.stringify({
        stages: s,
        files: built.files,
        bytes: built.bytes,
        reused: built.reused,
        astro: built.astro,
        unchanged: built.unchanged,
      })}\n`,
    );
  const total = Object.values(s).reduce((a, b) => a + b, 0);
  const astro = built.unchanged
    ? 'inputs unchanged: the published version reused whole, Astro skipped'
    : { ran: 'Astro ran', cached: 'Astro skipped (its pages unchanged)', none: 'no pages' }[built.astro];
  console.log(
    `Built ${out}/ for ${built.render.url} (timestamp ${built.render.timestamp}) in ${total.toFixed(2)} s: ` +
      `${built.files.toLocaleString('en-US')} files, ${(built.files - built.reused).toLocaleString('en-US')} ` +
      `written, ${built.reused.toLocaleString('en-US')} unchanged; ${astro}; ` +
      `${Object.entries(s)
        .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
        .join(', ')}.`,
  );
});
