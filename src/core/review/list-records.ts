import type { DataReport } from '../datasets/data-folder.ts';
import { EVERY_AUDIENCE } from '../records/audience-list.ts';
import { EVERY_FACULTY, labelKey } from '../records/program-list.ts';
import type { DiffRecord } from './data-diff.ts';

/**
 * One of the site's own lists (data/programs/, data/audiences/, data/places/) described as a table of records for
 * the diff: its name, key and columns, and its rows read back from a report. They drive the calendar's filters,
 * feeds and place links but no API file, so they are not data sets; the diff compares them by the same engine.
 */
export interface SiteList {
  name: string;
  /** How the diff names it. */
  label: string;
  key: readonly string[];
  columns: readonly string[];
  records(report: DataReport): DiffRecord[];
}

/** The program list's labels, each with the program and faculty it names (empty program: a whole faculty or all). */
function programRecords(report: DataReport): DiffRecord[] {
  const list = report.programs;
  if (!list) return [];
  return list.written.map((label) => {
    const meaning = list.labels.get(labelKey(label));
    const program = meaning?.kind === 'program' ? meaning.program : '';
    const faculty = meaning?.kind === 'all' ? EVERY_FACULTY : (meaning?.faculty ?? '');
    return { key: label, file: list.file, values: { label, program, faculty } };
  });
}

/** The audience list's labels, each with the audiences it opens a session to (`ALL`: every one). */
function audienceRecords(report: DataReport): DiffRecord[] {
  const list = report.audiences;
  if (!list) return [];
  return list.written.map((label) => {
    const audiences = list.labels.get(labelKey(label));
    const shown = audiences === 'all' ? EVERY_AUDIENCE : (audiences ?? []).join('|');
    return { key: label, file: list.file, values: { label, audiences: shown } };
  });
}

/** The place list's places, by name. */
function placeRecords(report: DataReport): DiffRecord[] {
  const list = report.places;
  if (!list) return [];
  return list.places.map((p) => ({
    key: p.name,
    file: list.file,
    line: p.line,
    values: {
      name: p.name,
      aliases: p.aliases.join('|'),
      building: p.building ?? '',
      latitude: p.position ? String(p.position.lat) : '',
      longitude: p.position ? String(p.position.lon) : '',
      address: p.address,
    },
  }));
}

/** The site's lists the diff compares, in the order it shows them. */
export const SITE_LISTS: readonly SiteList[] = [
  {
    name: 'programs',
    label: 'program list',
    key: ['label'],
    columns: ['label', 'program', 'faculty'],
    records: programRecords,
  },
  {
    name: 'audiences',
    label: 'audience list',
    key: ['label'],
    columns: ['label', 'audiences'],
    records: audienceRecords,
  },
  {
    name: 'places',
    label: 'place list',
    key: ['name'],
    columns: ['name', 'aliases', 'building', 'latitude', 'longitude', 'address'],
    records: placeRecords,
  },
];
