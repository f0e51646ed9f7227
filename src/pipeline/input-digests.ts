import { hash } from 'node:crypto';
import type { BuildingLookup } from '../core/buildings/location.ts';
import type { AudienceCatalog } from '../core/calendar/audiences.ts';
import type { ProgramCatalog } from '../core/calendar/programs.ts';
import { sessionSource } from '../core/calendar/session.ts';
import type { BuildContext } from './context.ts';

/**
 * Digests of what files are made from: the JSON of their inputs, under a salt (the project's code). Objects shared by
 * many files (a session, the program catalogue, the building lookup, a page shell) are given a name once, by what
 * they hold, and stand in by that name wherever they appear; a function, Map or Set that has no name cannot be read
 * by JSON, so it throws rather than let a digest miss what it holds.
 */
export class InputDigests {
  private readonly names = new WeakMap<object, string>();
  private readonly salt: string;

  constructor(salt: string) {
    this.salt = salt;
  }

  /** Names a shared object (or function): wherever it appears in an input, `name` stands for it. */
  name(value: object, name: string): void {
    this.names.set(value, name);
  }

  /** Names a shared object by what `name` gives, unless it has a name already (the name is made once). */
  nameOnce(value: object, name: () => string): void {
    if (!this.names.has(value)) this.names.set(value, name());
  }

  /** Names an object by the digest of its own content (its named parts by their names); returns the name. */
  nameByContent(value: object): string {
    const name = this.of(value, value);
    this.names.set(value, name);
    return name;
  }

  /** The digest of an input: its JSON, named objects by their names. */
  of(value: unknown, self?: object): string {
    const json = JSON.stringify(value, (key, v: unknown) => {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
      const name = v === self ? undefined : this.names.get(v);
      if (name !== undefined) return `@${name}`;
      if (typeof v === 'function' || v instanceof Map || v instanceof Set)
        throw new Error(
          `an input of a made file holds ${typeof v === 'function' ? 'a function' : 'a Map or Set'} (at "${key}") ` +
            `with no name: name it (InputDigests.name) by what it holds`,
        );
      return v;
    });
    return hash('sha256', `${this.salt}\n${json}`, 'base64url').slice(0, 27);
  }
}

/**
 * Names the catalog, each faculty and each program (they refer to each other, which JSON cannot follow): every name
 * carries the digest of the whole catalog, so a file that shows any part of it is made again when any of it changes.
 */
export function nameCatalog(digests: InputDigests, catalog: ProgramCatalog): void {
  const groups = [...new Set([...catalog.groups(), catalog.every])];
  for (const [i, g] of groups.entries()) digests.name(g, `group:${i}`);
  for (const p of catalog.every.programs) digests.name(p, `program:${p.slug}`);
  const content = {
    groups: catalog.groups(),
    faculties: groups.map((g) => digests.of(g, g)),
    programs: catalog.every.programs.map((p) => digests.of(p, p)),
    labels: [...catalog.labels()],
  };
  const whole = digests.of(content);
  for (const [i, g] of groups.entries()) digests.name(g, `${whole}/group:${i}`);
  for (const p of catalog.every.programs) digests.name(p, `${whole}/program:${p.slug}`);
  digests.name(catalog, whole);
}

/** Names the audience catalog by its content (every audience, every label's reach). */
export function nameAudiences(digests: InputDigests, catalog: AudienceCatalog): void {
  digests.name(catalog, `audiences:${digests.of({ list: catalog.list, labels: [...catalog.labels()] })}`);
}

/**
 * The digests of what this build's files are made from: the code in every one, and the objects many files share named
 * once by what they hold (each session by what it is read from: sessionSource).
 */
export function inputDigests(context: BuildContext, code: string, buildings: BuildingLookup): InputDigests {
  const digests = new InputDigests(`made-file 2\n${code}`);
  nameCatalog(digests, context.catalog);
  nameAudiences(digests, context.audiences);
  // The lookup is made from the buildings and the place list (data/places/): a change to either remakes what it found.
  digests.name(buildings, `buildings:${digests.of([context.buildings, context.site.places?.places ?? []])}`);
  digests.nameByContent(context.site.directory);
  for (const method of context.published) digests.nameByContent(method.entry);
  const shared = [context.catalog, context.audiences];
  for (const s of context.sessions) {
    const source = sessionSource(s);
    const revised = context.revisions?.get(s) ?? null;
    if (source) digests.name(s, `session:${digests.of([...source, revised, ...shared])}`);
    else digests.nameByContent(s);
  }
  return digests;
}
