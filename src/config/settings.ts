import path from 'node:path';
import { ConfigError } from '../core/read/findings.ts';
import { DEFAULT_SITE_URL, parseSiteUrl, type SiteAddress } from '../core/site/address.ts';

/** The environment variables the project reads, each declared once: what the README's Settings table lists. */
export const SETTINGS = {
  DATA_DIR: 'The data folder to build, serve, check, compare or benchmark (default data).',
  SITE_URL: `Where dist/ is served (default ${DEFAULT_SITE_URL}; with npm start, http://localhost:$PORT).`,
  SOURCE_DATE_EPOCH: 'The build timestamp in Unix seconds (default: the newest commit touching the data, else now).',
  ASTRO_CACHE_DIR:
    "A folder where builds of any output keep Astro's rendered pages for reuse " +
    "(default: each output's own versions folder).",
  PORT: 'The port npm start listens on (default 3000).',
  API_KEYS: 'Comma-separated keys npm start accepts (default: any non-empty key).',
  API_KEYS_FILE: 'A file of keys npm start accepts, one per line, # comments.',
  BENCH_TMP: 'Where the benchmark writes its data and builds (default bench/tmp).',
  BENCH_KEEP: "Set to keep the benchmark's data and builds instead of removing them.",
  BENCH_TEST_SERVING: 'Set to make npm test load-test the servers too in its run of the benchmark (CI sets it).',
  CI: 'Set (not false) by CI services: builds show no progress line.',
  GITHUB_ACTIONS: 'true under GitHub Actions: the check prints annotations.',
  GITHUB_STEP_SUMMARY: 'The job summary file the check and diff --summary append to.',
  CHROMIUM_PATH: 'The Chromium the browser tests run (default its headless shell if installed, or /usr/bin/chromium).',
  TMPDIR: 'Where temporary folders go; npm test sets it to /dev/shm when unset and that RAM disk has 4 GB free.',
  DEBUG: 'Set to print the full stack trace of an unexpected error.',
} as const;

/** The name of a setting. */
export type SettingName = keyof typeof SETTINGS;

/** The settings every build reads, whichever command runs it (`npm run build`, `npm start`). */
export const BUILD_SETTINGS = [
  'DATA_DIR',
  'SITE_URL',
  'SOURCE_DATE_EPOCH',
  'ASTRO_CACHE_DIR',
] as const satisfies readonly SettingName[];

/** Every setting of one command, resolved and validated once, then passed down. */
export interface Config {
  /** The working directory relative paths are resolved against. */
  root: string;
  /** DATA_DIR as an absolute path. */
  dataDir: string;
  /** SITE_URL parsed. */
  site: SiteAddress;
  /** SOURCE_DATE_EPOCH, or undefined to take the data's newest commit (else now). */
  sourceDateEpoch: number | undefined;
  /** ASTRO_CACHE_DIR as an absolute path, or undefined for each output's own versions folder. */
  astroCacheDir: string | undefined;
  /** PORT. */
  port: number;
  /** API_KEYS and API_KEYS_FILE as given (the server reads and checks the keys). */
  apiKeys: { API_KEYS?: string; API_KEYS_FILE?: string };
  /** BENCH_TMP as an absolute path, or undefined for the default. */
  benchTmp: string | undefined;
  /** BENCH_KEEP set. */
  benchKeep: boolean;
  /** CI is set and not `false`. */
  ci: boolean;
  /** GITHUB_ACTIONS is `true`. */
  githubActions: boolean;
  /** GITHUB_STEP_SUMMARY, or undefined. */
  stepSummary: string | undefined;
  /** DEBUG set. */
  debug: boolean;
}

/** Reads PORT: a whole number 0 to 65535, default 3000. */
function readPort(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return 3000;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new ConfigError(`PORT "${raw}" is not a port number: give a whole number from 0 to 65535.`);
  return port;
}

/** Reads SOURCE_DATE_EPOCH: whole seconds, or undefined when unset. */
function readEpoch(raw: string | undefined): number | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text))
    throw new ConfigError(`SOURCE_DATE_EPOCH "${text}" must be a whole number of seconds since 1970.`);
  return Number(text);
}

/**
 * Resolves the settings a command reads (the names it declares) from the environment,
 * once; the others keep their defaults. Throws ConfigError for a value that is wrong.
 * With PORT among them and SITE_URL unset, the site is http://localhost:$PORT.
 */
export function resolveConfig(
  names: readonly SettingName[],
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): Config {
  const get = (name: SettingName): string | undefined =>
    names.includes(name) && env[name] !== '' ? env[name] : undefined;
  const port = readPort(get('PORT'));
  const siteUrl = get('SITE_URL') ?? (names.includes('PORT') ? `http://localhost:${port}` : undefined);
  const apiKeys: Config['apiKeys'] = {};
  if (names.includes('API_KEYS') && env.API_KEYS !== undefined) apiKeys.API_KEYS = env.API_KEYS;
  if (names.includes('API_KEYS_FILE') && env.API_KEYS_FILE !== undefined) apiKeys.API_KEYS_FILE = env.API_KEYS_FILE;
  const benchTmp = get('BENCH_TMP');
  const astroCache = get('ASTRO_CACHE_DIR');
  return {
    root,
    dataDir: path.resolve(root, get('DATA_DIR') ?? 'data'),
    site: parseSiteUrl(siteUrl),
    sourceDateEpoch: readEpoch(get('SOURCE_DATE_EPOCH')),
    astroCacheDir: astroCache === undefined ? undefined : path.resolve(root, astroCache),
    port,
    apiKeys,
    benchTmp: benchTmp === undefined ? undefined : path.resolve(root, benchTmp),
    benchKeep: get('BENCH_KEEP') !== undefined,
    ci: get('CI') !== undefined && get('CI') !== 'false',
    githubActions: get('GITHUB_ACTIONS') === 'true',
    stepSummary: get('GITHUB_STEP_SUMMARY'),
    debug: get('DEBUG') !== undefined,
  };
}
