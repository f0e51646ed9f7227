/** Where a method's data comes from: its data set (by name and title) and that set's upstream source, if any. */
export interface Provenance {
  dataSet: string;
  title: string;
  /** The community repository and its file or folder, as the data portal shows them; none for a set kept here. */
  source?: { repository: string; path: string; url: string };
  /** Whether the data portal (/data/) lists it: a set with a folder of data, not one the build derives. */
  listed: boolean;
}
