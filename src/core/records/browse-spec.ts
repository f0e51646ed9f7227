/**
 * A facet of a table's browse page: a column whose values are counted and offered as filters, or a part of it (`first`
 * word: the subject `CS` of a course `CS 135`, the building `MC` of a location `MC 2065`; or its last: the year `2013`
 * of a date `January 8, 2013`), under a name of its own.
 */
export interface BrowseFacet {
  /** The column it counts (a field of the record, or of the list items that make the rows). */
  column: string;
  /** The facet's name in the URL and on the page; default the column's. */
  name?: string;
  /** Counts the value's first (or last) word only. */
  word?: 'first' | 'last';
}

/** How a table's page at /data/<set>/ shows its records: data only, declared beside the table's description. */
export interface TableBrowse {
  /** A record-list field whose items each make a row, the record's other fields repeated; default one row a record. */
  rowsOf?: string;
  /** The facets, in the order the page offers them. */
  facets?: readonly BrowseFacet[];
}
