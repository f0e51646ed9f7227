/** The text of each inline script of a page (no `src`), in the order they appear: what its CSP hashes. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    // A script file needs no hash, and a data block (JSON-LD) runs nothing.
    if (/\ssrc\s*=/i.test(m[1]!) || /\stype\s*=\s*"?application\/(?:ld\+)?json/i.test(m[1]!)) continue;
    scripts.push(m[2]!);
  }
  return scripts;
}

/** The address of each script file a page loads (`<script src>`): none may be, the CSP allows inline scripts only. */
export function scriptFiles(html: string): string[] {
  const files: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]!);
    if (src) files.push(src[1] ?? src[2] ?? src[3]!);
  }
  return files;
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
