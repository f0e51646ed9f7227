import { createHash } from 'node:crypto';
import { DATASETS } from '../core/datasets/registry.ts';
import { tableCsv, tableJson, tableNdjson } from '../core/portal/bulk-files.ts';
import { changesAtom, changesJson, changeTimesJson, type DataHistory } from '../core/portal/change-files.ts';
import { dataPackage } from '../core/portal/datapackage.ts';
import { type DownloadFile, downloadsJson } from '../core/portal/download-list.ts';
import { type DownloadTable, downloadTables } from '../core/portal/download-tables.ts';
import type { PortalSummary } from '../core/portal/portal-page.ts';
import { sqlTables } from '../core/portal/sqlite-schema.ts';
import { portalPaths } from '../core/site/paths.ts';
import { dataChanges } from './change-history.ts';
import type { BuildContext } from './context.ts';
import type { OutputFile } from './output-files.ts';
import { sqliteBytes } from './sqlite-file.ts';

/** A download file's entry: its size and SHA-256 computed from its bytes. */
function listed(file: Omit<DownloadFile, 'bytes' | 'sha256'>, body: string | Uint8Array): DownloadFile {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { ...file, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A table's three files (CSV, JSON, NDJSON), with their entries in the list of downloads. */
function tableFiles(t: DownloadTable): { files: OutputFile[]; listed: DownloadFile[] } {
  const files: OutputFile[] = [];
  const entries: DownloadFile[] = [];
  for (const [format, make] of [
    ['csv', tableCsv],
    ['json', tableJson],
    ['ndjson', tableNdjson],
  ] as const) {
    const body = make(t);
    const at = portalPaths.download(t.name, format);
    files.push({ path: at, body });
    entries.push(
      listed({ path: `/${at}`, format, dataset: t.dataset, table: t.table.name, records: t.rows.length }, body),
    );
  }
  return { files, listed: entries };
}

/** What the portal is made from: the data read, where it is and is served, when git saw each set change. */
type PortalContext = Pick<BuildContext, 'site' | 'render' | 'dataDir' | 'dataTimes'>;

/** The change feed (JSON and Atom) and each data set's record change times, from the data folder's git history. */
function changeFiles(
  history: DataHistory | undefined,
  context: PortalContext,
  tables: readonly DownloadTable[],
): OutputFile[] {
  const sets = [...new Set(tables.map((t) => t.dataset))].map((name) => DATASETS[name]!);
  return [
    { path: portalPaths.changesJson, body: changesJson(history) },
    { path: portalPaths.changesAtom, body: changesAtom(history, context.render, context.render.timestamp) },
    ...sets.map((set) => ({ path: portalPaths.changeTimes(set.name), body: changeTimesJson(history, set) })),
  ];
}

/** What the data portal publishes: its files, and what its page shows of them (their list, each set's last change). */
export interface PortalOutput {
  files: OutputFile[];
  summary: PortalSummary;
  /** The data folder's history the change feed is made from; none outside git. */
  history: DataHistory | undefined;
}

/** The newest change of each data set's records in the history, else when git last saw its folder change. */
function lastChanges(history: DataHistory | undefined, dataTimes: BuildContext['dataTimes']): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const e of history?.entries ?? []) for (const t of e.tables) changed[t.dataset] ??= e.time;
  for (const [name, time] of Object.entries(dataTimes ?? {})) changed[name] ??= time;
  return changed;
}

/** Each build's portal, made once: its files are written by the build, its summary filled into the portal page. */
const made = new WeakMap<object, PortalOutput>();

/**
 * The data portal of a build under /data/ (made once per build, whoever asks first): each table of each data set as
 * CSV, JSON and NDJSON, every table in one SQLite database, the Frictionless Data Package describing the CSV files, the
 * list of them all with sizes and SHA-256 digests, and the change feed from the data's git history.
 */
export function dataPortal(context: PortalContext): PortalOutput {
  const known = made.get(context);
  if (known) return known;
  const tables = downloadTables(context.site.datasets, DATASETS);
  const files: OutputFile[] = [];
  const downloads: DownloadFile[] = [];
  for (const t of tables) {
    const table = tableFiles(t);
    files.push(...table.files);
    downloads.push(...table.listed);
  }
  const database = sqliteBytes(sqlTables(tables));
  const records = tables.reduce((n, t) => n + t.rows.length, 0);
  files.push({ path: portalPaths.database, body: database });
  downloads.push(listed({ path: `/${portalPaths.database}`, format: 'sqlite', records }, database));
  const descriptor = dataPackage(tables, downloads, DATASETS);
  files.push({ path: portalPaths.dataPackage, body: `${JSON.stringify(descriptor, null, 2)}\n` });
  files.push({ path: portalPaths.downloads, body: downloadsJson(downloads) });
  const history = dataChanges(context.site, context.dataDir, DATASETS);
  files.push(...changeFiles(history, context, tables));
  const output = { files, summary: { downloads, changed: lastChanges(history, context.dataTimes) }, history };
  made.set(context, output);
  return output;
}
