import type { Connection } from '../../mcp/connection.js';
import { compileSelect } from '../../spill/jmespath.js';
import { MAX_PAYLOAD_DEPTH, payloadOf, tooDeepMessage } from '../../spill/payload.js';
import { selectInWorker } from '../../spill/select-runner.js';
import { depthExceeds } from '../../util/depth.js';
import { estimateTokens } from '../../util/tokens.js';
import type { DispatchContext, DispatchEvent, DispatchResponse, RequestContext } from '../context.js';
import { invoke } from '../invoke.js';
import { DispatchError, type CallRequest } from '../request.js';
import { resultData } from '../result-data.js';
import { spillReason, spillText, valueAnswer, writeSpill } from '../spill-answer.js';

/** action=call: calls a tool, reads a resource or gets a prompt; `select` keeps part of it; large results spill to a file. */
export async function call(ctx: DispatchContext, req: CallRequest, ev: DispatchEvent, rc: RequestContext = {}): Promise<DispatchResponse> {
  // A bad expression is refused before anything is called.
  if (req.select !== undefined) compileSelect(req.select);
  const { conn, result } = await invoke(ctx, req, ev, rc);
  // Serializing recurses per level: a hostile result nested 100,000 deep would overflow the stack.
  if (depthExceeds(result, MAX_PAYLOAD_DEPTH)) throw new DispatchError(tooDeepMessage(`the result of '${req.name}' (${conn.alias}/${conn.name})`));
  if (req.select !== undefined && result.isError !== true) {
    const data = resultData(req.type, result);
    if (!data.json) {
      const what = typeof data.value === 'string' ? `plain text (${Buffer.byteLength(data.value)} bytes), not JSON` : 'not text';
      throw new DispatchError(`select needs JSON, but the result of '${req.name}' is ${what}; call it without select (resultToFile=true, then readresult grep)`);
    }
    // Off the main thread, with a heap limit and a deadline: an expression can multiply its input.
    const value = await selectInWorker(data.value, req.select);
    return valueAnswer(ctx, headOf(req, conn, result), value, { resultToFile: req.resultToFile, threshold: req.resultSizeThreshold, origin: { tool: req.name, connection: conn.alias } }, ev);
  }
  return answer(ctx, req, conn, result, ev, rc);
}

function headOf(req: CallRequest, conn: Connection, result: Record<string, unknown>): DispatchResponse {
  const head: DispatchResponse = { action: 'call', [req.type === 'tool' ? 'tool' : req.type === 'prompt' ? 'prompt' : 'uri']: req.name, connection: conn.alias };
  if (req.argumentsFile) head.arguments = { _fromFile: req.argumentsFile };
  // A prompt's description belongs to its result (GetPromptResult), as its messages do.
  if (req.type === 'prompt' && typeof result.description === 'string' && result.description) head.description = result.description;
  return head;
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
  const content = req.type === 'tool' ? toolContent(result) : req.type === 'prompt' ? result.messages : result.contents;
  const serialized = JSON.stringify(content) ?? '';
  const bytes = Buffer.byteLength(serialized);
  ev.bytes = bytes;
  const head = headOf(req, conn, result);
  const threshold = req.resultSizeThreshold ?? ctx.opts.threshold;
  const why = spillReason(bytes, req.resultToFile, threshold);
  if (!why) {
    const res: DispatchResponse = { ...head, estimatedTokens: estimateTokens(bytes), content };
    // MCP clients get structured content as the server sent it (the agent shows the model one copy).
    if (req.type === 'tool' && result.structuredContent !== undefined && Array.isArray(result.content) && result.content.length) res.structuredContent = result.structuredContent;
    if (result.isError === true) res.isError = true;
    if (req.select !== undefined && result.isError === true) res.note = 'select was not applied: the tool reported an error';
    return res;
  }
  const payload = payloadOf(req.type === 'tool' ? result : req.type === 'prompt' ? { messages: result.messages } : { contents: result.contents }, ctx.opts.toon);
  const meta = writeSpill(ctx, payload, { tool: req.name, connection: conn.alias }, ev);
  const res: DispatchResponse = {
    ...head,
    resultFile: meta.file,
    autoSpilled: !req.resultToFile,
    content: [{ type: 'text', text: spillText(meta, why, payload, result.isError === true, rc.readHint?.(meta.file)) }],
  };
  if (result.isError === true) res.isError = true;
  return res;
}
