// The Worker's own parts, outside workerd: which keys it accepts (the API_KEYS secret, a KEYS KV
// namespace, or any short key when neither is set) and how its Durable Object counts a key's
// calls per campus month. The Worker as a whole runs in workerd in edge-conformance.test.ts.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_FILE, directoryFileBody } from '../../src/core/datasets/published-directory.ts';
import { campusMonth } from '../../src/core/records/campus-clock.ts';
import { concretePath } from '../../src/core/records/method-entry.ts';
import { edgeUsage, USAGE_SHARDS, usageShard } from '../../src/server/edge-usage.ts';
import { MAX_COUNTED_KEYS } from '../../src/server/usage.ts';
import worker, { type Env, edgeKeys, UsageCounterObject, usageBound } from '../../src/server/worker.ts';
import { cases } from '../helpers/cases.ts';
import { DIRECTORY } from '../helpers/directory.ts';

const env = (extra: Partial<Env>): Env => ({ ASSETS: undefined as never, USAGE: undefined as never, ...extra });

describe('the keys the Worker accepts', () => {
  it('takes the secret as a comma-separated list', async () => {
    const keys = edgeKeys(env({ API_KEYS: ' a-key , other ' }));
    expect([await keys.accepts('a-key'), await keys.accepts('other'), await keys.accepts('nope')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('takes the names of a KV namespace, and the secret beside them', async () => {
    const kv = { get: async (key: string) => (key === 'kv-key' ? '' : null) };
    const keys = edgeKeys(env({ API_KEYS: 'a-key', KEYS: kv }));
    expect([await keys.accepts('kv-key'), await keys.accepts('a-key'), await keys.accepts('nope')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('accepts any key of 1 to 128 characters when neither is set', async () => {
    const keys = edgeKeys(env({}));
    expect([
      await keys.accepts('k'),
      await keys.accepts('k'.repeat(128)),
      await keys.accepts('k'.repeat(129)),
      await keys.accepts(''),
    ]).toEqual([true, true, false, false]);
  });

  it('accepts no key holding a character XML cannot hold, as npm start (the usage answer echoes it)', async () => {
    const keys = edgeKeys(env({}));
    const refused = ['\u0001', 'a\u001fb', '\u007f', '\u0085', '\ufffe', '\uffff', '\ud800'];
    for (const key of refused) expect(await keys.accepts(key), JSON.stringify(key)).toBe(false);
    expect(await keys.accepts('café-✓')).toBe(true);
  });
});

/** A Durable Object's storage in memory, as the Worker uses it. */
function memoryStorage() {
  const stored = new Map<string, unknown>();
  return {
    stored,
    get: async <T>(k: string) => stored.get(k) as T | undefined,
    put: async <T>(k: string, v: T) => void stored.set(k, v),
    delete: async (k: string) => stored.delete(k),
    list: async <T>({ prefix }: { prefix: string }) =>
      new Map([...stored].filter(([k]) => k.startsWith(prefix))) as Map<string, T>,
  };
}

/** A Durable Object namespace in memory: one object per name, made on first use, over a storage that outlives it. */
function memoryNamespace() {
  const storages = new Map<string, ReturnType<typeof memoryStorage>>();
  const objects = new Map<string, UsageCounterObject>();
  const restart = () => objects.clear();
  const namespace = {
    idFromName: (name: string) => name,
    get: (id: unknown) => ({
      fetch: async (request: Request) => {
        const name = id as string;
        if (!storages.has(name)) storages.set(name, memoryStorage());
        if (!objects.has(name)) objects.set(name, new UsageCounterObject({ storage: storages.get(name)! }));
        return objects.get(name)!.fetch(request);
      },
    }),
  };
  return { namespace, storages, restart };
}

describe("the Durable Objects counting keys' calls", () => {
  const june = Date.UTC(2026, 5, 15) / 1000;
  const july = Date.UTC(2026, 6, 15) / 1000;

  it('counts calls this campus month and in all; a new month starts the monthly count again', async () => {
    const usage = edgeUsage(memoryNamespace().namespace, Infinity);
    expect(campusMonth(june)).not.toBe(campusMonth(july));
    expect(await usage.count('k', june)).toEqual({ monthly: 1, total: 1 });
    expect(await usage.count('k', june)).toEqual({ monthly: 2, total: 2 });
    expect(await usage.usage('k', june)).toEqual({ monthly: 2, total: 2 });
    expect(await usage.usage('k', july)).toEqual({ monthly: 0, total: 2 });
    expect(await usage.count('k', july)).toEqual({ monthly: 1, total: 3 });
  });

  it('with any key accepted, 100s of keys make 16 objects at most, within the bound, oldest forgotten', async () => {
    // An operator who configures no keys: callers invent 250 (5,000 in npm test), 4 times the Worker's bound of 64.
    const { namespace, storages, restart } = memoryNamespace();
    const env = { ASSETS: undefined as never, USAGE: namespace };
    const usage = edgeUsage(namespace, usageBound({ ...env, USAGE_MAX_KEYS: '64' }));
    const keys = Array.from({ length: cases(250, 5000) }, (_, i) => `caller-${i}`);
    for (const key of keys) await usage.count(key, june);
    const entries = [...storages.values()].reduce((n, s) => n + s.stored.size, 0);
    expect(storages.size).toBeLessThanOrEqual(USAGE_SHARDS);
    expect(entries).toBeLessThanOrEqual(64);
    // The first keys are forgotten; the last one counted in each object is kept, across a restart.
    restart();
    expect((await usage.usage(keys[0]!, june)).total).toBe(0);
    const lastOfShard = new Map(keys.map((k) => [usageShard(k), k]));
    for (const key of lastOfShard.values()) {
      expect(await usage.usage(key, june), key).toEqual({ monthly: 1, total: 1 });
    }
    // After the restart, a new key in a full object forgets that object's least recent key, not its newest.
    const newest = lastOfShard.get(usageShard('late-caller'))!;
    await usage.count('late-caller', june);
    expect((await usage.usage(newest, june)).total).toBe(1);
    expect([...storages.values()].reduce((n, s) => n + s.stored.size, 0)).toBeLessThanOrEqual(64);
  });

  it('keeps every configured key: the bound is only for keys callers choose', () => {
    const usage = { ASSETS: undefined as never, USAGE: undefined as never };
    expect(usageBound({ ...usage, API_KEYS: 'a,b' })).toBe(Infinity);
    expect(usageBound({ ...usage })).toBe(MAX_COUNTED_KEYS);
    expect(usageBound({ ...usage, API_KEYS: ' , ' })).toBe(MAX_COUNTED_KEYS);
  });
});

describe('the key rules the Worker answers by (issue 37, finding 6)', () => {
  // An operator runs the Worker under `wrangler dev`, then rebuilds with a method made
  // key-required: the assets change under the running Worker, and the next request must be
  // answered by the new directory's rules, not the ones the Worker read first.
  const entry = DIRECTORY.find((e) => !e.keyRequired && concretePath(e, 'json') && e.methodId !== 1103)!;
  const file = `/v2${concretePath(entry, 'json')}`;
  const assets = new Map<string, string>();
  const build = (keyRequired: boolean) => {
    const directory = DIRECTORY.map((e) => (e.methodId === entry.methodId ? { ...e, keyRequired } : e));
    assets.set(`/${DIRECTORY_FILE}`, directoryFileBody(directory, new Map()));
    assets.set(file, `{"meta":{"status":200},"data":[]}\n`);
  };
  let onRead: ((path: string) => void) | undefined;
  const ASSETS = {
    fetch: async (request: Request) => {
      const path = decodeURIComponent(new URL(request.url).pathname);
      onRead?.(path);
      const text = assets.get(path);
      if (text === undefined) return new Response('not found', { status: 404 });
      const tag = createHash('sha1').update(text).digest('hex');
      return new Response(request.method === 'HEAD' ? null : text, { headers: { ETag: `"${tag}"` } });
    },
  };
  const env: Env = { ASSETS, USAGE: undefined as never, API_KEYS: 'a-key' };
  const ask = async (url: string) => (await worker.fetch(new Request(`http://localhost${url}`), env)).status;

  it('answers by the rules of the assets served now, across a rebuild', async () => {
    build(false);
    expect(await ask(file)).toBe(200);
    build(true);
    expect(await ask(file)).toBe(401);
    expect(await ask(`${file}?key=a-key`)).toBe(200);
    build(false);
    expect(await ask(file)).toBe(200);
  });

  it('asks again when the assets change between reading the rules and reading the file', async () => {
    build(false);
    onRead = (path) => {
      // The rebuild lands just as the file is read, after the rules were.
      if (path === file) {
        onRead = undefined;
        build(true);
      }
    };
    expect(await ask(file)).toBe(401);
  });
});
