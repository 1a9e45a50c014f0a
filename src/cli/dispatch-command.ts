import readline from 'node:readline';
import { UsageError } from '../util/errors.js';
import { traced } from '../util/tracing.js';
import type { Runtime } from './runtime.js';

/** Line and column of a JSON.parse error position, for messages. */
export function jsonErrorWhere(text: string, err: Error): string {
  const m = /position (\d+)/.exec(err.message);
  if (!m) return err.message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  // Cut at ' at position' with indexOf: /\s*(in JSON )?at position \d+.*$/ is quadratic on blank runs.
  const at = err.message.indexOf(' at position ');
  let reason = at === -1 ? err.message : err.message.slice(0, at).trimEnd();
  if (reason.endsWith(' in JSON')) reason = reason.slice(0, -' in JSON'.length);
  reason = reason.replace(/^Unexpected token/, 'unexpected token');
  return `${reason} at line ${line}, column ${col}`;
}

/** Parses a JSON request given on the command line; a UsageError says where it is wrong. */
export function parseRequestJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${where}: invalid JSON: ${jsonErrorWhere(text, e as Error)}`);
  }
}

/** One request answered: its JSON answer, or undefined when the answerer declines it (a daemon of another configuration). */
export type AnswerOne = (req: unknown) => Promise<{ isError?: boolean } | undefined>;

/**
 * Runs `dispatch=`: the one request given, or with '-' every JSON line on stdin in order, printing
 * each answer on stdout. Returns the exit code (0 when every answer succeeded, 1 when any was an
 * error), or undefined when `one` declined the first request of a single `dispatch=`.
 */
export async function runRequests(request: string, pretty: boolean, one: AnswerOne): Promise<number | undefined> {
  const print = (res: unknown) => process.stdout.write(JSON.stringify(res, null, pretty ? 2 : undefined) + '\n');
  if (request !== '-') {
    const res = await one(parseRequestJson(request, 'dispatch'));
    if (!res) return undefined;
    print(res);
    return res.isError ? 1 : 0;
  }
  let failed = false;
  let n = 0;
  for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    n++;
    if (!line.trim()) continue;
    let req: unknown;
    try {
      req = JSON.parse(line);
    } catch (e) {
      print({ isError: true, error: `stdin line ${n}: invalid JSON: ${jsonErrorWhere(line, e as Error)}` });
      failed = true;
      continue;
    }
    const res = await one(req);
    if (!res) throw new Error(`stdin line ${n}: the request was declined`);
    if (res.isError) failed = true;
    print(res);
  }
  return failed ? 1 : 0;
}

/** One-shot dispatch over a runtime of this process (see runRequests). */
export async function runDispatchCommand(rt: Runtime, request: string, pretty: boolean): Promise<number> {
  // Each request is the root of its span tree, or continues the trace of TRACEPARENT/TRACESTATE
  // (OpenTelemetry's environment carrier) when whoever ran mini-a set them.
  const parent = { traceparent: process.env.TRACEPARENT, tracestate: process.env.TRACESTATE };
  return (await runRequests(request, pretty, (req) => traced('mini-a dispatch', {}, () => rt.dispatcher.dispatch(req), { parent })))!;
}
