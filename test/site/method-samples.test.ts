import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/free-port.ts';
import { fetchOnce } from '../../bench/local-server.ts';
import { NODE_ARGS } from '../../src/pipeline/node-command.ts';
import { ROOT } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';
import { pooled } from '../helpers/pooled.ts';
import { PYTHON } from '../helpers/python.ts';
import { rootSite } from '../helpers/sites.ts';

// A developer on a method's page copies its sample in curl, JavaScript or Python and runs it against `npm start`.
// Every sample of every method page is run here through its language's interpreter (curl from sh, node, python3),
// and must answer the method's envelope. The methods that should have samples are counted from data/methods.csv:
// every method but those whose path has placeholders and that no data set feeds (no file stands at any of their paths).

const run = promisify(execFile);
/** The address the shared build was made for (its SITE_URL), which the samples name. */
const SITE_ORIGIN = 'http://localhost:3000';
/** The sample languages, in the order a method page shows them. */
const LANGUAGES = ['curl', 'javascript', 'python'];

/**
 * One interpreter running many samples, each as its own program (a Python script run as `__main__` in fresh globals;
 * a JavaScript module of its own), its output taken apart from the others': the samples (JSON on stdin) in, what
 * each printed or the error it raised (JSON on stdout) out. A node or python3 start was most of a sample's cost
 * (about 0.3 and 0.25 CPU-s, against 0.05 for curl), three dozen times each.
 */
const BATCH_RUNNERS: Record<string, [string, string[]]> = {
  javascript: [
    process.execPath,
    [
      '--input-type=module',
      '-e',
      [
        "const { readFileSync } = await import('node:fs');",
        "const { format } = await import('node:util');",
        "const codes = JSON.parse(readFileSync(0, 'utf8'));",
        'const results = [];',
        'const log = console.log;',
        'for (const code of codes) {',
        '  const out = [];',
        '  console.log = (...args) => out.push(format(...args));',
        '  try {',
        "    await import('data:text/javascript;charset=utf-8,' + encodeURIComponent(code));",
        "    results.push({ stdout: out.join('\\n') });",
        '  } catch (error) {',
        '    results.push({ error: String(error) });',
        '  }',
        '}',
        'console.log = log;',
        'process.stdout.write(JSON.stringify(results));',
      ].join('\n'),
    ],
  ],
  python: [
    PYTHON,
    [
      '-c',
      [
        'import contextlib, io, json, sys',
        'results = []',
        'for code in json.load(sys.stdin):',
        '    out = io.StringIO()',
        '    try:',
        '        with contextlib.redirect_stdout(out):',
        "            exec(compile(code, '<sample>', 'exec'), {'__name__': '__main__'})",
        "        results.append({'stdout': out.getvalue()})",
        '    except Exception as error:',
        "        results.append({'error': repr(error)})",
        'sys.stdout.write(json.dumps(results))',
      ].join('\n'),
    ],
  ],
};

/** What a sample printed, or why it failed. */
type Outcome = { stdout?: string; error?: string };

/** What each of `codes` printed (or why it failed), run in one interpreter of `language`, or curl from sh each. */
async function runSamples(language: string, codes: string[]): Promise<Outcome[]> {
  if (language === 'curl') {
    const results: Outcome[] = Array.from({ length: codes.length }, () => ({}));
    await pooled([...codes.keys()], 4, async (i) => {
      try {
        results[i] = {
          stdout: (await run('sh', ['-c', codes[i]!], { timeout: 30_000, maxBuffer: 64 * 2 ** 20 })).stdout,
        };
      } catch (error) {
        results[i] = { error: (error as Error).message };
      }
    });
    return results;
  }
  const [command, args] = BATCH_RUNNERS[language]!;
  const child = execFile(command, args, { timeout: 120_000, maxBuffer: 256 * 2 ** 20 });
  const done = new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify(codes));
  return JSON.parse(await done);
}

/** One sample as a method page shows it. */
interface Sample {
  methodId: number;
  language: string;
  code: string;
}

/** The method pages parsed so far: each once for the three readings below (parsing was most of their cost). */
const parsed = new Map<number, Promise<Document>>();

/** A method's page, parsed (once). */
function methodPage(methodId: number): Promise<Document> {
  let page = parsed.get(methodId);
  if (!page) {
    page = readFile(rootSite(`methods/${methodId}/index.html`), 'utf8').then((html) => parseHTML(html).document);
    parsed.set(methodId, page);
  }
  return page;
}

const withSamples = DIRECTORY.filter((e) => !(/\{(?!format\})/.test(e.path) && e.source === undefined));
/** `npm start -- --dist DIR --no-build` on a free port, without API_KEYS (any key is accepted), once it answers. */
async function startServer(dist: string): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const { API_KEYS: _keys, API_KEYS_FILE: _file, ...env } = process.env;
  const child = spawn(process.execPath, [...NODE_ARGS, 'src/cli/start.ts', '--dist', dist, '--no-build'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      await fetchOnce(port, '/v2/api/methods.json');
      return { port, process: child };
    } catch (error) {
      if (child.exitCode !== null || i > 300) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let server: { port: number; process: ChildProcess };
let samples: Sample[];

beforeAll(async () => {
  // No API_KEYS: the server accepts any key, the placeholder key of the samples too.
  server = await startServer(rootSite());
  samples = [];
  for (const entry of DIRECTORY) {
    const doc = await methodPage(entry.methodId);
    for (const s of doc.querySelectorAll('[data-sample]')) {
      const code = s.querySelector('pre code')!.textContent!;
      samples.push({ methodId: entry.methodId, language: s.getAttribute('data-sample')!, code });
    }
  }
}, 120_000);
afterAll(() => server?.process.kill());

describe('the samples on the method pages', () => {
  it('are there in curl, JavaScript and Python for every method with a file, with real values, none for others', () => {
    expect(withSamples.length).toBeGreaterThan(20);
    const byMethod = new Map<number, Sample[]>();
    for (const s of samples) byMethod.set(s.methodId, [...(byMethod.get(s.methodId) ?? []), s]);
    expect([...byMethod.keys()].sort()).toEqual(withSamples.map((e) => e.methodId).sort());
    for (const [id, list] of byMethod)
      expect(
        list.map((s) => s.language),
        String(id),
      ).toEqual(LANGUAGES);
    expect(samples.filter((s) => /\{\w+\}/.test(s.code))).toEqual([]);
    for (const s of samples) {
      const entry = DIRECTORY.find((e) => e.methodId === s.methodId)!;
      expect(s.code.includes('key=YOUR_KEY'), `${s.methodId} ${s.language}`).toBe(Boolean(entry.keyRequired));
    }
  });

  it('each answer its method’s envelope when run through its interpreter against npm start: 0 failures', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    const origin = `http://127.0.0.1:${server.port}`;
    await Promise.all(
      LANGUAGES.map(async (language) => {
        const mine = samples.filter((s) => s.language === language);
        const results = await runSamples(
          language,
          mine.map((s) => s.code.replaceAll(SITE_ORIGIN, origin)),
        );
        expect(results).toHaveLength(mine.length);
        for (const [i, s] of mine.entries()) {
          const where = `${s.methodId} ${s.language}`;
          const { stdout, error } = results[i]!;
          if (stdout === undefined) {
            failures.push(`${where}: ${String(error).split('\n').slice(0, 3).join(' ')}`);
            continue;
          }
          try {
            // curl prints the envelope; the others print its status first.
            const status = language === 'curl' ? JSON.parse(stdout).meta : { status: Number(stdout.split(' ')[0]) };
            if (language === 'curl' && status.method_id !== s.methodId)
              failures.push(`${where}: method ${status.method_id}`);
            if (![200, 204].includes(status.status)) failures.push(`${where}: status ${status.status}`);
          } catch (e) {
            failures.push(`${where}: ${(e as Error).message}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(samples.length).toBe(withSamples.length * 3);
  });
});

describe('the real response on a method page', () => {
  it('is the head of the very file published: the same bytes, the same meta.timestamp', async () => {
    let checked = 0;
    for (const entry of withSamples) {
      const doc = await methodPage(entry.methodId);
      const json = doc.querySelector('[data-try-it]')!.getAttribute('data-try-it')!;
      for (const [format, href] of [
        ['json', json],
        ['xml', json.replace('.json', '.xml')],
      ] as const) {
        const head = doc.querySelector(`pre[data-head=${format}] code`)!.textContent!;
        // The file as a static host serves it (npm start answers a live method, the server's clock, anew).
        const served = await readFile(rootSite(href.replace(/^\//, '').replace(/\?.*$/, '')), 'utf8');
        expect(served.startsWith(head), `${entry.methodId} ${format}`).toBe(true);
        expect(head.length, `${entry.methodId} ${format}`).toBeGreaterThan(100);
        checked++;
      }
    }
    expect(checked).toBe(withSamples.length * 2);
  });
});

describe('every method page', () => {
  it('says what this service does where the specification is silent, and leaves no placeholder in a URL', async () => {
    for (const entry of DIRECTORY) {
      const doc = await methodPage(entry.methodId);
      const main = doc.querySelector('main')!.textContent!;
      expect(main, String(entry.methodId)).not.toMatch(/not documented/i);
      expect(main, String(entry.methodId)).not.toMatch(/a list of \w+ of/);
      const examples = [...doc.querySelectorAll('.examples a')].map((a) => a.getAttribute('href')!);
      expect(
        examples.filter((u) => u.includes('{')),
        String(entry.methodId),
      ).toEqual([]);
    }
  });
});
