import { selectInWorker } from '../../spill/select-runner.js';
import {
  DEFAULT_RUN_MAX_CALLS,
  DEFAULT_RUN_MEMORY_MB,
  DEFAULT_RUN_TIMEOUT_MS,
  type DispatchContext,
  type DispatchEvent,
  type DispatchResponse,
  type RequestContext,
} from '../context.js';
import { invoke } from '../invoke.js';
import { DispatchError, parseRequest, type CallRequest, type InfoRequest, type ReadResultRequest, type RunRequest, type SearchRequest } from '../request.js';
import { resultData, resultText } from '../result-data.js';
import type { HostFunction } from '../sandbox.js';
import { valueAnswer } from '../spill-answer.js';
import { info } from './info.js';
import { readresult } from './readresult.js';
import { search } from './search.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function options(v: unknown, fn: string): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (!isObject(v)) throw new DispatchError(`${fn}: the options must be an object`);
  return v;
}

/** The mcp.* functions a script sees; every call goes through invoke, like action=call. */
function hostFunctions(ctx: DispatchContext, rc: RequestContext): Record<string, HostFunction> {
  return {
    async call([tool, args, opts], signal) {
      if (typeof tool !== 'string') throw new DispatchError("mcp.call(tool, args, {connection, select}): 'tool' must be a string");
      const o = options(opts, 'mcp.call');
      const unknown = Object.keys(o).filter((k) => k !== 'connection' && k !== 'select');
      if (unknown.length) throw new DispatchError(`mcp.call: unknown option(s) ${unknown.join(', ')}; it takes connection and select`);
      const req = parseRequest({ action: 'call', tool, arguments: args ?? {}, connection: o.connection, select: o.select }) as CallRequest;
      const ev: DispatchEvent = { action: 'call', isError: false, ms: 0 };
      // A signal per call, linked for its duration only: the script's signal would otherwise
      // collect one listener per call it ever made.
      const own = new AbortController();
      const stop = () => own.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      let result: Record<string, unknown>;
      try {
        // The script's signal already follows the caller's (runSandboxed links them).
        ({ result } = await invoke(ctx, req, ev, { ...rc, signal: own.signal }));
      } finally {
        signal.removeEventListener('abort', stop);
      }
      if (result.isError === true) throw new DispatchError(`tool '${tool}' reported an error: ${resultText(result).slice(0, 2000)}`);
      const data = resultData('tool', result);
      if (req.select === undefined) return data.value;
      if (!data.json) throw new DispatchError(`select needs JSON, but '${tool}' answered with plain text; call it without select`);
      return selectInWorker(data.value, req.select);
    },
    async search([query, opts]) {
      const req = parseRequest({ ...options(opts, 'mcp.search'), action: 'search', query }) as SearchRequest;
      return (await search(ctx, req)).results;
    },
    async info([tool, opts]) {
      const req = parseRequest({ format: 'typescript', ...options(opts, 'mcp.info'), action: 'info', tool }) as InfoRequest;
      const { action: _a, ...res } = await info(ctx, req);
      return res;
    },
    async readresult([opts]) {
      const req = parseRequest({ ...options(opts, 'mcp.readresult'), action: 'readresult' }) as ReadResultRequest;
      const { action: _a, ...res } = await readresult(ctx, req);
      return res;
    },
  };
}

/**
 * action=run: a JavaScript snippet in the QuickJS sandbox (loaded on first use) with mcp.call,
 * mcp.search, mcp.info and mcp.readresult; its return value is the result (spilled like any).
 */
export async function run(ctx: DispatchContext, req: RunRequest, ev: DispatchEvent, rc: RequestContext = {}): Promise<DispatchResponse> {
  const { runSandboxed } = await import('../sandbox.js');
  const limits = {
    timeMs: ctx.opts.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
    memoryBytes: (ctx.opts.runMemoryMb ?? DEFAULT_RUN_MEMORY_MB) * 1024 * 1024,
    maxCalls: ctx.opts.runMaxCalls ?? DEFAULT_RUN_MAX_CALLS,
  };
  ev.tool = 'run';
  let outcome;
  try {
    outcome = await runSandboxed(req.code, hostFunctions(ctx, rc), limits, rc.signal);
  } catch (e) {
    const logs = (e as { logs?: string[] }).logs;
    if (logs?.length) (e as Error).message += `\nconsole output before that:\n${logs.join('\n').slice(-2000)}`;
    throw e;
  }
  const head: DispatchResponse = { action: 'run', calls: outcome.calls };
  if (outcome.logs.length) head.logs = outcome.logs;
  if (outcome.logsTruncated) head.logsTruncated = true;
  if (outcome.value === undefined) head.note = 'the script returned nothing; end it with `return <value>`';
  return valueAnswer(ctx, head, outcome.value ?? null, { resultToFile: req.resultToFile, threshold: req.resultSizeThreshold, origin: { tool: 'run', connection: '' } }, ev);
}
