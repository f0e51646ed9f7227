// The integration that hands the pages their context (src/integrations/build-context.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { BARE_BUILD, buildContextIntegration } from '../../src/integrations/build-context.ts';
import { ROOT } from '../helpers/build.ts';

/**
 * Runs the integration's config hook as Astro would for `command`, with it as the config's only
 * instance; returns what it asked Astro to add.
 */
function setUp(integration: AstroIntegration, command: 'dev' | 'build' | 'sync'): unknown[] {
  const updates: unknown[] = [];
  const hook = integration.hooks['astro:config:setup']!;
  const config = { root: new URL('../../', import.meta.url), integrations: [integration] };
  void hook({ config, command, updateConfig: (u: unknown) => updates.push(u) } as unknown as Parameters<
    typeof hook
  >[0]);
  return updates;
}

describe('the build-context integration', () => {
  it(
    'refuses a bare `astro build` with one sentence that names npm run build (the data sets cannot be found in a ' +
      'bundle)',
    () => {
      expect(() => setUp(buildContextIntegration(), 'build')).toThrow(BARE_BUILD);
      expect(BARE_BUILD).toContain('npm run build');
    },
  );

  it('adds its virtual module under astro dev and astro check, and in a build handed a page context', () => {
    expect(setUp(buildContextIntegration(), 'dev')).toHaveLength(1);
    expect(setUp(buildContextIntegration(), 'sync')).toHaveLength(1);
    expect(setUp(buildContextIntegration({ pageContextJson: '{}' }), 'build')).toHaveLength(1);
  });
});

describe("what Astro's sync step makes, which the build skips (src/pipeline/astro-child.ts)", () => {
  it('this project uses none of it: no content collections, no astro:env schema, no fonts', () => {
    const content = ['src/content.config', 'src/content/config'].flatMap((base) =>
      ['ts', 'mts', 'js', 'mjs'].map((ext) => `${base}.${ext}`),
    );
    expect(content.filter((f) => existsSync(path.join(ROOT, f)))).toEqual([]);
    const config = readFileSync(path.join(ROOT, 'astro.config.mjs'), 'utf8');
    expect(config).not.toMatch(/\b(env|fonts)\s*:/);
    expect(config).not.toMatch(/\bexperimental\b/);
  });

  it("astro.config.mjs imports none of Astro (the build's Astro process imports it; astro/config loads svgo)", () => {
    const config = readFileSync(path.join(ROOT, 'astro.config.mjs'), 'utf8');
    expect([...config.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual([
      './src/core/site/address.ts',
      './src/integrations/build-context.ts',
      './src/integrations/script-graphs.ts',
    ]);
  });
});
