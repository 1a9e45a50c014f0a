import { createRequire } from 'node:module';
import { UsageError, errorMessage } from '../util/errors.js';
import { log, setLogLevel } from '../util/log.js';
import { shutdown } from '../util/lifecycle.js';
import { redact } from '../config/redact.js';
import type { Options } from './options.js';

/** The package version, read once from package.json. */
export const VERSION: string = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

/** Applies debug/quiet to the logger. */
export function configureLogging(o: Pick<Options, 'debug' | 'quiet'>): void {
  setLogLevel(o.debug ? 'debug' : o.quiet ? 'error' : 'warn');
}

/**
 * Runs a program body and turns its outcome into an exit code: usage errors print one line and
 * exit 2, anything else prints a redacted message (a stack only with debug=true) and exits 1.
 * Cleanups (child processes, temp files) always run first.
 */
export async function runProgram(bin: string, body: () => Promise<number>): Promise<never> {
  let code: number;
  try {
    code = await body();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${bin}: ${redact(e.message)}\n`);
      code = 2;
    } else {
      process.stderr.write(`${bin}: ${redact(errorMessage(e))}\n`);
      if (log.enabled('debug') && e instanceof Error && e.stack) process.stderr.write(redact(e.stack) + '\n');
      code = 1;
    }
  }
  await shutdown();
  // Let stdout drain before exiting (large JSON on a pipe).
  await new Promise<void>((r) => (process.stdout.writableNeedDrain ? process.stdout.once('drain', () => r()) : r()));
  process.exit(code);
}
