// @ts-check
import { parseSiteUrl } from './src/core/site/address.ts';
import { buildContextIntegration } from './src/integrations/build-context.ts';
import { scriptGraphs } from './src/integrations/script-graphs.ts';

// SITE_URL says where dist/ is served; a path in it (a project site) becomes Astro's base.
// `npm run build` passes the same values inline; this keeps `astro dev` in step.
const address = parseSiteUrl(process.env.SITE_URL);

/** @type {import('astro').AstroUserConfig} */
const config = {
  site: address.url,
  base: address.basePath,
  trailingSlash: 'ignore',
  output: 'static',
  // One stylesheet file for the whole site: a large archive has a page per session, and
  // inlining the CSS into each would multiply it by the number of pages.
  build: { format: 'directory', inlineStylesheets: 'never' },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Every script inline, whatever its size: the CSP allows inline scripts by hash only, never
  // script files (src/core/site/csp.ts). Other assets keep Vite's default limit.
  // A session page's script has modules of its own (src/integrations/script-graphs.ts), so it
  // too is one chunk with no imports, and inlined.
  vite: {
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? true : undefined) },
    plugins: [scriptGraphs()],
  },
  // Pages import their data from `virtual:campus/context`: under `astro dev` this instance reads
  // data/; `npm run build` adds one that hands over the context it already read.
  integrations: [buildContextIntegration()],
};

export default config;
