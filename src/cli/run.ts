import { UsageError, errorMessage } from '../util/errors.js';
import { log, setLogLevel, setLogSink } from '../util/log.js';
import { shutdown, shutdownAndExit } from '../util/lifecycle.js';
import { redact } from '../util/redact.js';
import { packageVersion } from '../util/package.js';
import { helpText } from './help.js';
import type { Options } from './options.js';

/** The package version, read once from package.json. */
export const VERSION: string = packageVersion();

/** Prints --help or --version when asked; true when it did (the program then exits 0). */
export function answeredInfo(bin: 'mini-a' | 'mini-a-proxy', o: Pick<Options, 'help' | 'version'>): boolean {
  if (o.help) process.stdout.write(helpText(bin, VERSION));
  else if (o.version) process.stdout.write(`${VERSION}\n`);
  return o.help || o.version;
}

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
  // A reader that went away (`mini-a … | head`, a killed parent): stop quietly, still cleaning up,
  // instead of failing on every later write.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') void shutdownAndExit(0);
  });
  process.stderr.on('error', () => setLogSink(() => {}));
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
  // Let stdout drain before exiting (large JSON on a pipe), but not forever.
  if (process.stdout.writableNeedDrain && !process.stdout.destroyed) {
    await new Promise<void>((r) => {
      const t = setTimeout(r, 5000);
      process.stdout.once('drain', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  process.exit(code);
}
