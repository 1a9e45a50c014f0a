import { readFileSync } from 'node:fs';
import { UsageError, errorMessage } from './errors.js';

/** Reads a file the user named in option `option`; a failure is a UsageError saying why. */
export function readUserFile(option: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${option}: cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
  }
}
