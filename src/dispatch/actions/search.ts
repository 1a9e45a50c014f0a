import type { DispatchContext, DispatchResponse } from '../context.js';
import type { SearchRequest } from '../request.js';

/** action=search: ranked tools (or resources, prompts) for a request in words. */
export async function search(ctx: DispatchContext, req: SearchRequest): Promise<DispatchResponse> {
  // Only the named connection is started for a search confined to it.
  const { loaded, unavailable } = await ctx.load(ctx.connectionsFor(req.connection), req.refresh);
  const hits = ctx.indexFor(loaded).search(req.query, { limit: req.limit, type: req.type });
  const res: DispatchResponse = {
    action: 'search',
    query: req.query,
    results: hits.map((h) => (h.type === 'tool' ? { connection: h.connection, tool: h.name, score: h.score, description: h.description } : { connection: h.connection, type: h.type, [h.type === 'resource' ? 'uri' : 'prompt']: h.name, score: h.score, description: h.description })),
  };
  if (!hits.length) res.hint = 'no match; try other words, or action=list';
  if (unavailable.length) res.unavailable = unavailable;
  return res;
}
