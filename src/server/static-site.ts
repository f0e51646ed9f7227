import { UNSERVED_FILES } from '../core/site/host-config.ts';
import { findFile, type SiteFile } from './safe-file.ts';

/** What a site path (below the base path) answers: a file, a redirect to its canonical form, or nothing. */
export type SiteAnswer = { kind: 'file'; file: SiteFile; sitePath: string } | { kind: 'redirect'; to: string } | { kind: 'missing' };

/**
 * Finds what a canonical site path serves, as `serve` with cleanUrls and trailingSlash does:
 * `/dir/` serves `dir/index.html`, `/dir` and `/dir/index.html` redirect to `/dir/`, a file
 * serves itself; the host files the build writes for hosts are not served.
 *
 * Our own small responder rather than serve-handler: serve-handler decodes the path again,
 * collapses `//` and follows symbolic links, all of which let a path that was checked as one
 * thing be served as another. Here the path is decoded once (request-path.ts) and every file
 * is opened by its checked real path (safe-file.ts).
 */
export async function findSitePath(root: string, local: string): Promise<SiteAnswer> {
  if (UNSERVED_FILES.includes(local.slice(1))) return { kind: 'missing' };
  const at = async (sitePath: string): Promise<SiteAnswer | undefined> => {
    const file = await findFile(root, sitePath);
    return file ? { kind: 'file', file, sitePath: sitePath.slice(1) } : undefined;
  };
  if (local.endsWith('/')) return (await at(`${local}index.html`)) ?? { kind: 'missing' };
  if (local.endsWith('/index.html')) return (await findFile(root, local)) ? { kind: 'redirect', to: local.slice(0, -'index.html'.length) } : { kind: 'missing' };
  const file = await at(local);
  if (file) return file;
  return (await findFile(root, `${local}/index.html`)) ? { kind: 'redirect', to: `${local}/` } : { kind: 'missing' };
}
