// The Worker's own parts, outside workerd: which keys it accepts (the API_KEYS secret, a KEYS KV
// namespace, or any short key when neither is set) and how its Durable Object counts a key's
// calls per campus month. The Worker as a whole runs in workerd in edge-conformance.test.ts.
import { describe, expect, it } from 'vitest';
import { campusMonth } from '../../src/core/records/campus-clock.ts';
import { type Env, edgeKeys, UsageCounterObject } from '../../src/server/worker.ts';

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
});

describe("the Durable Object counting a key's calls", () => {
  it('counts calls this campus month and in all; a new month starts the monthly count again', async () => {
    const stored = new Map<string, unknown>();
    const storage = {
      get: async <T>(k: string) => stored.get(k) as T | undefined,
      put: async <T>(k: string, v: T) => void stored.set(k, v),
    };
    const counter = new UsageCounterObject({ storage });
    const ask = async (op: string, now: number) =>
      (await counter.fetch(new Request(`https://usage/${op}?now=${now}`, { method: 'POST' }))).json();
    const june = Date.UTC(2026, 5, 15) / 1000;
    const july = Date.UTC(2026, 6, 15) / 1000;
    expect(campusMonth(june)).not.toBe(campusMonth(july));
    expect(await ask('count', june)).toEqual({ monthly: 1, total: 1 });
    expect(await ask('count', june)).toEqual({ monthly: 2, total: 2 });
    expect(await ask('usage', june)).toEqual({ monthly: 2, total: 2 });
    expect(await ask('usage', july)).toEqual({ monthly: 0, total: 2 });
    expect(await ask('count', july)).toEqual({ monthly: 1, total: 3 });
  });
});
