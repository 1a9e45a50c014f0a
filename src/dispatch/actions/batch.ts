import pLimit from 'p-limit';
import { DEFAULT_BATCH_CONCURRENCY, describeError, type DispatchContext, type DispatchEvent, type DispatchResponse, type RequestContext } from '../context.js';
import { DispatchError, parseRequest, type BatchRequest, type CallRequest } from '../request.js';
import { valueAnswer } from '../spill-answer.js';
import { call } from './call.js';

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

/** One item of a batch, answered like action=call (its own spill rules), or its own error. */
async function item(ctx: DispatchContext, raw: unknown, rc: RequestContext): Promise<Record<string, unknown>> {
  const named = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const name = typeof named.tool === 'string' ? { tool: named.tool } : typeof named.uri === 'string' ? { uri: named.uri } : typeof named.prompt === 'string' ? { prompt: named.prompt } : {};
  try {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new DispatchError(`each call must be an object such as {"tool":"echo","arguments":{"message":"hi"}}, got ${typeName(raw)}`);
    if (named.action !== undefined && named.action !== 'call') throw new DispatchError(`a batch holds calls only; drop 'action' (got "${String(named.action).slice(0, 40)}")`);
    const req = parseRequest({ ...named, action: 'call' }) as CallRequest;
    const ev: DispatchEvent = { action: 'call', isError: false, ms: 0 };
    // Each item's size estimate is noise next to the whole's; structured content that repeats the
    // text content would double the item (the model reads batch answers as one JSON text).
    const { action: _a, estimatedTokens: _t, ...res } = await call(ctx, req, ev, rc);
    if (Array.isArray(res.content) && res.content.some((b) => (b as { type?: unknown })?.type === 'text')) delete res.structuredContent;
    return res;
  } catch (e) {
    return { ...name, isError: true, error: describeError(e) };
  }
}

/** True when every call of the batch names a tool marked readOnlyHint (as far as the catalogs say). */
function allReadOnly(ctx: DispatchContext, calls: unknown[]): boolean {
  return calls.every((raw) => {
    const c = raw as { tool?: unknown; uri?: unknown; prompt?: unknown } | null;
    if (!c || typeof c !== 'object') return true; // refused on its own, changes nothing
    if (c.uri !== undefined || c.prompt !== undefined) return true; // reads
    return ctx.pool.connections.some((conn) => conn.cachedCatalog?.tools.some((t) => t.name === c.tool && t.annotations?.readOnlyHint === true));
  });
}

/**
 * action=batch: several calls, each through the same path as action=call, each with its own result
 * or error, in the order given. Calls that only read run at once (at most batchConcurrency); a batch
 * with a call that may change something runs in order, one at a time, as the agent does. The whole
 * answer spills like any result when it is over the threshold (or resultToFile).
 */
export async function batch(ctx: DispatchContext, req: BatchRequest, ev: DispatchEvent, rc: RequestContext = {}): Promise<DispatchResponse> {
  const limit = pLimit(allReadOnly(ctx, req.calls) ? (ctx.opts.batchConcurrency ?? DEFAULT_BATCH_CONCURRENCY) : 1);
  const results = await Promise.all(req.calls.map((raw) => limit(() => item(ctx, raw, rc))));
  const failed = results.filter((r) => r.isError === true).length;
  ev.tool = `${results.length} calls`;
  const head: DispatchResponse = { action: 'batch', total: results.length, failed };
  return valueAnswer(ctx, head, results, { resultToFile: req.resultToFile, threshold: req.resultSizeThreshold, origin: { tool: 'batch', connection: '' }, key: 'results' }, ev);
}
