import { labelKey, type ProgramList } from '../records/program-list.ts';
import { abbreviationsOf } from './finder.ts';
import { slugify } from './slug.ts';

/** A canonical program: the one name the calendar shows for every label that means it. */
export interface Program {
  slug: string;
  name: string;
  group: ProgramGroup;
  /** The raw labels that name it (what a search for a program also finds). */
  labels: string[];
  /** The codes students know it by, from Quest's subjects (`cs`, `ece`): what the feed finder matches too. */
  abbreviations: string[];
}

/** A faculty with its programs, or `every program` (the reach of a label like `ALL - All`). */
export interface ProgramGroup {
  /** `mathematics`, `other`, or `all`. */
  slug: string;
  /** `Mathematics`. */
  name: string;
  /** `Faculty of Mathematics`. */
  fullName: string;
  programs: Program[];
  /** The codes students know it by, from Quest's groups and subjects (`mat`, `math`). */
  abbreviations: string[];
}

/** What a raw label resolves to: the programs it names and the groups it opens the session to whole. */
export interface LabelReach {
  direct: Program[];
  groups: ProgramGroup[];
}

/**
 * The programs of the calendar: the program list's canonical programs by faculty, then the
 * labels it does not know (each a program of its own, under "Other programs"). `resolve` adds
 * unknown labels as it meets them; `groups` and `every` are complete once every session is read.
 */
export interface ProgramCatalog {
  /** The faculties that have programs, in the list's order, "Other programs" last. */
  groups(): ProgramGroup[];
  /** Every program, every faculty. */
  every: ProgramGroup;
  resolve(label: string): LabelReach;
  /**
   * Every label met or listed, by its slug (the feed name it had before programs were canonical), and what it resolves
   * to.
   */
  labels(): Map<string, LabelReach>;
}

/** A group of programs with none in it yet. */
function emptyGroup(slug: string, name: string, fullName: string, abbreviations: string[] = []): ProgramGroup {
  return { slug, name, fullName, programs: [], abbreviations };
}

/** Builds the catalog from the program list (or none: then every label is a program of its own). */
export function programCatalog(list: ProgramList | undefined): ProgramCatalog {
  const codes = list?.abbreviations ?? [];
  const every = emptyGroup('all', 'Every program', 'Every program of every faculty');
  const other = emptyGroup('other', 'Other programs', 'Programs not in the program list');
  const byCode = new Map<string, ProgramGroup>();
  for (const f of list?.faculties ?? [])
    byCode.set(f.code, emptyGroup(slugify(f.name), f.name, f.fullName, abbreviationsOf(f.name, codes)));
  const programs = new Map<string, Program>();
  const program = (name: string, group: ProgramGroup) => {
    const slug = slugify(name);
    let p = programs.get(slug);
    if (!p) {
      programs.set(slug, (p = { slug, name, group, labels: [], abbreviations: abbreviationsOf(name, codes) }));
      group.programs.push(p);
      every.programs.push(p);
    }
    return p;
  };
  const known = new Map<string, LabelReach>();
  for (const [key, meaning] of list?.labels ?? []) {
    known.set(
      key,
      meaning.kind === 'program'
        ? { direct: [program(meaning.program, byCode.get(meaning.faculty)!)], groups: [] }
        : { direct: [], groups: [meaning.kind === 'all' ? every : byCode.get(meaning.faculty)!] },
    );
  }
  const met = new Map<string, LabelReach>();
  for (const label of list?.written ?? []) {
    const reach = known.get(labelKey(label))!;
    reach.direct[0]?.labels.push(label);
    met.set(slugify(label), reach);
  }
  let sorted: { count: number; groups: ProgramGroup[] } | undefined;
  return {
    every,
    groups() {
      // Programs are added only while sessions are read; after that the sorted list is kept.
      if (sorted?.count !== every.programs.length) {
        every.programs.sort(byName);
        sorted = {
          count: every.programs.length,
          groups: [...byCode.values(), other].filter((g) => g.programs.sort(byName).length > 0),
        };
      }
      return sorted.groups;
    },
    resolve(label) {
      const slug = slugify(label);
      let reach = met.get(slug);
      if (!reach) {
        reach = known.get(labelKey(label));
        if (!reach) (reach = { direct: [program(label, other)], groups: [] }).direct[0]!.labels.push(label);
        met.set(slug, reach);
      }
      return reach;
    },
    labels: () => met,
  };
}

const collator = new Intl.Collator('en');
function byName(a: Program, b: Program): number {
  return collator.compare(a.name, b.name);
}

/**
 * What a session is open to: the programs its labels name, and the faculties (or every program) they open it to whole.
 */
export interface OpenTo {
  programs: Program[];
  groups: ProgramGroup[];
  /** The catalog they come from: where a list of every program (a filter's choices) is found. */
  catalog: ProgramCatalog;
}

/** Resolves a session's raw labels (already split and trimmed) through the catalog. */
export function openToOf(labels: readonly string[], catalog: ProgramCatalog): OpenTo {
  const programs = new Set<Program>();
  const groups = new Set<ProgramGroup>();
  for (const label of labels) {
    const reach = catalog.resolve(label);
    for (const p of reach.direct) programs.add(p);
    for (const g of reach.groups) groups.add(g);
  }
  return { programs: [...programs], groups: [...groups], catalog };
}

/** Whether a session open to `o` is open to program `p` (named, or through its faculty or every program). */
export function isOpenTo(o: OpenTo, p: Program): boolean {
  return o.programs.includes(p) || o.groups.some((g) => g.slug === 'all' || g === p.group);
}

/** Every program a session is open to, each once: the named ones and those of the faculties it opens to whole. */
export function programsOpen(o: OpenTo): Program[] {
  if (o.groups.length === 0) return o.programs;
  const out = new Set(o.programs);
  for (const g of o.groups) for (const p of g.programs) out.add(p);
  return [...out];
}

/**
 * The filter's tokens of a session (`data-programs`): program slugs, and `@mathematics` or `@all` for a faculty or
 * every program.
 */
export function programTokens(o: OpenTo): string {
  return [...o.programs.map((p) => p.slug), ...o.groups.map((g) => `@${g.slug}`)].join(' ');
}
