import { ASSETS_IGNORE_FILE, EDGE_CONFIG_FILE } from './host-config.ts';

export { ASSETS_IGNORE_FILE, EDGE_CONFIG_FILE };

/** The date of the Workers runtime's behaviour the Worker is written for. */
const COMPATIBILITY_DATE = '2025-06-01';

/**
 * The Worker's entry module, in the project. The configuration does not name it (a path from
 * the output would make the output depend on where it is built): `wrangler deploy
 * src/server/worker.ts --config dist/wrangler.json` (npm run deploy:edge) gives it.
 */
export const WORKER_ENTRY = 'src/server/worker.ts';

/** What the Worker's configuration is made from: the site's settings. */
export interface EdgeSettings {
  /** The site's base path from SITE_URL. */
  basePath: string;
  /** The Worker's name on the account. */
  name?: string;
}

/**
 * The wrangler configuration of the service at the edge: the output as the Worker's static
 * assets, and the Worker (the handler of `npm start`) in front of every request, so that each
 * path is decided once, as `npm start` decides it: the API (keys, JSONP, envelopes, usage), the
 * files no server answers with, the pages' redirects and 404 page. Its assets are read as they
 * are (no HTML handling of the asset layer's own). Usage is counted in a fixed number of Durable
 * Objects of one class (SQLite-backed, as the free plan needs; server/edge-usage.ts).
 */
export function wranglerConfig(settings: EdgeSettings): string {
  const base = settings.basePath;
  const config = {
    name: settings.name ?? 'campus-api',
    compatibility_date: COMPATIBILITY_DATE,
    assets: {
      directory: '.',
      binding: 'ASSETS',
      run_worker_first: true,
      html_handling: 'none',
      not_found_handling: 'none',
    },
    vars: { BASE_PATH: base },
    durable_objects: { bindings: [{ name: 'USAGE', class_name: 'UsageCounterObject' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['UsageCounterObject'] }],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * The .assetsignore of the output: the Worker's configuration is not a file of the site, and each course's exam feed
 * (about 17,000 files on the real data; the free plan takes 20,000 assets) is joined by the Worker from its term's data
 * (src/server/exam-feed-answer.ts), byte for byte the file.
 */
export function assetsIgnore(): string {
  return `${EDGE_CONFIG_FILE}\nexams/*/*.ics\n`;
}
