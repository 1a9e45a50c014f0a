import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real servers are spawned per file. Two cores, but many tests spend their time waiting on
    // child processes and sockets: three workers took the suite from 313 to 268 s here, four to 286 s.
    maxWorkers: 3,
    pool: 'forks',
  },
});
