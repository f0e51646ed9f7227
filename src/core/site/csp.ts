import { createHash } from 'node:crypto';

/** The CSP source of each inline script of a page (`'sha256-…'`), in the order they appear; data blocks (JSON-LD) run nothing and need none. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(m[1]!) || /\stype\s*=\s*"?application\/(?:ld\+)?json/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the site: nothing by default; scripts only the inline ones
 * with these hashes (the site has no script files, so not even same-origin JSONP can run);
 * styles, images, fonts and fetches from the site itself; no framing, no base, no plugins.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const scripts = [...new Set(scriptHashes)].sort();
  return [
    "default-src 'none'",
    `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
