import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../build/build.ts';
import { formatFinding, sortFindings } from '../core/read/findings.ts';
import { buildCommand } from './commands.ts';
import { cliMain } from './runner.ts';

await cliMain(buildCommand, async ({ values, config }) => {
  const out = String(values.out);
  const report = await buildSite({ root: config.root, outDir: path.resolve(config.root, out), pages: !values['api-only'], settings: config });
  for (const w of sortFindings(report.context.site.warnings)) console.warn(formatFinding(w));
  const s = report.stages;
  if (typeof values.report === 'string') writeFileSync(values.report, `${JSON.stringify({ stages: s, files: report.files, bytes: report.bytes })}\n`);
  const total = Object.values(s).reduce((a, b) => a + b, 0);
  console.log(
    `Built ${out}/ for ${report.context.render.url} (timestamp ${report.context.render.timestamp}) in ${total.toFixed(2)} s: ` +
      `${Object.entries(s).map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(', ')}.`,
  );
});
