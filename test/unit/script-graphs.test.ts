// The Vite plugin that bundles the session pages' script whole (src/integrations/script-graphs.ts):
// Astro inlines only a script chunk with no imports, and the CSP allows no script files.
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { OWN_GRAPHS, scriptGraphs } from '../../src/integrations/script-graphs.ts';
import { ROOT } from '../helpers/build.ts';

/** The chunks Vite makes of the site's two scripts, bundled together as Astro bundles them. */
async function bundle(plugins: Plugin[]): Promise<Rolldown.OutputChunk[]> {
  const output = await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: true,
      rolldownOptions: {
        // As Astro's client build sets it: an entry keeps its exports.
        preserveEntrySignatures: 'exports-only',
        input: { calendar: path.join(ROOT, 'src/scripts/calendar-page.ts'), session: OWN_GRAPHS.session! },
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk'));
}

describe('the session script bundled with modules of its own', () => {
  it('is one chunk with no imports, where without the plugin it imports a chunk it shares', async () => {
    const entry = (chunks: Rolldown.OutputChunk[]) => chunks.find((c) => c.name === 'session')!;
    const shared = await bundle([]);
    expect(entry(shared).imports.length, 'the reason for the plugin').toBeGreaterThan(0);
    const own = await bundle([scriptGraphs()]);
    expect(entry(own).imports).toEqual([]);
    expect(entry(own).code).toContain('[data-ends]');
    // Only the session script is copied: the full script keeps its modules as they are.
    expect(own.find((c) => c.name === 'calendar')!.moduleIds.every((id) => !id.includes('?'))).toBe(true);
  });
});
