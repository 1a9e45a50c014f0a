import { log } from './log.js';
import { errorMessage } from './errors.js';

/**
 * Process-wide shutdown. Async cleanups (close MCP sessions, end process groups, remove temp
 * files) run on normal shutdown, Ctrl-C, SIGTERM and uncaught errors; sync cleanups also run in
 * the 'exit' event, the last chance when something calls process.exit directly.
 */
type AsyncCleanup = () => Promise<void> | void;
type SyncCleanup = () => void;

const asyncCleanups = new Set<AsyncCleanup>();
const syncCleanups = new Set<SyncCleanup>();
let installed = false;
let shuttingDown: Promise<void> | undefined;

/** Registers an async cleanup; returns a function that unregisters it. */
export function onShutdown(fn: AsyncCleanup): () => void {
  install();
  asyncCleanups.add(fn);
  return () => asyncCleanups.delete(fn);
}

/** Registers a synchronous cleanup that also runs inside process 'exit'. */
export function onExitSync(fn: SyncCleanup): () => void {
  install();
  syncCleanups.add(fn);
  return () => syncCleanups.delete(fn);
}

function runSync(): void {
  for (const fn of [...syncCleanups].reverse()) {
    try {
      fn();
    } catch {
      // Nothing useful can be done this late; keep going with the others.
    }
  }
}

/** Runs every cleanup once (later calls wait for the first); bounded by `graceMs`. */
export function shutdown(graceMs = 8000): Promise<void> {
  shuttingDown ??= (async () => {
    const all = [...asyncCleanups].reverse().map(async (fn) => {
      try {
        await fn();
      } catch (e) {
        log.debug(`cleanup failed: ${errorMessage(e)}`);
      }
    });
    let timer: NodeJS.Timeout | undefined;
    // A ref'd timer: cleanups that hang with nothing else alive must still end in our exit code.
    await Promise.race([Promise.all(all), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    runSync();
  })();
  return shuttingDown;
}

/** Shuts down, then exits with `code`. */
export async function shutdownAndExit(code: number): Promise<never> {
  await shutdown();
  process.exit(code);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runSync);
  const onSignal = (sig: NodeJS.Signals, code: number) => {
    process.on(sig, () => {
      // A second Ctrl-C while cleaning up means "now".
      if (shuttingDown) {
        runSync();
        process.exit(code);
      }
      log.info(`${sig}: shutting down`);
      void shutdownAndExit(code);
    });
  };
  onSignal('SIGINT', 130);
  onSignal('SIGTERM', 143);
  onSignal('SIGHUP', 129);
  process.on('uncaughtException', (e) => {
    // Errors while already shutting down (a closed pipe, say) must not start a loop of reports.
    if (shuttingDown) return;
    log.error(`internal error: ${errorMessage(e)}${log.enabled('debug') && e instanceof Error ? `\n${e.stack}` : ''}`);
    void shutdownAndExit(1);
  });
  process.on('unhandledRejection', (e) => {
    if (shuttingDown) return;
    log.error(`internal error (unhandled rejection): ${errorMessage(e)}`);
    void shutdownAndExit(1);
  });
}
