// The layers of the suites, apart from test/vitest.config.ts so that test/unit/layers.test.ts can hold the folders to
// them without importing vitest's config (and with it Vite) into every `npm run test:unit`.

/** The layers, cheapest first: each is the folder test/<layer>/ (test/unit/layers.test.ts holds each to it). */
export const LAYERS = ['unit', 'property', 'cli', 'site', 'machinery', 'browser'] as const;
