/** The value of data/audiences/audiences.csv's `audiences` column that means "every audience". */
export const EVERY_AUDIENCE = 'ALL';

/**
 * The audience list (data/audiences/): every audience label the session data writes, mapped to
 * the audiences it opens a session to (`Co-op and Graduating Students` → Co-op Students and
 * Graduating Students; `Students` → every audience). The site's own data set, like the program
 * list: it shapes the calendar's filters and feeds, never the API files (they keep the labels).
 */
export interface AudienceList {
  /** The file the labels came from, as findings name it. */
  file: string;
  /** The audiences, in the order the list first names them (the order filters offer them). */
  audiences: string[];
  /** Label key (see `labelKey`) to the audiences it opens a session to, or `all`. */
  labels: Map<string, string[] | 'all'>;
  /** Every label as written in the list, in its order (for suggestions). */
  written: string[];
  /** Keys of the labels whose row has an error (reported there): still known, so no session is warned of them. */
  faulty?: ReadonlySet<string>;
}
