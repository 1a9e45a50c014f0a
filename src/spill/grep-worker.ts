/**
 * Worker thread entry: runs one grep at a time for the main thread (grep-runner.ts) and reports
 * progress while it scans, so that the main thread can tell a slow file from a runaway pattern.
 */
import { parentPort } from 'node:worker_threads';
import { grepFile, type GrepOptions } from './grep.js';

/** A grep to run. */
export interface GrepJob {
  id: number;
  file: string;
  pattern: string;
  options: Omit<GrepOptions, 'onProgress'>;
}

/** What the worker says. */
export type GrepMessage =
  | { id: number; kind: 'progress'; bytes: number }
  | { id: number; kind: 'done'; result: ReturnType<typeof grepFile> }
  | { id: number; kind: 'error'; message: string; name: string };

const PROGRESS_EVERY_MS = 100;

parentPort!.on('message', (job: GrepJob) => {
  const say = (m: GrepMessage) => parentPort!.postMessage(m);
  let last = Date.now();
  say({ id: job.id, kind: 'progress', bytes: 0 }); // started: the stall deadline runs from here
  try {
    const result = grepFile(job.file, job.pattern, {
      ...job.options,
      onProgress: (bytes) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        say({ id: job.id, kind: 'progress', bytes });
      },
    });
    say({ id: job.id, kind: 'done', result });
  } catch (e) {
    say({ id: job.id, kind: 'error', message: (e as Error).message, name: (e as Error).name });
  }
});
