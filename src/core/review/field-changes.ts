import type { FieldChange } from './data-diff.ts';

/** A leaf of a nested value as the diff shows it: text as it is, null as empty, anything else as JSON. */
function shownLeaf(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The leaves of a JSON value by their path below `path` (`sections[1].location`), in order; an empty list or object
 * is a leaf of its own.
 */
function leaves(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [`${path}[${i}]`, v])
    : value !== null && typeof value === 'object'
      ? Object.entries(value).map(([k, v]) => [`${path}.${k}`, v])
      : [];
  if (entries.length === 0) out.set(path, shownLeaf(value));
  for (const [p, v] of entries) leaves(v, p, out);
  return out;
}

/** A nested value as the diff holds it (JSON text, empty for null) parsed back; undefined when it is not JSON. */
function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What changed inside a nested field (a list of sections, an object), leaf by leaf: `sections[1].location` from
 * "PAC 4" to "PAC 5", rather than the whole value twice, cut short alike. A value that is no JSON is one change.
 */
export function nestedChanges(field: string, before: string, after: string): FieldChange[] {
  const [old, now] = [parsed(before), parsed(after)];
  if (old === undefined || now === undefined) return [{ field, before, after }];
  const [was, is] = [leaves(old, field, new Map()), leaves(now, field, new Map())];
  const paths = [...new Set([...was.keys(), ...is.keys()])];
  return paths
    .filter((p) => was.get(p) !== is.get(p))
    .map((p) => ({ field: p, before: was.get(p) ?? '', after: is.get(p) ?? '' }));
}
