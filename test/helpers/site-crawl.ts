import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { listTree } from './build.ts';

/** A link that points inside the site at nothing. */
export interface BrokenLink {
  page: string;
  href: string;
}

/** The file a site path resolves to in dist/ (a folder serves its index.html), if any. */
export function resolveSitePath(distDir: string, sitePath: string): string | undefined {
  const file = path.join(distDir, decodeURIComponent(sitePath));
  if (!file.startsWith(distDir)) return undefined;
  if (existsSync(file) && statSync(file).isFile()) return file;
  const index = path.join(file, 'index.html');
  return existsSync(index) ? index : undefined;
}

/**
 * Reads every HTML page of a built site and checks each internal link (href and src) below
 * the base path: its target must exist. Returns the broken ones and how many were checked, and the pages (folders'
 * index.html) no chain of links from the front door reaches.
 */
export async function crawlInternalLinks(
  distDir: string,
  origin: string,
  basePath: string,
): Promise<{ pages: number; checked: number; broken: BrokenLink[]; h1: Map<string, number>; unreached: string[] }> {
  const pages = listTree(distDir).filter((f) => f.endsWith('.html'));
  const broken: BrokenLink[] = [];
  const h1 = new Map<string, number>();
  // Most links are the same few (the navigation, a term's months): each target is looked up on disk once.
  const found = new Map<string, boolean>();
  const exists = (sitePath: string): boolean => {
    if (!found.has(sitePath)) found.set(sitePath, resolveSitePath(distDir, sitePath) !== undefined);
    return found.get(sitePath)!;
  };
  let checked = 0;
  const linksOf = new Map<string, Set<string>>();
  for (const page of pages) {
    const targets = new Set<string>();
    linksOf.set(page, targets);
    const html = readFileSync(path.join(distDir, page), 'utf8');
    h1.set(page, (html.match(/<h1[\s>]/g) ?? []).length);
    const pageUrl = new URL(`${basePath}${page.replace(/index\.html$/, '')}`, origin);
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const raw = m[1]!.replace(/&amp;/g, '&');
      if (/^(mailto:|tel:|data:|javascript:|#)/.test(raw)) continue;
      const target = new URL(raw, pageUrl);
      if (target.origin !== origin) continue;
      checked += 1;
      const inside = target.pathname.startsWith(basePath);
      const rel = inside ? decodeURIComponent(target.pathname.slice(basePath.length)) : '';
      if (!inside || !exists(target.pathname.slice(basePath.length))) broken.push({ page, href: raw });
      else targets.add(rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel);
    }
  }
  return { pages: pages.length, checked, broken, h1, unreached: unreachedPages(pages, linksOf) };
}

/** The folders' pages (`…/index.html`) that no chain of links from the front door (`index.html`) reaches. */
function unreachedPages(pages: readonly string[], linksOf: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const reached = new Set(['index.html']);
  const queue = ['index.html'];
  for (let page = queue.pop(); page !== undefined; page = queue.pop()) {
    for (const target of linksOf.get(page) ?? []) {
      if (reached.has(target) || !linksOf.has(target)) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return pages.filter((p) => p.endsWith('index.html') && !reached.has(p));
}
