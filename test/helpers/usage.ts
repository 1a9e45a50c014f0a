import { expect } from 'vitest';
import { UsageError } from '../../src/util/errors.js';

/** The message of the UsageError that `f` throws (fails the test if it throws none or another). */
export function usageError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError, got none');
}
