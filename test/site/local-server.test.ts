import { execFile } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fetchOnce, startServer } from '../../bench/local-server.ts';
import { ROOT } from '../helpers/build.ts';
import { rootSite } from '../helpers/sites.ts';

// bench/local-server.ts, what the memory benchmarks (bench/key-memory.ts, bench/jsonp-memory.ts)
// share: `npm start` over a built site on a free port, with the environment it is given.

describe('the memory benchmarks’ server', () => {
  it('serves a built site with the given keys, reports its memory, and stops', async () => {
    const server = await startServer(rootSite(), { ...process.env, API_KEYS: 'bench-key' });
    const exited = once(server.server, 'exit');
    try {
      const listing = '/v2/resources/infosessions.json';
      expect((await fetchOnce(server.port, '/v2/api/methods.json')).status).toBe(200);
      expect(
        (await fetchOnce(server.port, `${listing}?key=bench-key&callback=cb`, { 'Accept-Encoding': 'gzip' })).status,
      ).toBe(200);
      expect((await fetchOnce(server.port, `${listing}?key=other`)).status).toBe(403);
      expect(server.rssMb()).toBeGreaterThan(10);
    } finally {
      server.stop();
    }
    await exited;
  });

  it('rejects at once, with its exit code, when the server stops before answering', async () => {
    const env = { ...process.env, API_KEYS_FILE: '/nonexistent/keys' };
    await expect(startServer(rootSite(), env)).rejects.toThrow('the server exited (code 1) before answering');
  });
});

/** Runs a bench script as a person would, capturing how it ended. */
async function bench(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const file = path.join(ROOT, 'bench', `${script}.ts`);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file, ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the memory benchmarks, run by hand', () => {
  it.each(['key-memory', 'jsonp-memory'])(
    '%s: --help exits 0; a wrong or missing option is one line, exit 2',
    async (s) => {
      const [help, bogus, missing] = await Promise.all([bench(s, ['--help']), bench(s, ['--bogus']), bench(s, [])]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: node bench/${s}\\.ts --dist DIR`));
      for (const wrong of [bogus, missing]) {
        expect(wrong.code).toBe(2);
        expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
        expect(wrong.stderr).toContain(`Try 'node bench/${s}.ts --help'`);
      }
    },
  );

  it('jsonp-memory: a run too short to time another request reports no latency rather than crashing', async () => {
    const run = await bench('jsonp-memory', ['--dist', rootSite(), '--data', path.join(ROOT, 'data'), '--names', '1']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    expect(result.statuses).toEqual({ 200: 1 });
    if (result.methodsJsonMs.samples === 0) expect(result.methodsJsonMs.p50).toBeNull();
  });
});
