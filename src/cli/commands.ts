import { BUILD_SETTINGS } from '../config/settings.ts';
import { describeWriteError, unchangedOutput } from '../pipeline/build-failure.ts';
import { outputPaths } from '../pipeline/output-versions.ts';
import type { CliOption, CliSpec } from './runner.ts';

/**
 * The folder `npm run build` writes (`--out DIR`) and `npm start` serves and builds (`--dist DIR`)
 * when none is given.
 */
const SITE_FOLDER = 'dist';

/** The option naming that folder, as both commands declare it. */
const siteFolder = (description: string): CliOption => ({
  type: 'string',
  value: 'DIR',
  default: SITE_FOLDER,
  description,
});

/** `npm run build`: check the data, then write the site. */
export const buildCommand: CliSpec = {
  name: 'build',
  summary: 'Checks the data, then writes the whole site into the output folder (a failed build leaves it untouched).',
  options: {
    out: siteFolder('the output folder'),
    'api-only': { type: 'boolean', description: 'write the API, schema and feed files only, without the HTML pages' },
    report: {
      type: 'string',
      value: 'FILE',
      description: 'also write the stage times and output size as JSON (for the benchmark)',
    },
  },
  env: [...BUILD_SETTINGS, 'CI'],
  onFailure: (values) => unchangedOutput(outputPaths(String(values.out ?? SITE_FOLDER))),
  explain: describeWriteError,
};

/** `npm start`: build when needed, then serve. */
export const startCommand: CliSpec = {
  name: 'start',
  summary:
    'Builds the output folder when it is missing or older than data/ and src/, then serves it with JSONP, ' +
    'API keys and error envelopes.',
  options: {
    dist: siteFolder('the folder to serve (and build)'),
    'no-build': { type: 'boolean', description: 'serve the folder as it is, without building it' },
  },
  env: [...BUILD_SETTINGS, 'PORT', 'API_KEYS', 'API_KEYS_FILE', 'CI'],
  onFailure: () => 'Not serving.',
  explain: describeWriteError,
};

/** `npm run check`: check (and repair) the data files. */
export const checkCommand: CliSpec = {
  name: 'check',
  summary:
    'Checks every data file (CSV, JSON) under DIR: prints FILE:LINE:COLUMN: severity: message for each problem; ' +
    'exits 1 on an error (or a warning with --strict).',
  positional: { name: 'DIR', required: false, description: 'the data folder (default DATA_DIR, else data)' },
  options: {
    strict: { type: 'boolean', description: 'fail on warnings too' },
    fix: {
      type: 'boolean',
      description:
        'repair Windows-1252 bytes, spaces around values and line endings, saying each change; ' +
        'a file that would keep errors is left untouched',
    },
    format: {
      type: 'string',
      value: 'FORMAT',
      choices: ['text', 'json', 'github'],
      description: 'how findings print (default text, or github under GitHub Actions)',
    },
  },
  env: ['DATA_DIR', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY'],
};

/** `npm run diff`: what the data changes against a git ref. */
export const diffCommand: CliSpec = {
  name: 'diff',
  summary:
    'Compares the data at a git ref with the working tree, or two data folders (OLD_DIR NEW_DIR, no git needed): ' +
    'records added, removed and changed, changes to the program, audience and place lists, and directory changes.',
  positional: {
    name: 'git-ref|OLD_DIR',
    required: true,
    description: 'the branch, tag or commit to compare the working tree with; or, with NEW_DIR, the older data folder',
  },
  second: {
    name: 'NEW_DIR',
    description: 'the newer data folder: compares OLD_DIR with it instead of a git ref with the working tree',
  },
  options: {
    format: {
      type: 'string',
      value: 'FORMAT',
      default: 'markdown',
      choices: ['markdown', 'json'],
      description: 'Markdown for a pull request, or JSON',
    },
    summary: {
      type: 'boolean',
      description: 'also append the Markdown to the GitHub Actions job summary ($GITHUB_STEP_SUMMARY)',
    },
  },
  env: ['DATA_DIR', 'GITHUB_STEP_SUMMARY'],
};

/** `npm run bench`: build cost by data size, and serving throughput. */
export const benchCommand: CliSpec = {
  name: 'bench',
  summary:
    'Builds synthetic data of each size in a child process, cold, after a one-row change and with nothing changed ' +
    '(time, stages, peak memory, output), optionally beside Hugo; then load-tests npm start and npx serve dist.',
  options: {
    sizes: {
      type: 'string',
      value: 'N,N,...',
      default: '363,1000,10000,100000',
      description: 'session counts to build (363 is the real data)',
    },
    'serve-seconds': {
      type: 'string',
      value: 'S',
      default: '5',
      description: 'seconds of load per server and target (a decimal allowed)',
    },
    connections: { type: 'string', value: 'N', default: '10', description: 'concurrent connections of the load test' },
    reps: {
      type: 'string',
      value: 'N',
      default: '3',
      description: 'repetitions of each build case and floor run (medians and ranges are reported)',
    },
    'with-hugo': {
      type: 'boolean',
      description:
        'also build a comparable Hugo site from the same CSV files, interleaved, when the hugo command is installed',
    },
    'no-serving': { type: 'boolean', description: 'skip the load test of the servers' },
    'scale-sizes': {
      type: 'string',
      value: 'N,N',
      default: '1000,10000',
      description: "the two session counts the calendar stage's cost per page is compared at",
    },
    out: { type: 'string', value: 'FILE', default: 'bench/results/latest.json', description: 'where the results go' },
  },
  env: ['DATA_DIR', 'BENCH_TMP', 'BENCH_KEEP'],
};

/** Every CLI a person runs, as the README documents them. */
export const COMMANDS: readonly CliSpec[] = [buildCommand, startCommand, checkCommand, diffCommand, benchCommand];
