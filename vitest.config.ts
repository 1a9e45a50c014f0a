import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real servers are spawned per file; two cores, so keep parallelism modest.
    maxWorkers: 2,
    pool: 'forks',
  },
});
