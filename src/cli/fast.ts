/**
 * What a program answers before loading anything heavy: `--version` and `--help` given alone
 * print from package.json and the option table, and V8's compile cache is switched on (Node 22+)
 * so that the modules a real run loads compile from cache the next time.
 */
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { packageVersion } from '../util/package.js';
import type { Bin } from './options.js';

const VERSION_WORDS = new Set(['--version', '-V', 'version=true', '--version=true']);
const HELP_WORDS = new Set(['--help', '-h', 'help=true', '--help=true']);

/** Turns on V8's on-disk compile cache where Node has it (22.1+), under the user's cache directory. */
export function enableCompileCache(): void {
  const enable = (module as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
  if (!enable || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    // Not the default (the temp directory): mini-a leaves nothing in TMPDIR behind.
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    enable(path.join(base, 'mini-a', 'compile-cache'));
  } catch {
    // A cache is only a speed-up: without a writable home it is simply off.
  }
}

/** Answers `--version` / `--help` given alone; true when it did (exit code 0 is set). */
export async function answerFast(bin: Bin, argv: string[]): Promise<boolean> {
  if (argv.length !== 1) return false;
  if (VERSION_WORDS.has(argv[0]!)) process.stdout.write(`${packageVersion()}\n`);
  else if (HELP_WORDS.has(argv[0]!)) process.stdout.write((await import('./help.js')).helpText(bin, packageVersion()));
  else return false;
  process.exitCode = 0;
  return true;
}
