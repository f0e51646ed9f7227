import { hash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../core/read/findings.ts';

/** A file to write into the output, by its path inside it. */
export interface OutputFile {
  path: string;
  body: string | Uint8Array;
}

/** Each output file's content hash, by its path inside the output. */
export type Manifest = Map<string, string>;

/** The content hash a manifest keeps for a file's bytes. */
function contentHash(body: string | Uint8Array): string {
  return hash('sha1', body, 'base64url');
}

/** Where a version's manifest is kept: beside the version folder, so it never ships with the output. */
export function manifestFile(versionDir: string): string {
  return `${versionDir}.files`;
}

/** What a version was built from (input-key.ts) and what its build found, so a build of the same inputs can reuse it whole. */
export interface VersionInputs {
  key: string;
  /** The data's warnings, printed again by a build that reuses the version. */
  warnings: Finding[];
  /** The bytes of its files but the stamp. */
  bytes: number;
}

/** What a version's manifest records: each file's hash, and what the version was built from. */
export interface VersionRecord {
  manifest: Manifest;
  inputs?: VersionInputs;
}

/** Reads a version's manifest; an empty one when it has none (an output built before manifests) or it is unreadable. */
export function readVersionRecord(versionDir: string): VersionRecord {
  try {
    const json = JSON.parse(readFileSync(manifestFile(versionDir), 'utf8')) as { files?: Record<string, string>; inputs?: VersionInputs };
    return { manifest: new Map(Object.entries(json.files ?? {})), ...(json.inputs ? { inputs: json.inputs } : {}) };
  } catch {
    return { manifest: new Map() };
  }
}

/** Reads a version's manifest of file hashes (see readVersionRecord). */
export function readManifest(versionDir: string): Manifest {
  return readVersionRecord(versionDir).manifest;
}

/** Writes a version's manifest, paths in order (so the same output gives the same manifest). */
export function writeManifest(versionDir: string, record: VersionRecord): void {
  const files = Object.fromEntries([...record.manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(manifestFile(versionDir), `${JSON.stringify({ version: 1, ...(record.inputs ? { inputs: record.inputs } : {}), files })}\n`);
}

/** A version folder and its manifest: the published one to link files from, or the one a build updates in place. */
export interface PreviousOutput extends VersionRecord {
  dir: string;
}

/** What a writer did: files in the output, how many were already in place or linked unchanged, and bytes. */
export interface WriteCounts {
  files: number;
  reused: number;
  bytes: number;
}

/** Runs a file-system call on `target`, creating its folder when missing (and removing a file or folder in the way). */
function place(target: string, make: () => void): void {
  try {
    make();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // A folder is missing, or a file of an earlier output stands where a folder must be.
      for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
        const info = statSync(dir, { throwIfNoEntry: false });
        if (info?.isDirectory()) break;
        if (info) unlinkSync(dir);
      }
      mkdirSync(path.dirname(target), { recursive: true });
    } else if (code === 'EISDIR' || code === 'EEXIST') {
      rmSync(target, { recursive: true, force: true });
    } else throw error;
    make();
  }
}

/**
 * Writes an output version, touching the disk only for what changed. The version folder is
 * either new and empty, or an older version being updated in place (`base`, with its
 * manifest): a file whose content hash `base` already has is left as it is; another is
 * linked from the published version (`previous`) when its hash is the same there (a hard
 * link: no bytes written, no block allocated), else written. A file is never written through
 * (it may be a link shared with the published version): a changed one is removed first.
 * `finish` removes what `base` held that this output no longer has. Synchronous on purpose:
 * one call per file costs a fraction of the promise API's thread-pool round trips.
 */
export class OutputWriter {
  readonly manifest: Manifest = new Map();
  readonly counts: WriteCounts = { files: 0, reused: 0, bytes: 0 };
  readonly dir: string;
  private readonly previous?: PreviousOutput;
  private readonly base?: Manifest;

  constructor(dir: string, previous?: PreviousOutput, base?: Manifest) {
    this.dir = dir;
    this.previous = previous;
    this.base = base;
  }

  /** Writes each file (or keeps or links the unchanged ones); `fresh` files are always written (their time matters). */
  write(files: Iterable<OutputFile>, options: { fresh?: boolean } = {}): WriteCounts {
    const before = { ...this.counts };
    for (const f of files) {
      if (this.manifest.has(f.path)) throw new Error(`${f.path} is written twice: two stages of the build made the same path`);
      const target = path.join(this.dir, f.path);
      // Encoded once, for the hash and the write alike (a large file's text is not encoded twice).
      const body = typeof f.body === 'string' && f.body.length > 65536 ? Buffer.from(f.body) : f.body;
      const sum = contentHash(body);
      this.manifest.set(f.path, sum);
      this.counts.files += 1;
      this.counts.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      const had = this.base?.get(f.path);
      if (!options.fresh && had === sum) {
        this.counts.reused += 1;
        continue;
      }
      if (had !== undefined) rmSync(target, { force: true });
      if (!options.fresh && this.previous?.manifest.get(f.path) === sum && this.link(f.path, target)) continue;
      place(target, () => writeFileSync(target, body));
    }
    return { files: this.counts.files - before.files, reused: this.counts.reused - before.reused, bytes: this.counts.bytes - before.bytes };
  }

  /**
   * Puts every file of the published version's manifest in place unchanged (a build whose
   * inputs are that version's: see input-key.ts): left as it is where the updated version has
   * the same bytes, else linked from the published version. Does nothing and returns false
   * when a file to link is missing there (removed by hand): then the output must be rendered.
   */
  keepAll(manifest: Manifest, bytes: number): boolean {
    const linked = [...manifest].filter(([rel, sum]) => this.base?.get(rel) !== sum);
    if (linked.some(([rel]) => !existsSync(path.join(this.previous?.dir ?? '', rel)))) return false;
    for (const [rel, sum] of manifest) {
      if (this.manifest.has(rel)) throw new Error(`${rel} is written twice: two stages of the build made the same path`);
      this.manifest.set(rel, sum);
      this.counts.files += 1;
      const had = this.base?.get(rel);
      if (had === sum) {
        this.counts.reused += 1;
        continue;
      }
      const target = path.join(this.dir, rel);
      if (had !== undefined) rmSync(target, { force: true });
      if (!this.link(rel, target)) throw new Error(`${rel} of the published version is gone: build again`);
    }
    this.counts.bytes += bytes;
    return true;
  }

  /** Removes the files of the updated version that this output does not have, and folders left empty. */
  finish(): void {
    if (!this.base) return;
    for (const rel of this.base.keys()) {
      if (this.manifest.has(rel)) continue;
      try {
        unlinkSync(path.join(this.dir, rel));
      } catch {
        // gone already, or a folder the output needs there now
      }
      for (let dir = path.dirname(path.join(this.dir, rel)); dir.startsWith(`${this.dir}${path.sep}`); dir = path.dirname(dir)) {
        try {
          rmdirSync(dir);
        } catch {
          break; // not empty (or a file the output needs there now)
        }
      }
    }
  }

  /** Links the published version's file into place; false when it is gone (then the file is written). */
  private link(rel: string, target: string): boolean {
    const source = path.join(this.previous!.dir, rel);
    try {
      place(target, () => linkSync(source, target));
      this.counts.reused += 1;
      return true;
    } catch {
      return false;
    }
  }
}
