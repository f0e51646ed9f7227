// An old v2 client from the npm registry, unmodified, pointed at `npm start`'s server: uwapi
// (1.1.1, 2014) builds https://api.uwaterloo.ca/v2/<path>.json?key=… and calls https.get. The
// test sends those calls to the server on 127.0.0.1 instead (a stand-in for the host name), so
// nothing leaves the machine; the client's own code decides what is data and what is an error
// (it rejects when meta.status is not 2xx, whatever the HTTP status).
import http, { type Server } from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodServices } from '../../src/core/datasets/method-services.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { ROOT } from '../helpers/build.ts';
import { SERVICES } from '../helpers/directory.ts';
import { close, listen } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';

const ORIGINAL = 'https://api.uwaterloo.ca/v2/';
type Call = (options?: Record<string, string>) => Promise<unknown>;

let server: Server;
let client: Record<string, Call>;
const requested: string[] = [];
const realGet = https.get;

beforeAll(async () => {
  const dist = rootSite(); // the shared build (read-only)
  const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;
  server = createSiteServer({
    distDir: dist,
    directory,
    services: methodServices(directory, DATASETS),
    keys: keyStoreFromEnv({ API_KEYS: 'old-client-key' }),
    log: () => {},
  });
  const origin = await listen(server);
  // Every https.get of the client goes to the local server, or fails: never to the network.
  (https as { get: unknown }).get = (url: string, callback: (res: http.IncomingMessage) => void) => {
    if (!url.startsWith(ORIGINAL)) throw new Error(`unexpected request to ${url}`);
    requested.push(url.slice(ORIGINAL.length - 4));
    return http.get(`${origin}/v2/${url.slice(ORIGINAL.length)}`, callback);
  };
  const uwapi = createRequire(import.meta.url)('uwapi') as (key: string) => Record<string, Call>;
  client = uwapi('old-client-key');
});
afterAll(async () => {
  (https as { get: unknown }).get = realGet;
  await close(server);
});

describe('uwapi, an old v2 client, against npm start', () => {
  it('gets the services with their methods (apiServices → /api/services)', async () => {
    const services = (await client.apiServices!()) as { service_name: string; methods: { method_id: string }[] }[];
    expect(services.map((s) => s.service_name)).toEqual(SERVICES.map((s) => s.name));
    expect(services.flatMap((s) => s.methods.map((m) => Number(m.method_id)))).toEqual(
      SERVICES.flatMap((s) => s.methods),
    );
    expect(requested.at(-1)).toBe('/v2/api/services.json?key=old-client-key');
  });

  it('gets the status codes and the server time (serverCodes, serverTime)', async () => {
    const codes = (await client.serverCodes!()) as { code: number }[];
    expect(codes.map((c) => c.code)).toContain(204);
    const time = (await client.serverTime!()) as { timestamp: number; timezone: string };
    expect(Math.abs(time.timestamp - Date.now() / 1000)).toBeLessThan(600);
    expect(['EST', 'EDT']).toContain(time.timezone);
  });

  it('gets its own key usage, counted by the server (apiUsage → /api/usage)', async () => {
    const usage = (await client.apiUsage!()) as { api_key: string; total_calls: number };
    expect(usage.api_key).toBe('old-client-key');
    expect(usage.total_calls).toBeGreaterThanOrEqual(3);
  });

  it(
    'gets the buildings and one building by its code (buildingsList, buildings → /buildings/list, ' +
      '/buildings/{code})',
    async () => {
      const list = (await client.buildingsList!()) as { building_code: string; building_sections: unknown[] }[];
      expect(list.length).toBeGreaterThan(250);
      expect(requested.at(-1)).toBe('/v2/buildings/list.json?key=old-client-key');
      const mc = (await client.buildings!({ building_acronym: 'MC' })) as {
        building_name: string;
        latitude: number;
        building_sections: unknown[];
      };
      expect(mc).toMatchObject({
        building_name: 'Mathematics & Computer Building',
        latitude: 43.47207511,
        building_sections: [],
      });
      expect(requested.at(-1)).toBe('/v2/buildings/MC.json?key=old-client-key');
      const ren = (await client.buildings!({ building_acronym: 'REN' })) as {
        building_sections: { section_name: string }[];
      };
      expect(ren.building_sections.map((s) => s.section_name)).toContain(
        'Renison University College Addition 2 - Chapel',
      );
      await expect(client.buildings!({ building_acronym: 'NOPE' })).rejects.toThrow(/^API Error: Not found/);
    },
  );

  it('gets a well-formed no-data answer where nothing is published, as success with no records', async () => {
    expect(await client.resourcesPrinters!()).toEqual([]);
    expect(await client.foodservicesDiets!()).toEqual([]);
    expect(requested.at(-1)).toBe('/v2/foodservices/diets.json?key=old-client-key');
  });

  it('reports a path no method answers as an API error, from the envelope', async () => {
    await expect(client.weatherCurrent!()).rejects.toThrow(/^API Error: Not found: no method answers at this path/);
  });
});
