import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fetchOnce, startServer } from '../bench/local-server.ts';
import { rootSite } from './helpers/sites.ts';

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
