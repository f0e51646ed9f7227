import { readFileSync } from 'node:fs';
import { ConfigError } from '../core/read/findings.ts';
import { acceptsAnyKey, MAX_KEY_LENGTH } from '../core/site/any-key.ts';

export { MAX_KEY_LENGTH };

/** Which API keys the server accepts. */
export interface KeyStore {
  /** `list`: only the configured keys; `any`: any non-empty key (no keys configured). */
  mode: 'list' | 'any';
  accepts(key: string): boolean;
  /** How many keys are configured. */
  size: number;
}

/** Keys from API_KEYS (comma-separated) and API_KEYS_FILE (one per line, # comments); else any acceptsAnyKey takes. */
export function keyStoreFromEnv(env: NodeJS.ProcessEnv = process.env): KeyStore {
  const keys = new Set<string>();
  for (const k of (env.API_KEYS ?? '').split(',')) if (k.trim()) keys.add(k.trim());
  if (env.API_KEYS_FILE) {
    let text: string;
    try {
      text = readFileSync(env.API_KEYS_FILE, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `API_KEYS_FILE ${env.API_KEYS_FILE} cannot be read (${(error as NodeJS.ErrnoException).code}). ` +
          `Give a file with one key per line.`,
      );
    }
    for (const line of text.split(/\r?\n/)) {
      const k = line.trim();
      if (k && !k.startsWith('#')) keys.add(k);
    }
  }
  if (keys.size === 0 && (env.API_KEYS !== undefined || env.API_KEYS_FILE !== undefined)) {
    throw new ConfigError(
      'API_KEYS / API_KEYS_FILE are set but hold no key. Unset them to accept any key, or list at least one.',
    );
  }
  return keys.size > 0
    ? { mode: 'list', size: keys.size, accepts: (key) => keys.has(key) }
    : { mode: 'any', size: 0, accepts: acceptsAnyKey };
}
