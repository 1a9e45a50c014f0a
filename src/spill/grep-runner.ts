/**
 * Runs user regexes off the main thread. A grep runs in a worker thread with native RegExp (fast:
 * faster than GNU grep over a big file) while the main thread keeps answering everyone else. The
 * worker reports progress after every block it scans; if it makes none for `stallMs` (a pattern
 * that backtracks catastrophically, like `(a+)+$`, never finishes one block), or the whole grep
 * passes `totalMs`, the worker is terminated and the caller gets a clear error. A linear-time
 * engine (re2js) was measured as the alternative: about 100× slower than native RegExp.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compilePattern, type GrepOptions, type GrepResult } from './grep.js';
import type { GrepJob, GrepMessage } from './grep-worker.js';

/** Deadlines of a grep. */
export interface GrepLimits {
  /** No progress for this long: the pattern is taken as runaway. */
  stallMs: number;
  /** The whole grep may take this long. */
  totalMs: number;
}

export const GREP_LIMITS: GrepLimits = { stallMs: 3_000, totalMs: 60_000 };

/** A grep stopped at a deadline. */
export class GrepTimeout extends Error {
  override name = 'GrepTimeout';
}

// How long a worker may take to start before its first report.
const START_MS = 30_000;
// At most this many greps run at once (each a thread); more wait their turn.
const MAX_WORKERS = Math.max(2, Math.min(4, availableParallelism()));
// One worker is kept warm between greps (starting one costs tens of milliseconds).
const IDLE_MS = 30_000;
// A grep's own memory is bounded (blocks, one long line, capped output); this is the safety net.
const WORKER_HEAP_MB = 512;

let busy = 0;
const queue: Array<() => void> = [];
let idle: { worker: Worker; timer: NodeJS.Timeout } | undefined;
let nextId = 1;

function workerUrl(): URL {
  const here = new URL('./grep-worker.js', import.meta.url);
  // Under vitest this module runs from src/ (TypeScript); the worker then runs the built copy.
  return existsSync(fileURLToPath(here)) ? here : new URL('../../dist/src/spill/grep-worker.js', import.meta.url);
}

/** The parent's node options minus those that only make sense for inline code (`node --input-type=module -e …`). */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (['-e', '--eval', '-p', '--print', '--input-type'].includes(a)) i++;
    else if (!a.startsWith('--input-type=') && !a.startsWith('--eval=') && !a.startsWith('--print=')) out.push(a);
  }
  return out;
}

async function acquire(): Promise<Worker> {
  while (busy >= MAX_WORKERS) await new Promise<void>((r) => queue.push(r));
  busy++;
  if (idle) {
    const { worker, timer } = idle;
    idle = undefined;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  return new Worker(workerUrl(), { execArgv: workerExecArgv(), resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

function release(worker: Worker, reusable: boolean): void {
  busy--;
  worker.removeAllListeners('message');
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  if (reusable && !idle) {
    // Unref'd while idle: a warm worker never keeps the process alive.
    worker.unref();
    const timer = setTimeout(() => {
      if (idle?.worker === worker) idle = undefined;
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle = { worker, timer };
  } else void worker.terminate();
  queue.shift()?.();
}

const clip = (p: string) => (p.length > 200 ? `${p.slice(0, 200)}…` : p);

/**
 * Greps `file` for `pattern` in a worker thread; rejects with a clear error if the pattern is
 * invalid, stalls (catastrophic backtracking) or the grep runs past its total deadline.
 */
export async function grepInWorker(file: string, pattern: string, options: Omit<GrepOptions, 'onProgress'>, limits: GrepLimits = GREP_LIMITS): Promise<GrepResult> {
  compilePattern(pattern); // an invalid regex is reported at once, without a worker
  const worker = await acquire();
  const id = nextId++;
  return new Promise<GrepResult>((resolve, reject) => {
    let scanned = 0;
    let settled = false;
    const finish = (reusable: boolean, err?: Error, result?: GrepResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      clearTimeout(total);
      release(worker, reusable);
      if (err) reject(err);
      else resolve(result!);
    };
    const stop = (why: string) => finish(false, new GrepTimeout(why));
    const onStall = () =>
      stop(
        `grep stopped: pattern '${clip(pattern)}' made no progress for ${limits.stallMs / 1000} s (after ${scanned} bytes), ` +
          'which is catastrophic backtracking. Use a simpler pattern: no nested repetition like (a+)+ or (a|aa)*, ' +
          'no .* on both sides of a word; a plain word or a short literal phrase is fastest.',
      );
    // Until the worker has started (loading it can take a while on a busy machine), a longer wait.
    let stall = setTimeout(onStall, Math.max(limits.stallMs, START_MS));
    const total = setTimeout(
      () => stop(`grep stopped: pattern '${clip(pattern)}' did not finish within ${limits.totalMs / 1000} s (${scanned} bytes scanned). Use a more specific pattern, or read parts with op=slice.`),
      limits.totalMs,
    );
    worker.on('message', (m: GrepMessage) => {
      if (m.id !== id) return;
      if (m.kind === 'progress') {
        scanned = m.bytes;
        clearTimeout(stall);
        stall = setTimeout(onStall, limits.stallMs);
      } else if (m.kind === 'done') finish(true, undefined, m.result);
      else {
        const e = new Error(m.message);
        e.name = m.name;
        finish(true, e);
      }
    });
    worker.on('error', (e) => finish(false, new Error(`grep failed: ${(e as Error).message}`)));
    worker.on('exit', (code) => finish(false, new Error(`grep failed: its worker exited (code ${code})`)));
    worker.postMessage({ id, file, pattern, options } satisfies GrepJob);
  });
}
