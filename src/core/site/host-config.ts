import { FORMATS, type MethodEntry } from '../records/method-entry.ts';
import { API_HEADERS, apiCacheControl, CONTENT_TYPES } from './http-policy.ts';
import { sitePaths } from './paths.ts';

/** One header rule: a glob of site paths (relative, no leading slash) and the headers they get. */
export interface HeaderRule {
  source: string;
  headers: Record<string, string>;
}

/** The header rules of the whole site, shared by `npm start`, serve.json and _headers. */
export function headerRules(directory: readonly MethodEntry[]): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const entry of directory) {
    if (!entry.source) continue;
    for (const format of FORMATS) {
      rules.push({
        source: sitePaths.apiFile(entry, format),
        headers: { 'Content-Type': CONTENT_TYPES[format]!, 'Cache-Control': apiCacheControl(entry), ...API_HEADERS },
      });
    }
  }
  rules.push(
    { source: '**/*.ics', headers: { 'Content-Type': CONTENT_TYPES.ics!, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=0, must-revalidate' } },
    { source: `${sitePaths.api}**/*.json`, headers: { 'Content-Type': CONTENT_TYPES.json!, ...API_HEADERS } },
    { source: `${sitePaths.api}**/*.xsd`, headers: { 'Content-Type': CONTENT_TYPES.xsd!, ...API_HEADERS } },
    { source: `${sitePaths.assets}**`, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  );
  return rules;
}

/** The configuration of serve-handler (the engine of `serve`), used by `npm start` and written as serve.json. */
export function serveConfig(directory: readonly MethodEntry[]) {
  return {
    // cleanUrls makes /methods/1103/ serve methods/1103/index.html; trailingSlash adds the final /.
    cleanUrls: true,
    trailingSlash: true,
    directoryListing: false,
    headers: headerRules(directory).map((r) => ({
      source: r.source,
      headers: Object.entries(r.headers).map(([key, value]) => ({ key, value })),
    })),
  };
}

/** serve.json for `npx serve dist`. */
export function serveJson(directory: readonly MethodEntry[]): string {
  return `${JSON.stringify(serveConfig(directory), null, 2)}\n`;
}

/** _headers for Netlify and Cloudflare Pages: the same rules in their path syntax (under the site's base path). */
export function headersFile(directory: readonly MethodEntry[], basePath: string): string {
  const blocks = headerRules(directory).map((r) => {
    const pattern = `${basePath}${r.source.replace(/\*\*\/\*/g, '*').replace(/\*\*/g, '*')}`;
    return [pattern, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  });
  return `# Response headers for Netlify and Cloudflare Pages, written by the build.\n${blocks.join('\n\n')}\n`;
}
