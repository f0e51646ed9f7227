/**
 * The place list (data/places/): the named places the session files write as locations that no building's code or
 * name finds (`Fed Hall`, `Bombshelter`, `RIM Park`), each with the building it is in when it is one of the campus's,
 * and its own position or street address where known. The site's own data, like the audience list: it shapes the
 * calendar's and the buildings' pages, never the API files (they keep the locations as written).
 */
export interface Place {
  name: string;
  /** Other ways the session files write it (`Fed Hall`, `Feds Hall`). */
  aliases: string[];
  /** The code of the building it is in or is (data/buildings/), or null for a place off campus. */
  building: string | null;
  position: { lat: number; lon: number } | null;
  /** A street address, for a place off campus: what a maps app is given when no position is known. */
  address: string;
  /** Its line in the list (for findings). */
  line: number;
  /** The column of its building cell (for findings). */
  buildingColumn: number;
}

/** The place list read from data/places/places.csv. */
export interface PlaceList {
  /** The file the places came from, as findings name it. */
  file: string;
  places: Place[];
}
