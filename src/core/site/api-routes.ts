import { FORMATS, type Format, type MethodEntry } from '../records/method-entry.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/** What a request path means to the API. */
export interface ApiRoute {
  entry: MethodEntry | undefined;
  format: Format;
}

/** The format a path asks for by its extension, if it is one of the API's. */
export function formatOfPath(pathname: string): Format | undefined {
  const ext = /\.([a-z]+)$/.exec(pathname)?.[1];
  return (FORMATS as readonly string[]).includes(ext ?? '') ? (ext as Format) : undefined;
}

/** A regular expression matching a directory path's concrete forms, placeholders as one segment each. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part === '{format}' ? '(?:json|xml)' : part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^/${VERSION_SEGMENT}${source}$`);
}

/** Matches request paths (below the site's base) against the directory. */
export function createApiRouter(directory: readonly MethodEntry[]): (pathname: string) => ApiRoute | undefined {
  // Fixed paths win over placeholders: /foodservices/products/search before /foodservices/products/{id}.
  const patterns = directory
    .map((entry) => ({ entry, re: pathPattern(entry.path), holes: entry.parameters.length }))
    .sort((a, b) => a.holes - b.holes);
  return (pathname) => {
    const format = formatOfPath(pathname);
    if (!format) return undefined;
    return { entry: patterns.find((p) => p.re.test(pathname))?.entry, format };
  };
}
