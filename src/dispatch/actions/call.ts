import type { Prompt, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Connection } from '../../mcp/connection.js';
import { readArgumentsFile } from '../../spill/args-file.js';
import { MAX_PAYLOAD_DEPTH, payloadOf, previewOf, tooDeepMessage } from '../../spill/payload.js';
import { depthExceeds } from '../../util/depth.js';
import { errorMessage } from '../../util/errors.js';
import { estimateTokens } from '../../util/tokens.js';
import type { DispatchContext, DispatchEvent, DispatchResponse, RequestContext } from '../context.js';
import { DispatchError, type CallRequest } from '../request.js';
import { validateArguments } from '../validate-args.js';

/** action=call: calls a tool, reads a resource or gets a prompt; large results spill to a file. */
export async function call(ctx: DispatchContext, req: CallRequest, ev: DispatchEvent, rc: RequestContext = {}): Promise<DispatchResponse> {
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
  let result: Record<string, unknown>;
  const opts = { meta: req.meta, signal: rc.signal, onProgress: rc.onProgress, requester: rc.requester, access: rc.access, cache: req.cache };
  if (req.type === 'tool') {
    const problem = validateArguments((cap as Tool).inputSchema, args ?? {});
    if (problem) throw new DispatchError(`invalid arguments for '${req.name}' (${conn.alias}/${conn.name}): ${problem}. See action=info for its schema.`);
    ctx.stats.calls++;
    result = await conn.callTool(req.name, args, opts);
  } else if (req.type === 'prompt') {
    const p = cap as Prompt;
    const given = args ?? {};
    const missing = (p.arguments ?? []).filter((a) => a.required && given[a.name] === undefined).map((a) => a.name);
    if (missing.length) throw new DispatchError(`prompt '${p.name}' needs argument(s): ${missing.join(', ')}`);
    const bad = Object.entries(given).filter(([, v]) => typeof v !== 'string').map(([k]) => k);
    if (bad.length) throw new DispatchError(`prompt arguments must be strings: ${bad.join(', ')}`);
    ctx.stats.calls++;
    result = await conn.getPrompt(p.name, given as Record<string, string>, opts);
  } else {
    ctx.stats.calls++;
    result = await conn.readResource(req.name, opts);
  }
  return answer(ctx, req, conn, result, ev, rc);
}

/** A tool result's data: its content, or its structured content when it sent no content. */
function toolContent(result: Record<string, unknown>): unknown {
  const content = result.content as unknown[] | undefined;
  if ((!content || content.length === 0) && result.structuredContent !== undefined) {
    return [{ type: 'text', text: JSON.stringify(result.structuredContent) }];
  }
  return content ?? [];
}

/** Builds the inline answer, or spills the data and answers with its path and a preview. */
function answer(ctx: DispatchContext, req: CallRequest, conn: Connection, result: Record<string, unknown>, ev: DispatchEvent, rc: RequestContext): DispatchResponse {
  // Serializing recurses per level: a hostile result nested 100,000 deep would overflow the stack.
  if (depthExceeds(result, MAX_PAYLOAD_DEPTH)) throw new DispatchError(tooDeepMessage(`the result of '${req.name}' (${conn.alias}/${conn.name})`));
  const content = req.type === 'tool' ? toolContent(result) : req.type === 'prompt' ? result.messages : result.contents;
  const serialized = JSON.stringify(content) ?? '';
  const bytes = Buffer.byteLength(serialized);
  ev.bytes = bytes;
  const head: DispatchResponse = { action: 'call', [req.type === 'tool' ? 'tool' : req.type === 'prompt' ? 'prompt' : 'uri']: req.name, connection: conn.alias };
  if (req.argumentsFile) head.arguments = { _fromFile: req.argumentsFile };
  // A prompt's description belongs to its result (GetPromptResult), as its messages do.
  if (req.type === 'prompt' && typeof result.description === 'string' && result.description) head.description = result.description;
  const threshold = req.resultSizeThreshold ?? ctx.opts.threshold;
  const auto = !req.resultToFile && threshold > 0 && bytes > threshold;
  if (!req.resultToFile && !auto) {
    const res: DispatchResponse = { ...head, estimatedTokens: estimateTokens(bytes), content };
    // MCP clients get structured content as the server sent it (the agent shows the model one copy).
    if (req.type === 'tool' && result.structuredContent !== undefined && Array.isArray(result.content) && result.content.length) res.structuredContent = result.structuredContent;
    if (result.isError === true) res.isError = true;
    return res;
  }
  const store = ctx.opts.spill;
  if (!store) throw new DispatchError('results cannot be written to files here (no spill store)');
  const payload = payloadOf(req.type === 'tool' ? result : req.type === 'prompt' ? { messages: result.messages } : { contents: result.contents }, ctx.opts.toon);
  const meta = store.writeText('result', payload.text, payload.format, { tool: req.name, connection: conn.alias });
  const stats = ctx.stats;
  stats.spills++;
  stats.bytesKeptOut += meta.bytes;
  if (!stats.largestSpill || meta.bytes > stats.largestSpill.bytes) {
    stats.largestSpill = { bytes: meta.bytes, estimatedTokens: meta.estimatedTokens, tool: req.name, connection: conn.alias };
  }
  ev.spilled = true;
  ev.resultFile = meta.file;
  const why = auto ? `result is ${bytes} bytes, over the ${threshold}-byte threshold` : 'resultToFile was set';
  const text =
    `Result written to ${meta.file} (${why}). ${meta.bytes} bytes, ≈${meta.estimatedTokens} tokens, ${meta.lines} lines of ${meta.format}; ${payload.shape}.` +
    `${result.isError === true ? ' The tool reported an error.' : ''}\nPreview:\n${previewOf(payload.text)}\n` +
    (rc.readHint?.(meta.file) ?? 'Read it with action=readresult (op=stat, grep, slice, head, tail); pass it to another call as argumentsFile.');
  const res: DispatchResponse = { ...head, resultFile: meta.file, autoSpilled: auto, content: [{ type: 'text', text }] };
  if (result.isError === true) res.isError = true;
  return res;
}
