import type { DatasetRegistry } from '../datasets/dataset.ts';
import { DATASETS } from '../datasets/registry.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import type { SiteData } from '../records/site-data.ts';
import { html, type SafeHtml } from '../render/html.ts';
import type { SiteAddress } from '../site/address.ts';
import { portalPaths, sitePaths, withBase } from '../site/paths.ts';
import type { DownloadFile } from './download-list.ts';

/** What the portal page shows of the build's files: the downloads, and when each data set last changed. */
export interface PortalSummary {
  downloads: readonly DownloadFile[];
  /** Unix seconds, by data set name: the newest commit that changed its records (none outside git). */
  changed: Readonly<Record<string, number>>;
}

/** What the portal's body is made from: the data read, the address, and the summary of its files (none in dev). */
export interface PortalSource {
  site: Pick<SiteData, 'datasets' | 'directory'>;
  render: Pick<SiteAddress, 'basePath'>;
  portal?: PortalSummary;
}

/** A size for people: bytes, KB or MB (powers of 1,000), with the exact count beside it in the table. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return bytes < 1_000_000 ? `${(bytes / 1000).toFixed(1)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A Unix time as its UTC day, YYYY-MM-DD. */
const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** A table of download files: each linked, its format, size and SHA-256. */
function downloadTable(files: readonly DownloadFile[], basePath: string, caption: string): SafeHtml {
  const rows = files.map(
    (f) => html`<tr><td><a href="${withBase(basePath, f.path.slice(1))}">${f.path.split('/').pop()}</a></td>
<td data-label="Format">${f.format.toUpperCase()}</td><td data-label="Records">${f.records}</td>
<td data-label="Size" title="${f.bytes} bytes">${sizeLabel(f.bytes)}</td>
<td data-label="SHA-256" class="full"><code>${f.sha256}</code></td></tr>`,
  );
  return html`<table class="stack"><caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">File</th><th scope="col">Format</th><th scope="col">Records</th><th scope="col">Size</th>
<th scope="col">SHA-256</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The methods of the directory a data set feeds, each linked to its page. */
function methodLinks(directory: readonly MethodEntry[], set: string, basePath: string): SafeHtml {
  const fed = directory.filter((e) => e.source === set);
  if (fed.length === 0) return html`none`;
  return html`${fed.map(
    (e, i) => html`${i > 0 ? ', ' : ''}<a href="${withBase(basePath, sitePaths.method(e.methodId))}">${e.methodId}</a>
${e.name ? html` <span class="muted">(${e.name})</span>` : ''}`,
  )}`;
}

/** One data set's section: what it holds, its source, when it changed, the methods it feeds, and its downloads. */
function datasetSection(source: PortalSource, registry: DatasetRegistry, name: string): SafeHtml {
  const set = registry[name]!;
  const tables = source.site.datasets[name] ?? {};
  const records = set.tables.reduce((n, t) => n + (tables[t.name]?.length ?? 0), 0);
  const counts = set.tables.map((t) => `${t.name} ${tables[t.name]?.length ?? 0}`).join(', ');
  const perTable = set.tables.length > 1 ? html` <span class="muted">(${counts})</span>` : '';
  const upstream = set.source
    ? html`<a href="${set.source.url}">${set.source.repository}, ${set.source.path}</a>`
    : html`kept in this project (<code>data/${name}/</code>)`;
  const changed = source.portal?.changed[name];
  const files = (source.portal?.downloads ?? []).filter((f) => f.dataset === name);
  const facts = html`<dl class="facts"><dt>Records</dt><dd>${records}${perTable}</dd><dt>Source</dt><dd>${upstream}</dd>
<dt>Last changed</dt><dd>${changed === undefined ? 'not known (the data has no git history here)' : day(changed)}</dd>
<dt>Feeds</dt><dd>${methodLinks(source.site.directory, name, source.render.basePath)}</dd></dl>`;
  const table = files.length > 0 ? downloadTable(files, source.render.basePath, `Downloads of ${name}`) : '';
  return html`<section aria-labelledby="set-${name}"><h3 id="set-${name}">${name}</h3><p>${set.title}</p>
${facts}${table}</section>`;
}

/**
 * The data portal's body (`/data/`): the whole-package downloads, then every data set read from a folder with its
 * record count, source, last change, the methods it feeds and its downloads (size and SHA-256).
 */
export function portalBody(source: PortalSource, registry: DatasetRegistry = DATASETS): SafeHtml {
  const at = (target: string) => withBase(source.render.basePath, target);
  const names = Object.values(registry)
    .filter((s) => !s.derived && source.site.datasets[s.name])
    .map((s) => s.name);
  const whole = (source.portal?.downloads ?? []).filter((f) => f.dataset === undefined);
  const links = html`<ul class="link-list">
<li><a href="${at(portalPaths.dataPackage)}">datapackage.json</a>: the Frictionless Data Package
(a Table Schema per CSV file)</li>
<li><a href="${at(portalPaths.downloads)}">downloads.json</a>: every file here with its size and SHA-256</li>
<li><a href="${at(portalPaths.changesJson)}">changes.json</a> and
<a href="${at(portalPaths.changesAtom)}">changes.atom</a>: what each commit of the data changed,
record by record</li></ul>`;
  const database = whole.length > 0 ? downloadTable(whole, source.render.basePath, 'Every table') : '';
  return html`<h2>Everything at once</h2>${database}
${links}<h2>Data sets</h2>${names.map((n) => datasetSection(source, registry, n))}`;
}
