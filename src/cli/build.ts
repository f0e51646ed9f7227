import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../build/build.ts';
import { describeWriteError, unchangedOutput } from '../build/build-failure.ts';
import { outputPaths } from '../build/output-versions.ts';
import { ConfigError, formatFinding, sortFindings, ValidationError } from '../core/findings.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'dist' },
    'api-only': { type: 'boolean', default: false },
    report: { type: 'string' },
  },
});

try {
  const report = await buildSite({ root: process.cwd(), outDir: path.resolve(values.out), pages: !values['api-only'] });
  for (const w of sortFindings(report.context.site.warnings)) console.warn(formatFinding(w));
  const s = report.stages;
  // --report FILE: the stage times and output size as JSON, for the benchmark.
  if (values.report) writeFileSync(values.report, `${JSON.stringify({ stages: s, files: report.files, bytes: report.bytes })}\n`);
  const total = Object.values(s).reduce((a, b) => a + b, 0);
  console.log(
    `Built ${values.out}/ for ${report.context.address.url} (timestamp ${report.context.timestamp}) in ${total.toFixed(2)} s: ` +
      `${Object.entries(s).map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(', ')}.`,
  );
} catch (error) {
  const shown = outputPaths(values.out).shown;
  if (error instanceof ValidationError) {
    console.error(sortFindings(error.findings).map(formatFinding).join('\n'));
    console.error(`Build stopped: the data has errors. Nothing was written to ${shown}.`);
  } else if (error instanceof ConfigError) {
    console.error(`Build stopped: ${error.message}`);
    console.error(`Nothing was written to ${shown}.`);
  } else {
    const cause = describeWriteError(error);
    console.error(cause ? `Build failed: ${cause}` : `Build failed: ${(error as Error).stack ?? error}`);
    console.error(unchangedOutput(outputPaths(values.out)));
  }
  process.exit(1);
}
