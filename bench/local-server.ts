// What the memory benchmarks (bench/key-memory.ts, bench/jsonp-memory.ts) share: `npm start`
// over a built folder on a free port of 127.0.0.1, stopped after 120 s whatever happens; one GET
// with its status and time; a process's resident memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NODE_ARGS } from '../src/pipeline/node-command.ts';
import { freePort } from './free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Resident memory of a process in MB (Linux /proc). */
export const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** One GET on 127.0.0.1; resolves with the status and the milliseconds to the last byte. */
export function fetchOnce(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** A running `npm start`: its port and process; stop() kills it and clears the deadline. */
export interface LocalServer {
  port: number;
  server: ChildProcess;
  /** Its resident memory now, in MB. */
  rssMb(): number;
  stop(): void;
}

/**
 * Starts `npm start -- --dist DIR --no-build` with `env` (PORT set here) and resolves once
 * /v2/api/methods.json answers; rejects when it exits first or does not answer within 10 s.
 * After `lifetimeMs` (120 s unless given) the server is killed and this process exits with 2, whatever happens.
 */
export async function startServer(dist: string, env: NodeJS.ProcessEnv, lifetimeMs = 120_000): Promise<LocalServer> {
  const port = await freePort();
  const server = spawn(process.execPath, [...NODE_ARGS, 'src/cli/start.ts', '--dist', dist, '--no-build'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = setTimeout(() => {
    server.kill();
    process.exit(2);
  }, lifetimeMs);
  const stop = () => {
    clearTimeout(deadline);
    server.kill();
  };
  let exited: number | null | undefined;
  server.on('exit', (code) => (exited = code));
  for (let i = 0; ; i++) {
    try {
      await fetchOnce(port, '/v2/api/methods.json');
      return { port, server, rssMb: () => rssMb(server.pid!), stop };
    } catch {
      if (exited !== undefined || i > 100) {
        stop();
        throw new Error(
          exited === undefined ? 'the server did not start' : `the server exited (code ${exited}) before answering`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
