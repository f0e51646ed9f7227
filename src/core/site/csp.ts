import { createHash } from 'node:crypto';

/**
 * The CSP source of each inline script of a page (`'sha256-…'`), in the order they appear; data blocks (JSON-LD) run
 * nothing and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}

// The policy itself lives apart (csp-policy.ts): the request handler needs it at the edge, where
// node:crypto is not.
export { contentSecurityPolicy } from './csp-policy.ts';

import { inlineScripts } from './csp-policy.ts';
