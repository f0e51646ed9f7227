import type { DatasetRegistry } from '../datasets/dataset.ts';
import { staleNotice } from '../datasets/freshness.ts';
import { DATASETS } from '../datasets/registry.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import type { SiteData } from '../records/site-data.ts';
import type { RenderContext } from '../site/address.ts';
import { portalPaths, sitePaths, withBase } from '../site/paths.ts';
import type { DownloadFile } from './download-list.ts';

/** What the portal page shows of the build's files: the downloads, and when each data set last changed. */
export interface PortalSummary {
  downloads: readonly DownloadFile[];
  /** Unix seconds, by data set name: the newest commit that changed its records (none outside git). */
  changed: Readonly<Record<string, number>>;
}

/** What the portal page is made from: the data read, the address, and the summary of its files (none in dev). */
export interface PortalSource {
  site: Pick<SiteData, 'datasets' | 'directory'>;
  render: Pick<RenderContext, 'basePath' | 'timestamp'>;
  portal?: PortalSummary;
}

/** One download file as its table's row shows it: its link and name, format, records, size and SHA-256. */
export interface DownloadRowView {
  href: string;
  name: string;
  format: string;
  records: number;
  bytes: number;
  size: string;
  sha256: string;
}

/** A table of download files and what it is called for a screen reader. */
export interface DownloadTableView {
  caption: string;
  rows: readonly DownloadRowView[];
}

/** A method a data set feeds, linked to its page. */
export interface FedMethodView {
  href: string;
  id: number;
  name?: string;
}

/** One data set's section of the portal. */
export interface PortalSetView {
  name: string;
  title: string;
  records: number;
  /** Each table's count, when the set has several (`events 120, groups 8`). */
  perTable?: string;
  /** Each of its tables' pages (records to sort, filter and search), its first table's first. */
  tables: readonly { name: string; href: string }[];
  /** Its upstream, linked; none when the project keeps the data itself. */
  upstream?: { href: string; text: string };
  /** What it says when its newest record is older than its source's update promise. */
  stale?: string;
  /** When its records last changed (YYYY-MM-DD), when the build knows it. */
  changed?: string;
  methods: readonly FedMethodView[];
  downloads?: DownloadTableView;
}

/** The portal page (`/data/`): the whole-package downloads and links, then every data set. */
export interface PortalView {
  title: string;
  description: string;
  whole?: DownloadTableView;
  links: { dataPackage: string; downloads: string; changesJson: string; changesAtom: string };
  sets: readonly PortalSetView[];
}

/** A size for people: bytes, KB or MB (powers of 1,000), with the exact count beside it in the table. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return bytes < 1_000_000 ? `${(bytes / 1000).toFixed(1)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A Unix time as its UTC day, YYYY-MM-DD. */
const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** A table of download files: each linked, its format, size and SHA-256. */
function downloadTable(files: readonly DownloadFile[], basePath: string, caption: string): DownloadTableView {
  const rows = files.map((f) => ({
    href: withBase(basePath, f.path.slice(1)),
    name: f.path.split('/').pop()!,
    format: f.format.toUpperCase(),
    records: f.records,
    bytes: f.bytes,
    size: sizeLabel(f.bytes),
    sha256: f.sha256,
  }));
  return { caption, rows };
}

/** The methods of the directory a data set feeds, each linked to its page. */
function fedMethods(directory: readonly MethodEntry[], set: string, basePath: string): FedMethodView[] {
  return directory
    .filter((e) => e.source === set)
    .map((e) => ({
      href: withBase(basePath, sitePaths.method(e.methodId)),
      id: e.methodId,
      ...(e.name ? { name: e.name } : {}),
    }));
}

/** One data set's section: what it holds, its source, when it changed, the methods it feeds, and its downloads. */
function setView(source: PortalSource, registry: DatasetRegistry, name: string): PortalSetView {
  const set = registry[name]!;
  const tables = source.site.datasets[name] ?? {};
  const records = set.tables.reduce((n, t) => n + (tables[t.name]?.length ?? 0), 0);
  const counts = set.tables.map((t) => `${t.name} ${tables[t.name]?.length ?? 0}`).join(', ');
  const changed = source.portal?.changed[name];
  const files = (source.portal?.downloads ?? []).filter((f) => f.dataset === name);
  const stale = staleNotice(set, tables, source.render.timestamp);
  return {
    name,
    title: set.title,
    ...(stale ? { stale } : {}),
    records,
    ...(set.tables.length > 1 ? { perTable: counts } : {}),
    tables: set.tables.map((t, i) => ({
      name: t.name,
      href: withBase(source.render.basePath, portalPaths.table(name, t.name, i === 0)),
    })),
    ...(set.source ? { upstream: { href: set.source.url, text: `${set.source.repository}, ${set.source.path}` } } : {}),
    ...(changed === undefined ? {} : { changed: day(changed) }),
    methods: fedMethods(source.site.directory, name, source.render.basePath),
    ...(files.length > 0 ? { downloads: downloadTable(files, source.render.basePath, `Downloads of ${name}`) } : {}),
  };
}

/**
 * The data portal's page (`/data/`): the whole-package downloads, then every data set read from a folder with its
 * record count, source, last change, the methods it feeds and its downloads (size and SHA-256).
 */
export function portalView(source: PortalSource, registry: DatasetRegistry = DATASETS): PortalView {
  const at = (target: string) => withBase(source.render.basePath, target);
  const names = Object.values(registry)
    .filter((s) => !s.derived && source.site.datasets[s.name])
    .map((s) => s.name);
  const whole = (source.portal?.downloads ?? []).filter((f) => f.dataset === undefined);
  return {
    title: 'Data sets and downloads',
    description:
      'Every data set of the campus API whole: CSV, JSON, NDJSON, one SQLite database, a Data Package and a ' +
      'change feed.',
    ...(whole.length > 0 ? { whole: downloadTable(whole, source.render.basePath, 'Every table') } : {}),
    links: {
      dataPackage: at(portalPaths.dataPackage),
      downloads: at(portalPaths.downloads),
      changesJson: at(portalPaths.changesJson),
      changesAtom: at(portalPaths.changesAtom),
    },
    sets: names.map((n) => setView(source, registry, n)),
  };
}
