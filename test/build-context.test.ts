// The integration that hands the pages their context (src/integrations/build-context.ts).
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { BARE_BUILD, buildContextIntegration } from '../src/integrations/build-context.ts';

/**
 * Runs the integration's config hook as Astro would for `command`, with it as the config's only
 * instance; returns what it asked Astro to add.
 */
function setUp(integration: AstroIntegration, command: 'dev' | 'build' | 'sync'): unknown[] {
  const updates: unknown[] = [];
  const hook = integration.hooks['astro:config:setup']!;
  const config = { root: new URL('../', import.meta.url), integrations: [integration] };
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
