import { createHash, hash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Finding } from '../core/read/findings.ts';

/** A file to write into the output, by its path inside it. */
export interface OutputFile {
  path: string;
  /**
   * Its bytes, or how to make them (called only when the file cannot be reused: see `madeFrom`), whole or a chunk
   * of text at a time: a file too large to hold whole is written a chunk at a time, hashed as it goes.
   */
  body: string | Uint8Array | (() => string | Uint8Array | Iterable<string>);
  /**
   * A digest of everything the body is made from (input-digests.ts): when a version this build updates or links from
   * recorded the same for the path, its file is reused as it is and the body is never made.
   */
  madeFrom?: string;
}

/** Each output file's content hash, by its path inside the output. */
export type Manifest = Map<string, string>;

/** For the files made from a digest of their inputs: that digest and the file's size, by path. */
export type MadeFrom = Map<string, { from: string; bytes: number }>;

/** A file made: its content hash and size, and its bytes (none when written a chunk at a time into the draft). */
interface Made {
  sum: string;
  bytes: number;
  body?: string | Uint8Array;
}

/** Whether a body is chunks of text rather than bytes. */
function inChunks(body: string | Uint8Array | Iterable<string>): body is Iterable<string> {
  return typeof body !== 'string' && !(body instanceof Uint8Array);
}

/** The name of the draft of a file written a chunk at a time, in the version folder (see OutputWriter). */
const DRAFT = '.campus-draft';

/**
 * Writes chunks of text into a new file, hashing them as it goes: the file's content hash and size. Each chunk is
 * encoded once, into one buffer kept for the next (a listing of 100,000 sessions is about 150 MB of JSON and XML).
 */
function writeChunks(file: string, chunks: Iterable<string>): { sum: string; bytes: number } {
  const sha = createHash('sha1');
  const fd = openSync(file, 'w');
  let bytes = 0;
  let scratch = Buffer.allocUnsafe(1 << 20);
  try {
    for (const text of chunks) {
      // Room for the most a text's UTF-8 can take: 3 bytes a UTF-16 unit.
      if (text.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(text.length * 3);
      const encoded = scratch.subarray(0, scratch.write(text, 0, 'utf8'));
      sha.update(encoded);
      writeFileSync(fd, encoded);
      bytes += encoded.length;
    }
  } finally {
    closeSync(fd);
  }
  return { sum: sha.digest('base64url'), bytes };
}

/** Where a version's manifest is kept: beside the version folder, so it never ships with the output. */
export function manifestFile(versionDir: string): string {
  return `${versionDir}.files`;
}

/**
 * What a version was built from (input-key.ts), the data's warnings (printed again by a build that reuses the version
 * whole) and the bytes of its files but the stamp.
 */
export interface VersionInputs {
  key: string;
  warnings: Finding[];
  bytes: number;
}

/** What a version's manifest records. */
export interface VersionRecord {
  manifest: Manifest;
  made?: MadeFrom;
  inputs?: VersionInputs;
}

/**
 * The manifest's format: a line of JSON (ManifestHead), then V8's serialization of a ManifestBody (at 216,006 files
 * it reads in about two thirds and writes in about half the time a line of text a file took). A manifest of another
 * format, or one that does not read whole (cut short, garbled, or written by a Node.js whose serialization this one
 * cannot read), is an empty one: the build then makes every file, and is right, only slower.
 */
const FORMAT = 6;

/** A manifest's files, four lists in step, in path order; `from` and `bytes` are '' and -1 for a file not made. */
interface ManifestBody {
  paths: string[];
  sums: string[];
  from: string[];
  bytes: number[];
}

interface ManifestHead {
  version?: number;
  inputs?: VersionInputs;
}

/** A manifest's bytes and its first line, read; undefined when it has none or the line is not JSON. */
function readManifest(versionDir: string): { bytes: Buffer; end: number; head: ManifestHead } | undefined {
  try {
    const bytes = readFileSync(manifestFile(versionDir));
    const end = bytes.indexOf(0x0a);
    const head = JSON.parse(bytes.toString('utf8', 0, end < 0 ? bytes.length : end)) as ManifestHead;
    return { bytes, end, head };
  } catch {
    return undefined;
  }
}

/**
 * What a version was built from, by its manifest's first line (a build's hint before it takes the output's lock: its
 * files are read once, under it); undefined when it has no readable manifest or none says.
 */
export function readVersionInputs(versionDir: string): VersionInputs | undefined {
  return readManifest(versionDir)?.head.inputs;
}

/** Reads a version's manifest; an empty one, without `made`, when it has none or it is unreadable. */
export function readVersionRecord(versionDir: string): VersionRecord {
  const read = readManifest(versionDir);
  // Another format's files are not read: its version reads as holding nothing and made from nothing (no `made`),
  // so its folder is never updated in place (files it shares with the published version would be written through)
  // and none of its files is reused.
  if (read?.head.version !== FORMAT) return { manifest: new Map() };
  const { bytes, end, head } = read;
  try {
    // Written whole (a draft renamed into place) by this format's code: what does not deserialize is not trusted.
    const { paths, sums, from, bytes: sizes } = deserialize(bytes.subarray(end + 1)) as ManifestBody;
    const manifest: Manifest = new Map();
    const made: MadeFrom = new Map();
    for (let i = 0; i < paths.length; i++) {
      manifest.set(paths[i]!, sums[i]!);
      if (sizes[i]! >= 0) made.set(paths[i]!, { from: from[i]!, bytes: sizes[i]! });
    }
    return { manifest, made, ...(head.inputs ? { inputs: head.inputs } : {}) };
  } catch {
    return { manifest: new Map() };
  }
}

/**
 * Writes a version's manifest, paths in order (the same output, the same manifest), into a draft renamed into place:
 * one cut short by a killed build would read as a version holding fewer files than it does.
 */
export function writeManifest(versionDir: string, record: VersionRecord): void {
  const file = manifestFile(versionDir);
  const draft = `${file}.draft`;
  const paths = [...record.manifest.keys()].sort();
  const body: ManifestBody = { paths, sums: [], from: [], bytes: [] };
  for (const rel of paths) {
    const m = record.made?.get(rel);
    body.sums.push(record.manifest.get(rel)!);
    body.from.push(m?.from ?? '');
    body.bytes.push(m?.bytes ?? -1);
  }
  const head = JSON.stringify({ version: FORMAT, ...(record.inputs ? { inputs: record.inputs } : {}) });
  try {
    writeFileSync(draft, Buffer.concat([Buffer.from(`${head}\n`), serialize(body)]));
  } catch (error) {
    rmSync(draft, { force: true });
    throw error;
  }
  renameSync(draft, file);
}

/** A version folder and its manifest: the published one to link files from, or the one a build updates in place. */
export interface PreviousOutput extends VersionRecord {
  dir: string;
}

/** What a writer did: files in the output, those kept or linked unchanged, and bytes. */
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
 * Writes an output version, touching the disk only for what changed, into a new empty folder or an older version
 * updated in place (`base`, its manifest): see `reuse`. `finish` removes what `base` held that this output no longer
 * has. Synchronous on purpose: one call per file costs a fraction of the promise API's thread-pool round trips.
 */
export class OutputWriter {
  readonly manifest: Manifest = new Map();
  readonly made: MadeFrom = new Map();
  readonly counts: WriteCounts = { files: 0, reused: 0, bytes: 0 };
  readonly dir: string;
  private readonly previous?: PreviousOutput;
  private readonly base?: Manifest;
  private readonly baseMade?: MadeFrom;
  /** Folders of a new version folder that exist already (made by this writer). */
  private readonly folders = new Set<string>();

  constructor(dir: string, previous?: PreviousOutput, base?: VersionRecord) {
    this.dir = dir;
    this.previous = previous;
    this.base = base?.manifest;
    this.baseMade = base?.made;
  }

  /**
   * Writes each file, or keeps or links an unchanged one: a file made from what the updated or the published version
   * recorded for its path (`madeFrom`) is that version's, its body never made. `fresh` files are always written (their
   * time matters).
   */
  write(files: Iterable<OutputFile>, options: { fresh?: boolean } = {}): void {
    for (const f of files) {
      this.claim(f.path);
      const known = options.fresh ? undefined : this.madeBefore(f);
      let made = known ? undefined : this.make(f);
      const { sum, bytes } = known ?? made!;
      const target = path.join(this.dir, f.path);
      if (options.fresh) rmSync(target, { force: true });
      else if (this.reuse(f.path, sum, target)) {
        this.add(f, sum, bytes);
        this.drop(made);
        continue;
      }
      // Made from the same as the published version's file, which is gone (removed by hand): made after all.
      made ??= this.make(f);
      this.add(f, made.sum, made.bytes);
      const { body } = made;
      this.folderOf(target);
      place(target, () => (body === undefined ? renameSync(this.draft, target) : writeFileSync(target, body)));
    }
  }

  /** Refuses a path written twice in one version. */
  private claim(rel: string): void {
    if (this.manifest.has(rel)) throw new Error(`${rel} is written twice: two stages of the build made the same path`);
  }

  /**
   * Keeps the updated version's file when it has these bytes, else links the published version's when that has them
   * (a hard link: no bytes written, no block allocated); false when neither has them. A changed file is removed first,
   * never written through: it may be a link shared with the published version.
   */
  private reuse(rel: string, sum: string, target: string): boolean {
    const had = this.base?.get(rel);
    if (had === sum) {
      this.counts.reused += 1;
      return true;
    }
    if (had !== undefined) rmSync(target, { force: true });
    return this.previous?.manifest.get(rel) === sum && this.link(rel, target);
  }

  /** Where a file made a chunk at a time is written, renamed into place when needed. */
  private get draft(): string {
    return path.join(this.dir, DRAFT);
  }

  /** Makes a file's bytes and hashes them; a file in chunks is written into the draft as they come (never whole). */
  private make(f: OutputFile): Made {
    const body = typeof f.body === 'function' ? f.body() : f.body;
    if (inChunks(body)) return writeChunks(this.draft, body);
    const one = body as string | Uint8Array; // not chunks (to TypeScript a string is chunks too: Iterable<string>)
    // A large text encoded once, for the hash and the write alike.
    const whole = typeof one === 'string' && one.length > 65536 ? Buffer.from(one) : one;
    const bytes = typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength;
    return { sum: hash('sha1', whole, 'base64url'), bytes, body: whole };
  }

  /** Removes the draft of a file made in chunks that was not needed after all. */
  private drop(made: Made | undefined): void {
    if (made && made.body === undefined) unlinkSync(this.draft);
  }

  /** Records a file in the manifest (with what it was made from) and the counts. */
  private add(f: OutputFile, sum: string, bytes: number): void {
    this.manifest.set(f.path, sum);
    if (f.madeFrom !== undefined) this.made.set(f.path, { from: f.madeFrom, bytes });
    this.counts.files += 1;
    this.counts.bytes += bytes;
  }

  /** The hash and size of the file the updated or the published version made from the same as `f`, when one did. */
  private madeBefore(f: OutputFile): { sum: string; bytes: number } | undefined {
    if (f.madeFrom === undefined) return undefined;
    const same = (made: MadeFrom | undefined, manifest: Manifest | undefined) => {
      const m = made?.get(f.path);
      const sum = m?.from === f.madeFrom ? manifest?.get(f.path) : undefined;
      return sum === undefined ? undefined : { sum, bytes: m!.bytes };
    };
    // The updated version first: its file is then kept as it is.
    return same(this.baseMade, this.base) ?? same(this.previous?.made, this.previous?.manifest);
  }

  /**
   * Puts every file of the published version's manifest in place unchanged, with what each was made from (a build whose
   * inputs are that version's: input-key.ts). Does nothing and returns false when a file to link is missing there
   * (removed by hand): then the output must be rendered.
   */
  keepAll(manifest: Manifest, bytes: number, made?: MadeFrom): boolean {
    const linked = [...manifest].filter(([rel, sum]) => this.base?.get(rel) !== sum);
    if (linked.some(([rel]) => !existsSync(path.join(this.previous?.dir ?? '', rel)))) return false;
    for (const [rel, sum] of manifest) {
      this.claim(rel);
      this.manifest.set(rel, sum);
      const m = made?.get(rel);
      if (m) this.made.set(rel, m);
      this.counts.files += 1;
      if (!this.reuse(rel, sum, path.join(this.dir, rel)))
        throw new Error(`${rel} of the published version is gone: build again`);
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
      for (
        let dir = path.dirname(path.join(this.dir, rel));
        dir.startsWith(`${this.dir}${path.sep}`);
        dir = path.dirname(dir)
      ) {
        try {
          rmdirSync(dir);
        } catch {
          break; // not empty (or a file the output needs there now)
        }
      }
    }
  }

  /**
   * Makes the folder of a file about to be put into a new version folder, once: creating it outright costs one call,
   * where a write that fails, the look for what is missing and then the folder (place) cost four, for every session's
   * page. An updated version (`base`) is left to place, which also removes what stands in the way.
   */
  private folderOf(target: string): void {
    const dir = path.dirname(target);
    if (this.base || this.folders.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    for (let d = dir; d.length > this.dir.length && !this.folders.has(d); d = path.dirname(d)) this.folders.add(d);
  }

  /** Links the published version's file into place; false when it is gone (then the file is written). */
  private link(rel: string, target: string): boolean {
    const source = path.join(this.previous!.dir, rel);
    try {
      this.folderOf(target);
      place(target, () => linkSync(source, target));
      this.counts.reused += 1;
      return true;
    } catch {
      return false;
    }
  }
}
