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

/** A download file's entry: its size and SHA-256 computed from its bytes (a text's hashed as UTF-8, not copied). */
function listed(file: Omit<DownloadFile, 'bytes' | 'sha256'>, body: string | Uint8Array): DownloadFile {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return { ...file, bytes, sha256: createHash('sha256').update(body).digest('hex') };
}

/** A table's three files (CSV, JSON, NDJSON), each yielded as made (one held at a time), its entry added to `list`. */
function* tableFiles(t: DownloadTable, list: DownloadFile[]): Generator<OutputFile> {
  for (const [format, make] of [
    ['csv', tableCsv],
    ['json', tableJson],
    ['ndjson', tableNdjson],
  ] as const) {
    const body = make(t);
    const at = portalPaths.download(t.name, format);
    list.push(
      listed({ path: `/${at}`, format, dataset: t.dataset, table: t.table.name, records: t.rows.length }, body),
    );
    yield { path: at, body };
  }
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

/** What the data portal's page shows of its files (their list, each set's last change), and the data's history. */
export interface PortalOutput {
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

/** Each build's portal summary, kept once its files were made (its files are not: at 100,000 sessions, 450 MB). */
const made = new WeakMap<object, PortalOutput>();

/**
 * The data portal of a build under /data/, each file yielded as it is made (the build writes it, then lets it go):
 * each table of each data set as CSV, JSON and NDJSON, every table in one SQLite database, the Frictionless Data
 * Package describing the CSV files, the list of them all with sizes and SHA-256 digests, and the change feed from the
 * data's git history. Its summary is kept for the portal's page (dataPortal).
 */
export function* portalFiles(context: PortalContext): Generator<OutputFile> {
  const tables = downloadTables(context.site.datasets, DATASETS);
  const downloads: DownloadFile[] = [];
  for (const t of tables) yield* tableFiles(t, downloads);
  const database = sqliteBytes(sqlTables(tables));
  const records = tables.reduce((n, t) => n + t.rows.length, 0);
  downloads.push(listed({ path: `/${portalPaths.database}`, format: 'sqlite', records }, database));
  yield { path: portalPaths.database, body: database };
  const descriptor = dataPackage(tables, downloads, DATASETS);
  yield { path: portalPaths.dataPackage, body: `${JSON.stringify(descriptor, null, 2)}\n` };
  yield { path: portalPaths.downloads, body: downloadsJson(downloads) };
  const history = dataChanges(context.site, context.dataDir, DATASETS);
  yield* changeFiles(history, context, tables);
  made.set(context, { summary: { downloads, changed: lastChanges(history, context.dataTimes) }, history });
}

/** What the portal page shows of a build's portal: made by portalFiles (run here, files dropped, when not yet). */
export function dataPortal(context: PortalContext): PortalOutput {
  if (!made.has(context)) for (const _ of portalFiles(context));
  return made.get(context)!;
}
