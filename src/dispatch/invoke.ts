import type { Prompt, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Connection } from '../mcp/connection.js';
import { readArgumentsFile } from '../spill/args-file.js';
import { errorMessage } from '../util/errors.js';
import type { DispatchContext, DispatchEvent, RequestContext } from './context.js';
import { DispatchError, type CallRequest } from './request.js';
import { validateArguments } from './validate-args.js';

/** A downstream call done: the connection that answered and its raw result. */
export interface Invocation {
  conn: Connection;
  result: Record<string, unknown>;
}

/**
 * The one way a request reaches a downstream server: action=call, every item of action=batch and
 * every mcp.call of action=run come through here (so a rule about calls belongs here, once).
 * Resolves the capability, reads argumentsFile, checks the arguments, and calls.
 */
export async function invoke(ctx: DispatchContext, req: CallRequest, ev: DispatchEvent, rc: RequestContext = {}): Promise<Invocation> {
  ev.tool = req.name;
  const { conn, cap } = await ctx.resolve(req.name, req.type, req.connection, false, rc.access);
  ev.connection = conn.alias;
  let args: Record<string, unknown> | undefined = req.arguments;
  if (req.argumentsFile) {
    try {
      const props = ((cap as Tool | undefined)?.inputSchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
      const wantsString = (k: string) => req.type === 'prompt' || props?.[k]?.type === 'string';
      args = { ...readArgumentsFile(req.argumentsFile, ctx.opts.spill, ctx.opts.argsRoots, wantsString), ...(req.arguments ?? {}) };
    } catch (e) {
      throw new DispatchError(errorMessage(e));
    }
  }
  // The policy (config rules, and the client's token) is checked by the connection on every call.
  const opts = { meta: req.meta, signal: rc.signal, onProgress: rc.onProgress, requester: rc.requester, access: rc.access, cache: req.cache };
  if (req.type === 'tool') {
    const problem = validateArguments((cap as Tool).inputSchema, args ?? {});
    if (problem) throw new DispatchError(`invalid arguments for '${req.name}' (${conn.alias}/${conn.name}): ${problem}. See action=info for its schema.`);
    ctx.stats.calls++;
    return { conn, result: await conn.callTool(req.name, args, opts) };
  }
  if (req.type === 'prompt') {
    const p = cap as Prompt;
    const given = args ?? {};
    const missing = (p.arguments ?? []).filter((a) => a.required && given[a.name] === undefined).map((a) => a.name);
    if (missing.length) throw new DispatchError(`prompt '${p.name}' needs argument(s): ${missing.join(', ')}`);
    const bad = Object.entries(given).filter(([, v]) => typeof v !== 'string').map(([k]) => k);
    if (bad.length) throw new DispatchError(`prompt arguments must be strings: ${bad.join(', ')}`);
    ctx.stats.calls++;
    return { conn, result: await conn.getPrompt(p.name, given as Record<string, string>, opts) };
  }
  ctx.stats.calls++;
  return { conn, result: await conn.readResource(req.name, opts) };
}
