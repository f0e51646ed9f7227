import { createHash, hash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readAndCheck, type SetReader } from '../core/datasets/data-folder.ts';
import type { Dataset, SourceFile, Tables } from '../core/datasets/dataset.ts';
import { type Finding, Findings } from '../core/read/findings.ts';

/** Bumped when what an entry holds, or how its key is made, changes. */
const FORMAT = 'read-cache 3';
/** An entry's name: its key (setKey). */
const ENTRY = /^[A-Za-z0-9_-]{40}$/;
/** A temporary file's name: its writer's process id first. */
const TEMPORARY = /^\.(\d+)-[a-z0-9]+\.tmp$/;
/** The length of an entry's checksum (SHA-1 of the rest), which it starts with. */
const SUM = 20;
/** What an entry holds: its key (so an entry under another name is not trusted), and what the set's reading made. */
interface Entry {
  key: string;
  tables: Tables;
  findings: Finding[];
}

/** Data files read and checked by their data set's reader, and those whose records and findings the cache held. */
export interface ReadCounts {
  parsed: number;
  remembered: number;
}

/** A set reader that remembers (readCache); `finish` removes what the cache holds beyond its bound, never throwing. */
export interface ReadCache {
  readSet: SetReader;
  counts: ReadCounts;
  finish(): void;
}

/** Whether a process is running (a temporary file's writer). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A cache of what a data set's reader makes of its files (src/core/datasets/data-folder.ts `readAndCheck`), in
 * `folder`: each set's checked records (with what the reader parsed, such as a session's `when`) and its findings,
 * under a key of the set's files (each one's path inside its set, the path findings name, and bytes) and `code`, a
 * digest of the code that reads them (the build's: every project file and the Node.js version). So a build after a
 * one-row change reads and checks the sessions' files alone; what spans data sets (what the directory says of each
 * set) is checked again in every build (readDataFiles).
 *
 * Safe to share: an entry is written under a temporary name and renamed into place (a build killed meanwhile leaves a
 * temporary file, removed by a later build), starts with a checksum of the rest and holds its key: an entry that is
 * cut short, garbled or misnamed is read anew, never trusted. Bounded: `finish` keeps the entries this build used,
 * and of the others, the most recently used up to about as many bytes again as this build's (a change undone finds
 * its entries): the cache holds about twice the data's records at most. Any I/O error makes the cache do nothing,
 * never fail the build.
 */
export function readCache(folder: string, code: string): ReadCache {
  const counts: ReadCounts = { parsed: 0, remembered: 0 };
  const used = new Set<string>();
  let writable = true;
  let folderMade = false;
  const readSet: SetReader = (set, files, findings) => {
    const key = setKey(code, set, files);
    used.add(key);
    const entry = readEntry(folder, key);
    if (entry) {
      counts.remembered += files.length;
      for (const f of entry.findings) findings.list.push(f);
      return entry.tables;
    }
    counts.parsed += files.length;
    const own = new Findings();
    const tables = readAndCheck(set, files, own);
    for (const f of own.list) findings.list.push(f);
    // Written now, not held to the end: at 100,000 sessions the entries are about 150 MB.
    if (writable) {
      try {
        writeEntry(folder, key, entryBytes({ key, tables, findings: own.list }), !folderMade);
        folderMade = true;
      } catch {
        writable = false; // a cache that cannot be written (read-only, full) costs the next build its reading, no more
      }
    }
    return tables;
  };
  return {
    readSet,
    counts,
    finish: () => {
      try {
        prune(folder, used);
      } catch {
        // what cannot be removed now is removed by a later build
      }
    },
  };
}

/** The key of a set's files: the format, the code's digest, the data set and each file's paths and bytes. */
function setKey(code: string, set: Dataset, files: readonly SourceFile[]): string {
  const sum = createHash('sha256').update(`${FORMAT}\0${code}\0${set.name}\0${files.length}\0`);
  for (const f of files) sum.update(`${f.rel}\0${f.file}\0${f.bytes.byteLength}\0`).update(f.bytes);
  return sum.digest('base64url').slice(0, 40);
}

/** An entry as stored: the checksum, then the serialized entry. */
function entryBytes(entry: Entry): Uint8Array {
  const body = serialize(entry);
  return Buffer.concat([hash('sha1', body, 'buffer'), body]);
}

/** The entry stored under `key`, when there is one whose checksum and key hold. */
function readEntry(folder: string, key: string): Entry | undefined {
  const file = path.join(folder, key);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= SUM) return undefined;
  const body = bytes.subarray(SUM);
  if (!hash('sha1', body, 'buffer').equals(bytes.subarray(0, SUM))) return undefined;
  let entry: Entry;
  try {
    entry = deserialize(body) as Entry;
  } catch {
    return undefined;
  }
  if (entry?.key !== key || typeof entry.tables !== 'object' || !Array.isArray(entry.findings)) return undefined;
  try {
    const now = new Date();
    utimesSync(file, now, now); // used: pruning keeps the most recently used
  } catch {
    // removed meanwhile by another build's pruning: it was read whole
  }
  return entry;
}

/** Writes an entry under a temporary name, then renames it into place; the first of a build makes the folder. */
function writeEntry(folder: string, key: string, bytes: Uint8Array, first: boolean): void {
  if (first) {
    // The versions folder, then the cache's, one level each (a recursive mkdir spins where the system refuses: /proc).
    for (const dir of [path.dirname(folder), folder]) {
      try {
        mkdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
  const temporary = path.join(folder, `.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path.join(folder, key));
  } catch (error) {
    rmSync(temporary, { force: true }); // a disk that filled part-way: nothing half-written is left
    throw error;
  }
}

/**
 * Removes temporary files whose writer is no longer running, and entries this build did not use, least recently used
 * first, until the others hold no more bytes than the used ones. Only the cache's own files: a folder that is a link
 * (its target is not the build's) is left alone, and so is anything named otherwise.
 */
function prune(folder: string, used: ReadonlySet<string>): void {
  let names: string[];
  try {
    if (!lstatSync(folder).isDirectory()) return;
    names = readdirSync(folder);
  } catch {
    return;
  }
  let kept = 0;
  const others: { file: string; size: number; time: number }[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const temporary = TEMPORARY.exec(name);
    if (temporary) {
      if (!running(Number(temporary[1]))) rmSync(file, { force: true });
      continue;
    }
    if (!ENTRY.test(name)) continue;
    const info = lstatSync(file, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    if (used.has(name)) kept += info.size;
    else others.push({ file, size: info.size, time: info.mtimeMs });
  }
  let extra = others.reduce((n, o) => n + o.size, 0);
  // A quarter more: the same records may serialize to a few bytes more or less (how V8 holds a string).
  for (const o of others.sort((a, b) => a.time - b.time)) {
    if (extra <= kept * 1.25) break;
    rmSync(o.file, { force: true });
    extra -= o.size;
  }
}
