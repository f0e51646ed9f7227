import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { type CliSpec, runCli } from '../../src/cli/runner.ts';
import { resolveConfig } from '../../src/config/settings.ts';
import { ConfigError, ValidationError } from '../../src/core/read/findings.ts';
import { NODE_ARGS } from '../../src/pipeline/node-command.ts';
import { ROOT, removeDir, runCli as runScript, tempDir } from '../helpers/build.ts';

const run = promisify(execFile);
const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** Runs a CLI's npm script as npm would (the node of this test), capturing how it ended. */
async function npmScript(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [node, ...argv] = scripts[name]!.split(' ');
  expect(node).toBe('node');
  try {
    const { stdout, stderr } = await run(process.execPath, [...argv, ...args], {
      cwd: ROOT,
      env: { ...process.env, DEBUG: '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Runs a spec in-process with a main, collecting what it prints. */
async function inProcess(
  spec: CliSpec,
  main: () => Promise<number | void>,
  argv: string[] = [],
  env: NodeJS.ProcessEnv = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(spec, main, argv, { out: (l) => out.push(l), err: (l) => err.push(l), env, cwd: ROOT });
  return { code, out: out.join('\n'), err: err.join('\n').split('\n') };
}

const tiny: CliSpec = {
  name: 'tiny',
  summary: 'A test command.',
  options: { out: { type: 'string', default: 'dist', description: 'where' } },
  env: ['PORT'],
  onFailure: () => 'Nothing changed.',
};

describe('every CLI, run as its npm script', () => {
  // Two child processes per CLI: --help and an unknown option.
  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    '%s: --help names every option and exits 0; an unknown option is one line and exit 2',
    async (name, spec) => {
      const [help, bogus] = await Promise.all([npmScript(name, ['--help']), npmScript(name, ['--bogus'])]);
      expect(help.code, help.stderr).toBe(0);
      for (const option of Object.keys(spec.options)) expect(help.stdout).toContain(`--${option}`);
      for (const variable of spec.env) expect(help.stdout).toContain(variable);
      expect(bogus.code).toBe(2);
      expect(bogus.stdout).toBe('');
      expect(bogus.stderr.trimEnd().split('\n')).toEqual([
        `${name}: unknown option --bogus. Try '${name === 'start' ? 'npm start' : `npm run ${name}`} -- --help'.`,
      ]);
    },
  );
});

describe('the runner', () => {
  it('reports a wrong argument in one line with exit 2, and --help with exit 0', async () => {
    const main = async () => 0;
    expect(await inProcess(tiny, main, ['--out'])).toMatchObject({
      code: 2,
      err: ["tiny: --out needs a value. Try 'npm run tiny -- --help'."],
    });
    expect(await inProcess(tiny, main, ['extra'])).toMatchObject({
      code: 2,
      err: ["tiny: unexpected argument extra. Try 'npm run tiny -- --help'."],
    });
    const help = await inProcess(tiny, main, ['-h']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run tiny -- \[options\]\n\nA test command\.\n/);
    expect(help.out).toContain('--out VALUE  where (default dist)');
  });

  it('reports a ConfigError, a bad setting and a failed system call in one line with exit 1', async () => {
    const config = await inProcess(tiny, async () => {
      throw new ConfigError('SITE_URL "x" is not a URL.');
    });
    expect(config).toMatchObject({ code: 1, err: ['tiny: SITE_URL "x" is not a URL. Nothing changed.'] });
    const port = await inProcess(tiny, async () => 0, [], { PORT: '70000' });
    expect(port).toMatchObject({
      code: 1,
      err: ['tiny: PORT "70000" is not a port number: give a whole number from 0 to 65535. Nothing changed.'],
    });
    const system = await inProcess(tiny, async () => {
      throw Object.assign(new Error("ENOTDIR: not a directory, mkdir '/dev/null/x'"), {
        syscall: 'mkdir',
        code: 'ENOTDIR',
      });
    });
    expect(system).toMatchObject({
      code: 1,
      err: ["tiny: ENOTDIR: not a directory, mkdir '/dev/null/x'. Nothing changed."],
    });
  });

  it('lists the findings of a ValidationError, then one summary line', async () => {
    const finding = { severity: 'error', file: 'data/a.csv', line: 2, column: 3, rule: 'x', message: 'bad.' } as const;
    const result = await inProcess(tiny, async () => {
      throw new ValidationError([finding]);
    });
    expect(result).toMatchObject({
      code: 1,
      err: ['data/a.csv:2:3: error: bad.', 'tiny: stopped: the data has 1 error (above). Nothing changed.'],
    });
  });

  it('reports an unexpected error in one line, with the stack only under DEBUG', async () => {
    const boom = async () => {
      throw new Error('boom');
    };
    const plain = await inProcess(tiny, boom);
    expect(plain.code).toBe(1);
    expect(plain.err).toHaveLength(1);
    expect(plain.err[0]).toMatch(/^tiny: unexpected error: boom\. Nothing changed\. Set DEBUG=1 for the stack trace/);
    const debug = await inProcess(tiny, boom, [], { DEBUG: '1' });
    expect(debug.err.length).toBeGreaterThan(1);
    expect(debug.err[1]).toMatch(/^\s+at /);
  });
});

describe('the settings', () => {
  it('are read only when the command declares them, and validated once', () => {
    expect(resolveConfig(['DATA_DIR'], { PORT: 'nonsense', SITE_URL: 'nonsense' }, '/r')).toMatchObject({
      dataDir: '/r/data',
      port: 3000,
      site: { url: 'http://localhost:3000/' },
    });
    expect(() => resolveConfig(['PORT'], { PORT: '3.5' }, '/r')).toThrow(ConfigError);
    expect(() => resolveConfig(['SOURCE_DATE_EPOCH'], { SOURCE_DATE_EPOCH: 'yesterday' }, '/r')).toThrow(ConfigError);
  });

  it('give npm start a SITE_URL from PORT when SITE_URL is unset', () => {
    expect(resolveConfig(['PORT', 'SITE_URL'], { PORT: '3901' }, '/r').site.url).toBe('http://localhost:3901/');
    expect(resolveConfig(['PORT', 'SITE_URL'], { PORT: '3901', SITE_URL: 'https://x.edu/api' }, '/r').site.url).toBe(
      'https://x.edu/api/',
    );
  });
});

describe('npm start --no-build', () => {
  it('says in one line that a folder holding no built site cannot be served, and serves nothing', async () => {
    const work = await tempDir();
    try {
      const missing = path.join(work, 'nowhere');
      const run = await npmScript('start', ['--no-build', '--dist', missing]);
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('Serving');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`${missing}/ holds no built site: build it first`);
    } finally {
      await removeDir(work);
    }
  });
});

describe('npm start --dist DIR', () => {
  it('names DIR, not dist/, when it says why it builds', async () => {
    const work = await tempDir();
    try {
      const site = path.join(work, 'site');
      await mkdir(path.join(work, 'data'));
      // A data folder without the method directory: the build stops after saying why it builds.
      const run = await runScript('start.ts', ['--dist', site], {
        DATA_DIR: path.join(work, 'data'),
        PORT: '0',
        CI: '1',
      });
      expect(run.code).toBe(1);
      expect(run.stdout.split('\n')[0]).toBe(`Building: ${site}/ has not been built.`);
      expect(`${run.stdout}${run.stderr}`).not.toContain('dist/');
    } finally {
      await removeDir(work);
    }
  });
});

describe('npm run check and DATA_DIR', () => {
  it('checks the DATA_DIR folder when given none, as build does, and the folder given before it', async () => {
    const work = await tempDir();
    try {
      await mkdir(path.join(work, 'quest'));
      await writeFile(path.join(work, 'quest/Terms.csv'), 'abbreviation,description\nF,Fall\nF,Fall again\n');
      const shown = path.relative(ROOT, path.join(work, 'quest/Terms.csv'));
      const fromSetting = await runScript('check.ts', [], { DATA_DIR: work });
      expect(fromSetting.code).toBe(1);
      expect(fromSetting.stdout).toContain(`${shown}:3:1: error: term F is already used`);
      // The folder the build reads is checked as the build checks it: it lacks the directory too.
      expect(fromSetting.stdout).toContain(
        `${path.relative(ROOT, path.join(work, 'methods.csv'))}:1:1: error: the method directory is missing`,
      );
      expect(fromSetting.stdout.trimEnd().split('\n').at(-1)).toBe('2 errors, 0 warnings in 1 file checked');
      const given = await runScript('check.ts', ['data'], { DATA_DIR: work });
      expect(given.code, given.stdout).toBe(0);
      expect(given.stdout).not.toContain(shown);
    } finally {
      await removeDir(work);
    }
  });
});

describe('output through a pipe', () => {
  it('reaches the reader whole before the command exits (process.exit drops pending pipe writes)', async () => {
    // Thousands of findings (a term code used again on every line), printed through a pipe as CI logs read them.
    const work = await tempDir();
    await mkdir(path.join(work, 'quest'));
    await writeFile(path.join(work, 'quest/Terms.csv'), `abbreviation,description\n${'F,Fall\n'.repeat(3000)}`);
    const { stdout } = await npmScript('check', [work]).finally(() => removeDir(work));
    const lines = stdout.trimEnd().split('\n');
    const summary = /^(\d+) errors?, (\d+) warnings? in \d+ files? checked$/.exec(lines.at(-1)!);
    expect(summary, lines.at(-1)).not.toBeNull();
    expect(Number(summary![1]) + Number(summary![2])).toBeGreaterThan(1000);
    expect(lines).toHaveLength(Number(summary![1]) + Number(summary![2]) + 1);
  });
});

describe('a CLI started as its npm script starts it, its TypeScript stripped once (src/cli/strip-cache.mjs)', () => {
  it('strips a source into node_modules/.cache as Node would, and reads it from there the next time', async () => {
    const file = path.join(ROOT, 'src/cli/diff.ts');
    const key = createHash('sha1').update(pathToFileURL(file).href).digest('hex');
    const entry = path.join(ROOT, 'node_modules/.cache/campus-api-static/stripped', `${key}.js`);
    rmSync(entry, { force: true });
    const first = await runScript('diff.ts', ['--help']);
    expect(first.code).toBe(0);
    const text = readFileSync(entry, 'utf8');
    expect(text.slice(text.indexOf('\n') + 1)).toBe(
      module.stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' }),
    );
    // Dated long ago: an entry stripped and written again would be dated now.
    utimesSync(entry, 1000, 1000);
    const second = await runScript('diff.ts', ['--help']);
    expect(second.stdout).toBe(first.stdout);
    expect(statSync(entry).mtimeMs).toBe(1_000_000);
  });
});

describe("a CLI's process, and Astro's, keep V8's compiled code (Node's module compile cache)", () => {
  // Node's own settings of the cache (set, even empty, either one rules) left out of the environment the test runs in.
  const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...outside } = process.env;
  const cacheDir = async (env: Record<string, string>) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...NODE_ARGS, '-e', "import('node:module').then((m) => console.log(String(m.getCompileCacheDir())))"],
      { cwd: ROOT, env: { ...outside, ...env } },
    );
    return stdout.trim();
  };

  it('is in node_modules/.cache (the guard every npm script imports enables it); off when Node is told', async () => {
    const dir = await cacheDir({});
    expect(path.relative(ROOT, dir).split(path.sep).slice(0, 4)).toEqual([
      'node_modules',
      '.cache',
      'campus-api-static',
      'compiled',
    ]);
    expect(await cacheDir({ NODE_DISABLE_COMPILE_CACHE: '1' })).toBe('undefined');
  });
});
