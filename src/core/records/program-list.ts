/** A faculty (a Quest academic group): its code and how people name it. */
export interface Faculty {
  /** Quest's group code, e.g. `MAT`. */
  code: string;
  /** `Mathematics`. */
  name: string;
  /** `Faculty of Mathematics`. */
  fullName: string;
}

/** What one raw program label of the data means: one program, every program of a faculty, or every program. */
export type LabelMeaning =
  | { kind: 'program'; program: string; faculty: string }
  | { kind: 'faculty'; faculty: string }
  | { kind: 'all' };

/** The faculty value of data/programs/programs.csv that means "every faculty". */
export const EVERY_FACULTY = 'ALL';

/**
 * The program list (data/programs/): every raw label the session data writes, mapped to a
 * canonical program and its faculty, or to a whole faculty, or to every program. The site's
 * own data set: it shapes the calendar's filters and feeds, never the API files.
 */
export interface ProgramList {
  /** The file the labels came from, as findings name it. */
  file: string;
  faculties: Faculty[];
  /** Label key (see `labelKey`) to what the label means. */
  labels: Map<string, LabelMeaning>;
  /** Every label as written in the list, in its order (for suggestions). */
  written: string[];
  /** Keys of the labels whose row has an error (reported there): still known, so no session is warned of them. */
  faulty?: ReadonlySet<string>;
  /**
   * The codes students know programs and faculties by: Quest's subjects (`CS`) and groups (`MAT`), with
   * their names.
   */
  abbreviations?: { code: string; name: string }[];
}

/** Keys already made: a few hundred labels are looked up again for every session. */
const keys = new Map<string, string>();

/** How a label is looked up: case, spaces and punctuation do not matter (`ENG - Software` = `eng software`). */
export function labelKey(label: string): string {
  let key = keys.get(label);
  if (key === undefined) {
    key = label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if (keys.size < 100_000) keys.set(label, key);
  }
  return key;
}
