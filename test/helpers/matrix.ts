import { it } from 'vitest';

/**
 * A test of mini-a's own logic in a file that also checks the platform: it runs once, on Node 20,
 * and .ci/test-matrix's Node 22/24 runs (MINI_A_TEST_MATRIX=1) skip it; the file's tests of what the
 * runtime decides (processes, signals, terminals, pipes) still run on all three.
 */
export const logicTest = it.skipIf(!!process.env.MINI_A_TEST_MATRIX);
