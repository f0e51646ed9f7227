import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { SqlTable } from '../core/portal/sqlite-schema.ts';

/** node:sqlite's database class, loaded once without its "experimental" warning on the build's output. */
type DatabaseSync = typeof import('node:sqlite').DatabaseSync;
let loaded: DatabaseSync | undefined;
function sqliteDatabase(): DatabaseSync {
  if (loaded) return loaded;
  const emit = process.emitWarning;
  process.emitWarning = (() => undefined) as typeof process.emitWarning;
  try {
    loaded = (createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite')).DatabaseSync;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}

/**
 * The bytes of an SQLite database holding `tables` (each created, filled, then indexed, in one transaction), made in a
 * temporary file that is removed. The same tables make the same bytes (with the same SQLite).
 */
export function sqliteBytes(tables: readonly SqlTable[]): Uint8Array {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'campus-sqlite-'));
  try {
    const file = path.join(dir, 'campus-api.sqlite');
    const db = new (sqliteDatabase())(file);
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN');
    for (const t of tables) {
      const [table, ...indexes] = t.create;
      db.exec(table!);
      const insert = db.prepare(t.insert);
      for (const row of t.rows) insert.run(...row);
      for (const index of indexes) db.exec(index);
    }
    db.exec('COMMIT');
    db.close();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
