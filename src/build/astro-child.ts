// Renders Astro's pages in a process of its own (astro-render.ts starts it), so that they are
// made while the build writes the API files and feeds on the other core. Reads on stdin:
// {"root", "outDir", "context"} (the page context's JSON, page-context.ts).
import { text } from 'node:stream/consumers';
import { buildContextIntegration } from '../integrations/build-context.ts';
import { handOver } from '../integrations/context-store.ts';
import { pageContextView } from './page-context.ts';

const job = JSON.parse(await text(process.stdin)) as { root: string; outDir: string; context: string };
const view = pageContextView(job.context);
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const { build } = await import('astro');
const integrations = [buildContextIntegration({ handedKey: handOver(view) })];
await build({ root: job.root, outDir: job.outDir, site: view.render.url, base: view.render.basePath, logLevel: 'warn', integrations });
