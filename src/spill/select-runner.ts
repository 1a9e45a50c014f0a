/**
 * Runs JMESPath outside mini-a (see select-worker.ts): `select` on a call's data, readresult
 * op=query and op=items. Each job runs in a child process with a heap limit and a deadline; one
 * that breaks either is killed and the caller gets a clear error, while mini-a keeps answering
 * everyone else. (A worker thread is not enough: V8 ends the whole process when one allocation
 * cannot be met, whatever the worker's resource limits.) One child is kept warm between jobs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ItemsRequest } from './items.js';
import { SelectError } from './jmespath.js';
import type { SelectJob, SelectMessage } from './select-worker.js';

/** A select process's heap: a select bigger than this is an expression that multiplies its input. */
export const SELECT_HEAP_MB = 512;
/** How long one job may take (an in-memory select; a query or page over a file), and its heap. */
export const SELECT_LIMITS = { evalMs: 10_000, fileMs: 60_000, heapMb: SELECT_HEAP_MB };
/** Longest JSON a select may produce (it is parsed back in mini-a). */
export const MAX_SELECT_CHARS = 16 * 1024 * 1024;

const START_MS = 30_000;
const MAX_CHILDREN = 2;
const IDLE_MS = 30_000;

/** A job as the caller gives it (the runner adds the id). */
type JobBody = { [K in SelectJob['kind']]: Omit<Extract<SelectJob, { kind: K }>, 'id'> }[SelectJob['kind']];

let busy = 0;
const queue: Array<() => void> = [];
/** Warm children waiting for a job (at most MAX_CHILDREN). */
const idle: Array<{ child: ChildProcess; timer: NodeJS.Timeout }> = [];
let nextId = 1;

function entry(): string {
  const here = fileURLToPath(new URL('./select-worker.js', import.meta.url));
  // Under vitest this module runs from src/ (TypeScript); the child then runs the built copy.
  return existsSync(here) ? here : fileURLToPath(new URL('../../dist/src/spill/select-worker.js', import.meta.url));
}

function spawnChild(heapMb: number): ChildProcess {
  const child = fork(entry(), [], {
    execArgv: [`--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  // An idle child is unref'd (it never keeps mini-a alive); it ends with mini-a (see select-worker.ts).
  child.on('error', () => {});
  return child;
}

/** A child for one job: a warm one when the heap is the usual one. */
async function acquire(heapMb: number): Promise<ChildProcess> {
  while (busy >= MAX_CHILDREN) await new Promise<void>((r) => queue.push(r));
  busy++;
  if (heapMb !== SELECT_HEAP_MB) return spawnChild(heapMb);
  for (let w = idle.pop(); w; w = idle.pop()) {
    clearTimeout(w.timer);
    if (w.child.connected && w.child.exitCode === null) {
      w.child.ref();
      (w.child.channel as { ref?: () => void } | undefined)?.ref?.();
      return w.child;
    }
  }
  return spawnChild(heapMb);
}

function release(child: ChildProcess, reusable: boolean): void {
  busy--;
  child.removeAllListeners('message');
  child.removeAllListeners('exit');
  if (reusable && idle.length < MAX_CHILDREN && child.connected) {
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    const timer = setTimeout(() => {
      const i = idle.findIndex((w) => w.child === child);
      if (i >= 0) idle.splice(i, 1);
      child.kill('SIGKILL');
    }, IDLE_MS);
    timer.unref();
    idle.push({ child, timer });
  } else child.kill('SIGKILL');
  queue.shift()?.();
}

const clip = (e: string) => (e.length > 120 ? `${e.slice(0, 120)}…` : e);

/** Runs one job; errors keep their name (SelectError, MalformedFile) so callers can tell them apart. */
async function runJob(job: JobBody, expr: string, ms: number, heapMb: number): Promise<{ json: string; streamed?: boolean }> {
  const child = await acquire(heapMb);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (reusable: boolean, err?: Error, out?: { json: string; streamed?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      release(child, reusable && heapMb === SELECT_HEAP_MB);
      if (err) reject(err);
      else resolve(out!);
    };
    const stop = () => finish(false, new SelectError(`'${clip(expr)}' did not finish within ${ms / 1000} s; select less, filter first ([?…]), or page with op=items`));
    // Until the child has started (loading can take a while on a busy machine), a longer wait.
    let timer = setTimeout(stop, Math.max(ms, START_MS));
    child.on('message', (m: SelectMessage) => {
      if (m.id !== id) return;
      if (m.kind === 'started') {
        clearTimeout(timer);
        timer = setTimeout(stop, ms);
      } else if (m.kind === 'done') finish(true, undefined, { json: m.json, streamed: m.streamed });
      else {
        const e = new Error(m.message);
        e.name = m.name;
        finish(true, e);
      }
    });
    child.on('exit', (code, signal) =>
      finish(
        false,
        // V8 ends a process that runs out of heap with an abort (SIGABRT) or exit code 134.
        signal === 'SIGABRT' || code === 134
          ? new SelectError(`'${clip(expr)}' needed more than ${heapMb} MB: it builds too much (@ repeated inside [...] or {...} and flattened or piped again, a huge count or width), or selects too much`)
          : new Error(`select failed: its process exited (${signal ?? `code ${code}`})`),
      ),
    );
    child.send({ ...job, id } as SelectJob, (e) => e && finish(false, new Error(`select failed: ${e.message}`)));
  });
}

/** `select` applied to data in memory (a call's result), off the main thread. */
export async function selectInWorker(data: unknown, expr: string, limits = SELECT_LIMITS): Promise<unknown> {
  const r = await runJob({ kind: 'eval', expr, data, maxChars: MAX_SELECT_CHARS }, expr, limits.evalMs, limits.heapMb);
  return JSON.parse(r.json);
}

/** readresult op=query, off the main thread. */
export async function queryInWorker(file: string, format: 'json' | 'toon', expr: string, limits = SELECT_LIMITS): Promise<{ value: unknown; streamed: boolean }> {
  const r = await runJob({ kind: 'query', file, format, expr, maxChars: MAX_SELECT_CHARS }, expr, limits.fileMs, limits.heapMb);
  return { value: JSON.parse(r.json), streamed: r.streamed === true };
}

/** readresult op=items, off the main thread. */
export async function itemsInWorker(file: string, format: 'json' | 'toon', req: ItemsRequest, limits = SELECT_LIMITS): Promise<Record<string, unknown>> {
  const r = await runJob({ kind: 'items', file, format, req }, req.path ?? 'items', limits.fileMs, limits.heapMb);
  return JSON.parse(r.json) as Record<string, unknown>;
}
