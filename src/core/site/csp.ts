import { createHash } from 'node:crypto';

/** The CSP source of each inline script of a page (`'sha256-…'`), in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

// The policy itself lives apart (csp-policy.ts): the request handler needs it at the edge, where
// node:crypto is not.
export { contentSecurityPolicy } from './csp-policy.ts';
