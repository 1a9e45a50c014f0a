import type { Prompt, Tool } from '@modelcontextprotocol/sdk/types.js';
import { compactAnnotations, type DispatchContext, type DispatchResponse, type RequestContext } from '../context.js';
import { compactSchema } from '../compact-schema.js';
import { DispatchError, type InfoRequest } from '../request.js';
import { toolSignature } from '../ts-signature.js';

/** action=info: one tool, resource or prompt in full, with a compact input schema (or, format=typescript, a signature for action=run). */
export async function info(ctx: DispatchContext, req: InfoRequest, rc: RequestContext = {}): Promise<DispatchResponse> {
  const { conn, cap } = await ctx.resolve(req.name, req.type, req.connection, req.refresh, rc.access);
  const res: DispatchResponse = { action: 'info', type: req.type, connection: conn.alias };
  if (!cap) throw new DispatchError(`resource '${req.name}' is not listed by ${conn.alias}/${conn.name}; it may still be readable with action=call`);
  if (req.type === 'tool') {
    const t = cap as Tool;
    res.tool = t.name;
    if (t.title && t.title !== t.name) res.title = t.title;
    res.description = t.description ?? '';
    if (req.format === 'typescript') res.signature = toolSignature(t);
    else {
      res.inputSchema = compactSchema(t.inputSchema);
      if (t.outputSchema) res.outputSchema = compactSchema(t.outputSchema);
    }
    const a = compactAnnotations(t.annotations as Record<string, unknown> | undefined);
    if (a) res.annotations = a;
  } else if (req.type === 'prompt') {
    const p = cap as Prompt;
    Object.assign(res, { prompt: p.name, description: p.description ?? '', arguments: p.arguments ?? [] });
  } else {
    Object.assign(res, cap);
  }
  return res;
}
