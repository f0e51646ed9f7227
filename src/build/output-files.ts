import { hash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A file to write into the output, by its path inside it. */
export interface OutputFile {
  path: string;
  body: string | Uint8Array;
}

/** Each output file's content hash, by its path inside the output. */
export type Manifest = Map<string, string>;

/** The content hash a manifest keeps for a file's bytes. */
export function contentHash(body: string | Uint8Array): string {
  return hash('sha1', body, 'base64url');
}

/** Where a version's manifest is kept: beside the version folder, so it never ships with the output. */
export function manifestFile(versionDir: string): string {
  return `${versionDir}.files`;
}

/** Reads a version's manifest; an empty one when it has none (an output built before manifests) or it is unreadable. */
export function readManifest(versionDir: string): Manifest {
  try {
    const json = JSON.parse(readFileSync(manifestFile(versionDir), 'utf8')) as { files?: Record<string, string> };
    return new Map(Object.entries(json.files ?? {}));
  } catch {
    return new Map();
  }
}

/** Writes a version's manifest, paths in order (so the same output gives the same manifest). */
export function writeManifest(versionDir: string, manifest: Manifest): void {
  const files = Object.fromEntries([...manifest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(manifestFile(versionDir), `${JSON.stringify({ version: 1, files })}\n`);
}

/** The previous version to reuse files from: its folder and its manifest. */
export interface PreviousOutput {
  dir: string;
  manifest: Manifest;
}

/** What a writer did: files in the output, how many of them were reused from the previous version, and bytes. */
export interface WriteCounts {
  files: number;
  reused: number;
  bytes: number;
}

/**
 * Writes files into a new version folder, reusing the previous version's file (a hard link:
 * no bytes written, no block allocated) wherever the content hash says the bytes are the same,
 * and keeps the new version's manifest. Synchronous on purpose: one call per file costs a
 * fraction of the promise API's thread-pool round trips, and nothing else runs meanwhile.
 */
export class OutputWriter {
  readonly manifest: Manifest = new Map();
  readonly counts: WriteCounts = { files: 0, reused: 0, bytes: 0 };
  private readonly folders = new Set<string>();
  readonly dir: string;
  private readonly previous?: PreviousOutput;

  constructor(dir: string, previous?: PreviousOutput) {
    this.dir = dir;
    this.previous = previous;
  }

  /** Writes each file (or links the unchanged ones); `fresh` files are always written (their time matters). */
  write(files: Iterable<OutputFile>, options: { fresh?: boolean } = {}): WriteCounts {
    const before = { ...this.counts };
    for (const f of files) {
      if (this.manifest.has(f.path)) throw new Error(`${f.path} is written twice: two stages of the build made the same path`);
      const target = path.join(this.dir, f.path);
      const folder = path.dirname(target);
      if (!this.folders.has(folder)) {
        this.folders.add(folder);
        mkdirSync(folder, { recursive: true });
      }
      const sum = contentHash(f.body);
      this.manifest.set(f.path, sum);
      this.counts.files += 1;
      this.counts.bytes += typeof f.body === 'string' ? Buffer.byteLength(f.body) : f.body.byteLength;
      if (!options.fresh && this.previous?.manifest.get(f.path) === sum && this.reuse(f.path, target)) continue;
      writeFileSync(target, f.body);
    }
    return { files: this.counts.files - before.files, reused: this.counts.reused - before.reused, bytes: this.counts.bytes - before.bytes };
  }

  /** Links the previous version's file into place; false when it is gone (then the file is written). */
  private reuse(rel: string, target: string): boolean {
    try {
      linkSync(path.join(this.previous!.dir, rel), target);
      this.counts.reused += 1;
      return true;
    } catch {
      return false;
    }
  }
}
