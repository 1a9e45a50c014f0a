/**
 * Child process entry for JMESPath (select-runner.ts). An expression can multiply its input
 * (`[@, @][] | [@, @][] | …` doubles it at every step), and V8 ends a whole process when one
 * allocation cannot be met, so selects run here, in a process of their own with a small heap,
 * never in mini-a. Results go back as JSON text of bounded size. The process ends when its parent
 * does (the IPC channel closes), however the parent ends.
 */
import { itemsOfFile, type ItemsRequest } from './items.js';
import { select } from './jmespath.js';
import { queryFile } from './query.js';

/** A job for the worker. */
export type SelectJob =
  | { id: number; kind: 'eval'; expr: string; data: unknown; maxChars: number }
  | { id: number; kind: 'query'; file: string; format: 'json' | 'toon'; expr: string; maxChars: number }
  | { id: number; kind: 'items'; file: string; format: 'json' | 'toon'; req: ItemsRequest };

/** What the worker says about a job. */
export type SelectMessage =
  | { id: number; kind: 'started' }
  | { id: number; kind: 'done'; json: string; streamed?: boolean }
  | { id: number; kind: 'error'; message: string; name: string };

/** A value as JSON text, refused when longer than `maxChars`. */
function toJson(v: unknown, maxChars: number): string {
  const text = JSON.stringify(v === undefined ? null : v);
  if (text.length > maxChars) {
    const e = new Error(`the selected value is ${text.length} characters of JSON, over the ${maxChars} limit; select less, or page with op=items`);
    e.name = 'SelectError';
    throw e;
  }
  return text;
}

function run(job: SelectJob): SelectMessage {
  try {
    if (job.kind === 'eval') return { id: job.id, kind: 'done', json: toJson(select(job.data, job.expr), job.maxChars) };
    if (job.kind === 'query') {
      const q = queryFile(job.file, job.format, job.expr);
      return { id: job.id, kind: 'done', json: toJson(q.value, job.maxChars), streamed: q.streamed };
    }
    return { id: job.id, kind: 'done', json: JSON.stringify(itemsOfFile(job.file, job.format, job.req)) };
  } catch (e) {
    return { id: job.id, kind: 'error', message: (e as Error).message, name: (e as Error).name };
  }
}

if (process.send) {
  const send = process.send.bind(process);
  process.on('message', (job: SelectJob) => {
    send({ id: job.id, kind: 'started' } satisfies SelectMessage);
    send(run(job));
  });
  // The parent is gone (it exited, crashed or was killed): so is this process.
  process.on('disconnect', () => process.exit(0));
}
