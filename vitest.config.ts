import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // A test that imports a user-style file (import ... from 'lbcheck') gets the sources under test, not dist (as tsconfig.json's paths).
  resolve: {
    alias: [
      { find: /^lbcheck$/, replacement: source('./src/api.ts') },
      { find: /^lbcheck\/models$/, replacement: source('./models/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
