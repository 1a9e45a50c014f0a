import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ROOT } from './servers.js';

/**
 * Runs `fn(m, ...args)` in a worker thread, where `m` is the built module `dist/<module>.js` and
 * `fn` the source of a function expression (e.g. `(m, s) => m.redact(s)`), and resolves with its
 * (structured-cloned) result. A hang guard for the linear-time tests: super-linear code on
 * the inputs these tests use takes minutes, linear code milliseconds, so a call still running
 * after `deadlineMs` (far above the linear time) is terminated and the promise rejects. Running in
 * a worker is what lets a test fail instead of blocking its own event loop forever.
 */
export function runBuilt(module: string, fn: string, args: unknown[], deadlineMs = 20_000): Promise<unknown> {
  const url = pathToFileURL(path.join(ROOT, 'dist', `${module}.js`)).href;
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.url).then(async (m) => parentPort.postMessage({ ok: true, value: await (0, eval)(workerData.fn)(m, ...workerData.args) }))
      .catch((e) => parentPort.postMessage({ ok: false, error: String(e && e.stack || e) }));`;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { url, fn, args } });
    const timer = setTimeout(() => {
      void w.terminate();
      reject(new Error(`${fn} on ${module} did not finish within ${deadlineMs / 1000} s: super-linear on this input`));
    }, deadlineMs);
    w.once('message', (m: { ok: boolean; value?: unknown; error?: string }) => {
      clearTimeout(timer);
      void w.terminate();
      if (m.ok) resolve(m.value);
      else reject(new Error(m.error));
    });
    w.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}
