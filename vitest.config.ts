import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Builds and browsers are heavy; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
  },
});
