import type { AudienceList } from '../records/audience-list.ts';
import { labelKey } from '../records/program-list.ts';
import { slugify } from './slug.ts';

/** An audience of the calendar: who a session is open to (`Co-op Students`), as its filter and feed name it. */
export interface Audience {
  slug: string;
  name: string;
  /** Its place in the catalog: the order filters offer audiences in. */
  rank: number;
}

/** What one audience label opens a session to: its audiences, and whether that is every audience. */
export interface AudienceReach {
  /** The label as written (the first spelling met). */
  label: string;
  audiences: Audience[];
  every: boolean;
}

/**
 * The audiences of the calendar: the audience list's (data/audiences/), then the labels it does
 * not know, each an audience of its own. `resolve` adds those as it meets them; `list` is
 * complete once every session is read.
 */
export interface AudienceCatalog {
  /** Every audience, the list's in its order, then the unknown labels' in the order met. */
  list: Audience[];
  /** The audiences a label opens a session to; none for an empty label. */
  resolve(label: string): readonly Audience[];
  /** Every label met or listed, by its slug (its feed's name), with what it opens to. */
  labels(): Map<string, AudienceReach>;
}

/** Builds the catalog from the audience list (or none: then every label is an audience of its own). */
export function audienceCatalog(list: AudienceList | undefined): AudienceCatalog {
  const audiences: Audience[] = [];
  const bySlug = new Map<string, Audience>();
  const audience = (name: string): Audience => {
    const slug = slugify(name);
    let a = bySlug.get(slug);
    if (!a) {
      bySlug.set(slug, (a = { slug, name, rank: audiences.length }));
      audiences.push(a);
    }
    return a;
  };
  for (const name of list?.audiences ?? []) audience(name);
  // The list's labels: `all` is every audience of the list (unknown labels are not in it).
  const every = [...audiences];
  const known = new Map<string, AudienceReach>();
  for (const label of list?.written ?? []) {
    const meaning = list!.labels.get(labelKey(label))!;
    known.set(
      labelKey(label),
      meaning === 'all'
        ? { label, audiences: every, every: true }
        : { label, audiences: meaning.map(audience), every: false },
    );
  }
  const met = new Map<string, AudienceReach>();
  for (const reach of known.values()) met.set(slugify(reach.label), reach);
  const resolved = new Map<string, readonly Audience[]>();
  return {
    list: audiences,
    resolve(label) {
      let out = resolved.get(label);
      if (out === undefined) {
        const text = label.trim();
        let reach = text ? known.get(labelKey(text)) : undefined;
        if (text && !reach) {
          reach = met.get(slugify(text)) ?? { label: text, audiences: [audience(text)], every: false };
          known.set(labelKey(text), reach);
          met.set(slugify(text), reach);
        }
        resolved.set(label, (out = reach?.audiences ?? []));
      }
      return out;
    },
    labels: () => met,
  };
}

/** The filter's tokens of a session (`data-audience`): the slugs of the audiences it is open to. */
export function audienceTokens(audiences: readonly Audience[]): string {
  return audiences.map((a) => a.slug).join(' ');
}
