// The service at the edge, run locally: the Cloudflare Worker the build configures
// (<dist>/wrangler.json, src/server/worker.ts) in workerd through wrangler's local runtime
// (miniflare). Nothing leaves the machine: wrangler's optional look-ups of Cloudflare's
// request metadata fail offline and it falls back to a placeholder.
import { cpSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WORKER_ENTRY } from '../../src/core/site/edge-config.ts';
import { ROOT } from './build.ts';

/** A Worker running on 127.0.0.1. */
export interface EdgeWorker {
  origin: string;
  dispose(): Promise<void>;
}

/**
 * Starts `count` instances of the built Worker over the output `dist` (its wrangler.json as the
 * build wrote it), accepting `keys` (the API_KEYS secret), with their state under `work`. The
 * first owns the usage Durable Objects; the others reach those same objects through wrangler's
 * local registry of Workers, as every instance at the edge does. `vars` are more of the
 * Worker's variables (USAGE_MAX_KEYS). `others` is the assets folder of the instances after the first (default
 * `dist`; `usageAssets` makes a smaller one for a suite that asks them only for usage). `watch` keeps wrangler's
 * watchers (of the Worker's code, and chokidar over every file of `dist`), as `wrangler dev` runs: only a suite whose
 * subject is a rebuild under a running Worker needs them; without them an instance's start costs about a third less
 * CPU (12 against 18 to 22 CPU-s over the real build's 13,000 files).
 */
export async function startEdgeWorkers(
  dist: string,
  keys: string,
  work: string,
  count = 1,
  vars: Record<string, string> = {},
  { watch = false, others = dist }: { watch?: boolean; others?: string } = {},
): Promise<EdgeWorker[]> {
  process.env.WRANGLER_SEND_METRICS = 'false';
  const { unstable_startWorker } = await import('wrangler');
  const configPath = path.join(dist, 'wrangler.json');
  const config = JSON.parse(await readFile(configPath, 'utf8')) as {
    name: string;
    assets: Record<string, unknown>;
    migrations?: unknown;
  };
  const entrypoint = path.join(ROOT, WORKER_ENTRY);
  const dev = {
    registry: path.join(work, 'registry'),
    server: { hostname: '127.0.0.1', port: 0 },
    inspector: false as const,
    persist: path.join(work, 'state'),
    logLevel: 'error' as const,
  };
  const bindings = Object.fromEntries(
    Object.entries({ API_KEYS: keys, ...vars }).map(([name, value]) => [name, { type: 'plain_text' as const, value }]),
  );
  const workers: EdgeWorker[] = [];
  for (let i = 0; i < count; i++) {
    let file = configPath;
    if (i > 0) {
      // Another instance: the same code and assets, the usage object of the first.
      const { migrations: _owned, ...rest } = config;
      file = path.join(work, `instance-${i}.json`);
      const other = {
        ...rest,
        name: `${config.name}-${i}`,
        assets: { ...config.assets, directory: others },
        durable_objects: { bindings: [{ name: 'USAGE', class_name: 'UsageCounterObject', script_name: config.name }] },
      };
      await writeFile(file, JSON.stringify(other));
    }
    const worker = await unstable_startWorker({
      config: file,
      entrypoint,
      bindings,
      dev: { ...dev, watch, persist: path.join(work, `state-${i}`) },
    });
    const url = await worker.url;
    workers.push({ origin: url.origin, dispose: () => worker.dispose() });
  }
  return workers;
}

/**
 * A copy in `dest` of the few files of the output `dist` that a Worker answering usage reads: its configuration, the
 * directory file its key rules come from, and the API's own files (v2/api). workerd's local runtime lists and hashes
 * every asset at an instance's start: about 5 of an instance's 12 CPU-s over the real build's 32,000 files, 0.1 over
 * these. Usage is counted by the Worker, whatever its assets.
 */
export function usageAssets(dist: string, dest: string): string {
  for (const file of ['wrangler.json', '.assetsignore', '.campus-directory.json', 'v2/api'])
    cpSync(path.join(dist, file), path.join(dest, file), { recursive: true });
  return dest;
}
