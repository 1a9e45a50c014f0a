import { configDefaults, defineConfig } from 'vitest/config';

// Checks of computation alone (search quality, the learned words and the reranker's retraining,
// linear time on hostile text, the dispatcher's fuzzing): the same JavaScript on every Node, so the Node 22/24 runs of
// .ci/test-matrix (MINI_A_TEST_MATRIX=1) leave them to Node 20's run. Everything that touches
// processes, sockets, HTTP, files or the package runs on all three.
const DATA_ONLY = ['test/search-ranking.test.ts', 'test/learned-words.test.ts', 'test/glossary.test.ts', 'test/search-index.test.ts', 'test/rerank.test.ts', 'test/linear-time.test.ts', 'test/dispatch-fuzz.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.MINI_A_TEST_MATRIX ? DATA_ONLY : [])],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real servers are spawned per file. Two cores, but many tests spend their time waiting on
    // child processes and sockets: three workers took the suite from 313 to 268 s here, four to 286 s.
    maxWorkers: 3,
    pool: 'forks',
  },
});
