import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptFiles } from '../../src/core/site/csp-policy.ts';

describe("a page's scripts, as the CSP sees them", () => {
  const page =
    '<script type="application/ld+json">{"a":1}</script><script type="module">go()</script>' +
    '<script type="module" src="/_astro/a.js"></script><script src=\'/b.js\'></script><SCRIPT SRC=/c.js></SCRIPT>';

  it('lists the script files a page loads, however the attribute is quoted (the build refuses any)', () => {
    expect(scriptFiles(page)).toEqual(['/_astro/a.js', '/b.js', '/c.js']);
    expect(scriptFiles('<script>go()</script><p>src="x"</p>')).toEqual([]);
  });

  it('hashes only the inline scripts that run: not a file, not JSON-LD', () => {
    expect(inlineScripts(page)).toEqual(['go()']);
  });
});
