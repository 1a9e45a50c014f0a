import type { Pool } from '../mcp/pool.js';
import { depthExceeds } from '../util/depth.js';
import { traced } from '../util/tracing.js';
import { call } from './actions/call.js';
import { info } from './actions/info.js';
import { list } from './actions/list.js';
import { readresult } from './actions/readresult.js';
import { batch } from './actions/batch.js';
import { run } from './actions/run.js';
import { search } from './actions/search.js';
import { describeError, DispatchContext, type DispatcherOptions, type DispatchEvent, type DispatchResponse, type DispatchStats, type RequestContext } from './context.js';
import { parseRequest } from './request.js';

export type { DispatcherOptions, DispatchEvent, DispatchResponse, DispatchStats, RequestContext } from './context.js';

/** Answers nest at most this deep (results are held to MAX_PAYLOAD_DEPTH, plus the envelope). */
const MAX_ANSWER_DEPTH = 300;

/**
 * proxy-dispatch: list, search, info, call, batch, run and readresult over every connection of a pool.
 * Independent of any LLM; the agent, the one-shot CLI and the MCP server mode all call it.
 * `dispatch` never throws: every problem comes back as `{isError: true, error}`.
 * Each action lives in its own module under actions/; they share a DispatchContext.
 */
export class Dispatcher {
  private readonly ctx: DispatchContext;

  constructor(
    readonly pool: Pool,
    private readonly opts: DispatcherOptions,
  ) {
    this.ctx = new DispatchContext(pool, opts);
  }

  /** Running totals (requests, errors, spills, bytes kept out of context). */
  get stats(): DispatchStats {
    return this.ctx.stats;
  }

  /** Runs one request given as raw arguments (object or JSON string). */
  async dispatch(raw: unknown, rc?: RequestContext): Promise<DispatchResponse> {
    return (await this.dispatchWithEvent(raw, rc)).response;
  }

  /**
   * Like dispatch, with what happened (sizes, spill, timing) for progress lines. Runs inside a
   * `dispatch <action>` span: action, tool, connection and result size, failed when the answer is.
   */
  dispatchWithEvent(raw: unknown, rc: RequestContext = {}): Promise<{ response: DispatchResponse; event: DispatchEvent }> {
    return traced('dispatch', {}, async (span) => {
      const out = await this.answer(raw, rc);
      const ev = out.event;
      span.rename(`dispatch ${ev.action}`);
      span.set({ 'mini_a.dispatch.action': ev.action, 'gen_ai.tool.name': ev.tool, 'mini_a.connection': ev.connection, 'mini_a.result.bytes': ev.bytes, 'mini_a.result.spilled': ev.spilled });
      if (ev.isError) span.fail(ev.error ? 'dispatch_error' : 'tool_error', ev.error || 'the tool reported an error');
      return out;
    });
  }

  private async answer(raw: unknown, rc: RequestContext): Promise<{ response: DispatchResponse; event: DispatchEvent }> {
    const started = Date.now();
    const ev: DispatchEvent = { action: typeof (raw as { action?: unknown })?.action === 'string' ? (raw as { action: string }).action : '?', isError: false, ms: 0 };
    let res: DispatchResponse;
    try {
      const req = parseRequest(raw);
      ev.action = req.action;
      switch (req.action) {
        case 'list':
          res = await list(this.ctx, req, rc);
          break;
        case 'search':
          res = await search(this.ctx, req, rc);
          break;
        case 'info':
          res = await info(this.ctx, req, rc);
          break;
        case 'call':
          res = await call(this.ctx, req, ev, rc);
          break;
        case 'batch':
          res = await batch(this.ctx, req, ev, rc);
          break;
        case 'run':
          res = await run(this.ctx, req, ev, rc);
          break;
        case 'readresult':
          res = await readresult(this.ctx, req, ev);
          break;
      }
    } catch (e) {
      res = { action: ev.action, isError: true, error: describeError(e) };
    }
    // Anything a downstream sent (annotations, _meta, resource fields) can nest without limit;
    // printing or sending an answer recurses per level, so too deep an answer becomes an error.
    if (depthExceeds(res, MAX_ANSWER_DEPTH)) res = { action: ev.action, isError: true, error: `the answer nests deeper than ${MAX_ANSWER_DEPTH} levels (data sent by a server); it is not passed on` };
    const stats = this.ctx.stats;
    if (res.isError) {
      ev.isError = true;
      ev.error = String(res.error ?? '');
      stats.errors++;
    }
    stats.requests++;
    ev.ms = Date.now() - started;
    try {
      this.opts.onEvent?.(ev);
    } catch {
      // An observer's failure must not change the answer.
    }
    return { response: res, event: ev };
  }
}
