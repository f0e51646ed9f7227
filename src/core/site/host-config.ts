import { FORMATS, type MethodEntry, pathParameters } from '../records/method-entry.ts';
import { API_HEADERS, apiCacheControl, CONTENT_TYPES, securityHeaders } from './http-policy.ts';
import { portalPaths, sitePaths } from './paths.ts';

/** One header rule: a glob of site paths (relative, no leading slash) and the headers they get. */
export interface HeaderRule {
  source: string;
  headers: Record<string, string>;
}

/** The Worker's configuration, written into the output for `wrangler` (edge-config.ts). */
export const EDGE_CONFIG_FILE = 'wrangler.json';

/** The files of the output that are not uploaded as the Worker's assets (edge-config.ts). */
export const ASSETS_IGNORE_FILE = '.assetsignore';

/** The files the build writes for hosts, not for visitors: `npm start` does not serve them. */
export const HOST_FILES: readonly string[] = [
  'serve.json',
  '_headers',
  '.nojekyll',
  EDGE_CONFIG_FILE,
  ASSETS_IGNORE_FILE,
];

/** The file in the output that records what it was built for; written last, so it marks a complete output. */
export const BUILD_STAMP = '.campus-build.json';

/**
 * The file in every output that holds the directory it was built from (datasets/published-directory.ts).
 * A server reads it from the version it serves, so its rules change with the files, in the same swap.
 */
export const DIRECTORY_FILE = '.campus-directory.json';

/** The files at the output's root that no server answers with: the host files and the build's own records. */
export const UNSERVED_FILES: readonly string[] = [...HOST_FILES, BUILD_STAMP, DIRECTORY_FILE];

/**
 * The header rules of the whole site, shared by `npm start`, serve.json and _headers: the
 * security headers on every path first (the CSP allowing the pages' inline scripts by hash).
 */
export function headerRules(directory: readonly MethodEntry[], scriptHashes: readonly string[] = []): HeaderRule[] {
  const rules: HeaderRule[] = [{ source: '**', headers: securityHeaders(scriptHashes) }];
  // Every method's files: one rule per format for all of them, then a rule of its own for a
  // method whose cache time differs (paths with placeholders first, so a fixed path's own rule
  // wins where a glob also matches it). Few rules: serve.json allows at most 50.
  for (const format of FORMATS) {
    rules.push({
      source: `${sitePaths.api}**/*.${format}`,
      headers: { 'Content-Type': CONTENT_TYPES[format]!, 'Cache-Control': apiCacheControl({}), ...API_HEADERS },
    });
  }
  const ordered = [
    ...directory.filter((e) => pathParameters(e.path).length > 0),
    ...directory.filter((e) => pathParameters(e.path).length === 0),
  ];
  for (const entry of ordered.filter((e) => apiCacheControl(e) !== apiCacheControl({}))) {
    for (const format of FORMATS) {
      rules.push({
        source: sitePaths.apiFile(
          entry,
          format,
          pathParameters(entry.path).map(() => '*'),
        ),
        headers: { 'Cache-Control': apiCacheControl(entry) },
      });
    }
  }
  rules.push(
    {
      source: '**/*.ics',
      headers: {
        'Content-Type': CONTENT_TYPES.ics!,
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'public, max-age=0, must-revalidate',
      },
    },
    { source: `${sitePaths.api}**/*.xsd`, headers: { 'Content-Type': CONTENT_TYPES.xsd!, ...API_HEADERS } },
    // The data portal's downloads, package and change feed, open to every origin as the API's files are.
    { source: `${portalPaths.home}**`, headers: API_HEADERS },
    { source: `${sitePaths.assets}**`, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  );
  return rules;
}

/** The configuration of serve-handler (the engine of `serve`), used by `npm start` and written as serve.json. */
function serveConfig(directory: readonly MethodEntry[], scriptHashes: readonly string[] = []) {
  return {
    // cleanUrls makes /methods/1103/ serve methods/1103/index.html; trailingSlash adds the final /.
    cleanUrls: true,
    trailingSlash: true,
    directoryListing: false,
    headers: headerRules(directory, scriptHashes).map((r) => ({
      source: r.source,
      headers: Object.entries(r.headers).map(([key, value]) => ({ key, value })),
    })),
  };
}

/** serve.json for `npx serve dist`. */
export function serveJson(directory: readonly MethodEntry[], scriptHashes: readonly string[] = []): string {
  return `${JSON.stringify(serveConfig(directory, scriptHashes), null, 2)}\n`;
}

/** _headers for Netlify and Cloudflare Pages: the same rules in their path syntax (under the site's base path). */
export function headersFile(
  directory: readonly MethodEntry[],
  basePath: string,
  scriptHashes: readonly string[] = [],
): string {
  const blocks = headerRules(directory, scriptHashes).map((r) => {
    const pattern = `${basePath}${r.source.replace(/\*\*\/\*/g, '*').replace(/\*\*/g, '*')}`;
    return [pattern, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  });
  return `# Response headers for Netlify and Cloudflare Pages, written by the build.\n${blocks.join('\n\n')}\n`;
}

/** A rule's glob as a regular expression over site paths (no leading slash): `**` any folders, `*` one name. */
function globPattern(source: string): RegExp {
  const body = source
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) =>
      part === '**/'
        ? '(?:.*/)?'
        : part === '**'
          ? '.*'
          : part === '*'
            ? '[^/]*'
            : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/** The headers the rules give a site path (no leading slash), later rules overriding earlier ones, as serve does. */
export function headersOfRules(rules: readonly HeaderRule[]): (sitePath: string) => Record<string, string> {
  const compiled = rules.map((r) => ({ re: globPattern(r.source), headers: r.headers }));
  return (sitePath) => Object.assign({}, ...compiled.filter((r) => r.re.test(sitePath)).map((r) => r.headers));
}
