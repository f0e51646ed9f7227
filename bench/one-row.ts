// The benchmark's one-row change: one cell of one session, as a pull request that fixes a typo makes it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the change appends to the employer cell; a second change takes it off again. */
const MARK = ' (updated)';

/**
 * Changes one cell of a data folder: the employer of a session in the middle of the middle
 * file (one whose line starts with its id and an unquoted employer), appending " (updated)",
 * or taking that off when an earlier call put it there. So every call is a real one-cell change.
 * Returns the session's id.
 */
export function toggleOneRow(dataDir: string): string {
  const dir = path.join(dataDir, 'infosessions');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  const file = path.join(dir, files[Math.floor(files.length / 2)]!);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const marked = lines.findIndex((l) => /^\d+,[^",]*\(updated\),/.test(l));
  if (marked >= 0) {
    lines[marked] = lines[marked]!.replace(`${MARK},`, ',');
  } else {
    const starts = lines.map((l, i) => (/^\d+,[^",]+,"/.test(l) ? i : -1)).filter((i) => i > 0);
    const i = starts[Math.floor(starts.length / 2)];
    if (i === undefined) throw new Error(`${file} has no row whose employer can be changed`);
    lines[i] = lines[i]!.replace(/^(\d+,[^",]+),/, `$1${MARK},`);
  }
  const changed = marked >= 0 ? marked : lines.findIndex((l) => l.includes(`${MARK},`));
  writeFileSync(file, lines.join('\n'));
  return lines[changed]!.split(',')[0]!;
}
