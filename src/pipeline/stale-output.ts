import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataDigest } from '../load/data-fs.ts';
import { BUILD_STAMP, displayPath } from './output-versions.ts';

/** Newest modification time of anything below the given paths. */
function newest(root: string, paths: string[]): number {
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

/**
 * Why the folder must be built again for this site and data folder, or undefined when it is current; it is named as
 * given (`--dist DIR`), relative to the working folder when inside it.
 */
export function staleReason(root: string, distDir: string, siteUrl: string, dataDir: string): string | undefined {
  const shown = `${displayPath(distDir)}/`;
  const stampFile = path.join(distDir, BUILD_STAMP);
  if (!existsSync(stampFile)) return `${shown} has not been built`;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { site: string; data?: string };
  if (stamp.site !== siteUrl) return `${shown} was built for ${stamp.site}`;
  if (stamp.data !== dataDigest(dataDir))
    return `the data in ${path.relative(root, dataDir) || '.'}/ is not what ${shown} was built from`;
  if (newest(root, ['src', 'public', 'astro.config.mjs', 'package.json']) > statSync(stampFile).mtimeMs)
    return 'src/ changed since the last build';
  return undefined;
}
