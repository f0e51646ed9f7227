import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../build/build.ts';
import { describeWriteError, unchangedOutput } from '../build/build-failure.ts';
import { outputPaths } from '../build/output-versions.ts';
import { ConfigError, formatFinding, sortFindings, ValidationError } from '../core/findings.ts';
import { parseSiteUrl } from '../core/site-url.ts';
import { BUILD_STAMP } from '../build/build.ts';
import { loadSiteData } from '../load/data-fs.ts';
import { keyStoreFromEnv } from '../server/keys.ts';
import { createSiteServer } from '../server/server.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    'no-build': { type: 'boolean', default: false },
  },
});
const root = process.cwd();
const distDir = path.resolve(root, values.dist!);
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT "${process.env.PORT}" is not a port number (0-65535).`);
  process.exit(1);
}
process.env.SITE_URL ||= `http://localhost:${port}`;

/** Newest modification time of anything below the given paths. */
function newest(paths: string[]): number {
  let max = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    max = Math.max(max, info.mtimeMs);
    if (info.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  for (const p of paths) visit(path.join(root, p));
  return max;
}

/** Why dist/ must be built again, or undefined when it is current. */
function staleReason(): string | undefined {
  const stampFile = path.join(distDir, BUILD_STAMP);
  if (!existsSync(stampFile)) return 'dist/ has not been built';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { site: string };
  if (stamp.site !== parseSiteUrl(process.env.SITE_URL).url) return `dist/ was built for ${stamp.site}`;
  if (newest(['data', 'src', 'public', 'astro.config.mjs', 'package.json']) > statSync(stampFile).mtimeMs) return 'data/ or src/ changed since the last build';
  return undefined;
}

try {
  const reason = values['no-build'] ? undefined : staleReason();
  if (reason) {
    console.log(`Building: ${reason}.`);
    const report = await buildSite({ root, outDir: distDir });
    for (const w of sortFindings(report.context.site.warnings)) console.warn(formatFinding(w));
  }
  const keys = keyStoreFromEnv();
  const address = parseSiteUrl(process.env.SITE_URL);
  const directory = loadSiteData(dataDir, root).directory;
  const server = createSiteServer({ distDir, directory, keys, basePath: address.basePath });
  server.listen(port, '127.0.0.1', () => {
    console.log(`Serving dist/ at http://localhost:${port}${address.basePath}`);
    console.log(
      keys.mode === 'any'
        ? 'API keys: none configured (API_KEYS, API_KEYS_FILE), so any non-empty ?key= is accepted.'
        : `API keys: ${keys.size} configured; other keys are refused with 403.`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof ValidationError) {
    console.error(sortFindings(error.findings).map(formatFinding).join('\n'));
    console.error('Not serving: the data has errors (see above).');
  } else if (error instanceof ConfigError) {
    console.error(`Not serving: ${error.message}`);
  } else {
    const cause = describeWriteError(error);
    console.error(cause ? `Not serving: the build failed: ${cause} ${unchangedOutput(outputPaths(distDir))}` : error);
  }
  process.exit(1);
}
