import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ROOT } from './servers.js';

/** One worker per module and function, kept for the next call: starting one and importing the module costs more than most calls. */
const workers = new Map<string, { worker: Worker; pending: Map<number, (m: Reply) => void> }>();
let nextId = 0;
interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

const WORKER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const ready = import(workerData.url);
  const fn = (0, eval)(workerData.fn);
  // One call at a time, in order: a call's time is its own, not shared with another's.
  let queue = Promise.resolve();
  parentPort.on('message', ({ id, args }) => {
    queue = queue.then(async () => {
      try { parentPort.postMessage({ id, ok: true, value: await fn(await ready, ...args) }); }
      catch (e) { parentPort.postMessage({ id, ok: false, error: String((e && e.stack) || e) }); }
    });
  });`;

function workerFor(module: string, fn: string): { worker: Worker; pending: Map<number, (m: Reply) => void> } {
  const key = `${module}\u0000${fn}`;
  let w = workers.get(key);
  if (w) return w;
  const url = pathToFileURL(path.join(ROOT, 'dist', `${module}.js`)).href;
  const worker = new Worker(WORKER, { eval: true, workerData: { url, fn } });
  // Never what keeps the test process alive.
  worker.unref();
  const pending = new Map<number, (m: Reply) => void>();
  worker.on('message', (m: Reply) => pending.get(m.id)?.(m));
  worker.on('error', (e) => {
    workers.delete(key);
    for (const settle of pending.values()) settle({ id: -1, ok: false, error: String(e) });
  });
  workers.set(key, (w = { worker, pending }));
  return w;
}

/**
 * Runs `fn(m, ...args)` in a worker thread, where `m` is the built module `dist/<module>.js` and
 * `fn` the source of a function expression (e.g. `(m, s) => m.redact(s)`), and resolves with its
 * (structured-cloned) result. A hang guard for the linear-time tests: super-linear code on
 * the inputs these tests use takes minutes, linear code milliseconds, so a call still running
 * after `deadlineMs` (far above the linear time) is terminated and the promise rejects. Running in
 * a worker is what lets a test fail instead of blocking its own event loop forever. The worker
 * stays for the next call with the same module and function, until a call misses its deadline.
 */
export function runBuilt(module: string, fn: string, args: unknown[], deadlineMs = 20_000): Promise<unknown> {
  const key = `${module}\u0000${fn}`;
  const { worker, pending } = workerFor(module, fn);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      workers.delete(key);
      void worker.terminate();
      reject(new Error(`${fn} on ${module} did not finish within ${deadlineMs / 1000} s: super-linear on this input`));
    }, deadlineMs);
    pending.set(id, (m) => {
      clearTimeout(timer);
      pending.delete(id);
      if (m.ok) resolve(m.value);
      else reject(new Error(m.error));
    });
    worker.postMessage({ id, args });
  });
}

/** Ends every worker `runBuilt` keeps (for a test file's afterAll). */
export async function closeBuilt(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map((w) => w.worker.terminate()));
}
