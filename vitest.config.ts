import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Checks of computation alone (search quality, the learned words, the learned request vectors and the reranker's retraining,
// linear time on hostile text, the dispatcher's fuzzing): the same JavaScript on every Node, so the Node 22/24 runs of
// .ci/test-matrix (MINI_A_TEST_MATRIX=1) leave them to Node 20's run. Everything that touches
// processes, sockets, HTTP, files or the package runs on all three.
const DATA_ONLY = ['test/search-ranking.test.ts', 'test/learned-words.test.ts', 'test/glossary.test.ts', 'test/search-index.test.ts', 'test/rerank.test.ts', 'test/dense.test.ts', 'test/linear-time.test.ts', 'test/dispatch-fuzz.test.ts'];
// Checks of mini-a's own logic that reach it through processes the platform files already drive on
// every Node (the agent's run loop, tracing, the magg dialect, batch, the dispatcher and its schema,
// redaction, the transparent proxy's pass-through of the protocol): on Node 22/24 they repeated
// Node 20's answers in a quarter of each matrix run's time. Files that mix the two mark their logic
// tests with logicTest (test/helpers/matrix.ts). What the runtime decides (spawn, signals and a
// parent's death, terminals, closed pipes, fs.watch, sockets and HTTP, files, the wasm sandbox,
// SQLite, the installed package with every README command, goals and batches among them) still runs
// on all three.
const LOGIC_VIA_PROCESSES = ['agent', 'tracing', 'magg', 'dispatch', 'dispatch-schema', 'batch', 'redact', 'proxy-faithful'].map((f) => `test/${f}.test.ts`);

// The longest files, started first: CI's clean clone has no timing cache, and vitest's fallback
// (the largest file first) started the reranker's retraining last, a 150 s tail on one worker.
const SLOWEST_FIRST = ['rerank', 'package', 'linear-time', 'agent', 'proxy-faithful', 'client-complete', 'cli-dispatch', 'learned-words', 'daemon', 'server', 'tracing', 'policy', 'oauth'].map((f) => `test/${f}.test.ts`);
const rank = (s: TestSpecification) => {
  const i = SLOWEST_FIRST.findIndex((f) => s.moduleId.endsWith(f));
  return i < 0 ? SLOWEST_FIRST.length : i;
};

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    return [...rest].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.MINI_A_TEST_MATRIX ? [...DATA_ONLY, ...LOGIC_VIA_PROCESSES] : [])],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real servers are spawned per file. Two cores, but many tests spend their time waiting on
    // child processes and sockets: three workers took the suite from 313 to 268 s here, four to 286 s.
    maxWorkers: 3,
    pool: 'forks',
    sequence: { sequencer: SlowestFirst },
  },
});
