/**
 * Site-relative paths of the data sets' pages (no leading slash, folders end in `/`): page n of a table's list at
 * `<table's folder>page/<n>/` (a table's folder: portalPaths.table). The pages' scripts import this module: it imports
 * nothing, so that the bundler shares no module between their script and the calendar's (both would become files).
 */
export const browsePaths = {
  /** The data portal's index (another page's: each table's page links back to it). */
  portal: 'data/',
  /** Page n of a table's list (the first is the table's own page). */
  page: (folder: string, n: number) => (n === 1 ? folder : `${folder}page/${n}/`),
  /**
   * The name of a table's compact rows file, which its page's script filters, sorts and pages: written in chunks
   * (browse-chunks.ts), whose names, as its shards' and first pages', are made from it.
   */
  rows: (set: string, table: string) => `data/${set}/${table}.browse.json`,
  /** Where Astro renders the shell the build fills per page (and then removes). */
  shell: 'data-shell/',
  /** Where Astro renders the portal's shell, which the build fills once it knows its files (and then removes). */
  portalShell: 'data-portal-shell/',
};

/** What the names of a rows file's chunks, shards and first pages begin with: its name less `.browse.json`. */
export function rowsStem(rowsFile: string): string {
  return rowsFile.replace(/\.browse\.json$/, '');
}
