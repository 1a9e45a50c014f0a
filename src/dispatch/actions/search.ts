import type { DispatchContext, DispatchResponse, RequestContext } from '../context.js';
import type { SearchRequest } from '../request.js';

/** action=search: ranked tools (or resources, prompts) for a request in words. */
export async function search(ctx: DispatchContext, req: SearchRequest, rc: RequestContext = {}): Promise<DispatchResponse> {
  // Only the named connection is started for a search confined to it; each catalog is indexed as it comes.
  const { loaded, unavailable } = await ctx.load(ctx.connectionsFor(req.connection, rc.access), req.refresh, undefined, rc.access, true);
  const hits = ctx.indexFor(loaded, rc.access).search(req.query, { limit: req.limit, type: req.type });
  const res: DispatchResponse = {
    action: 'search',
    query: req.query,
    results: hits.map((h) => {
      const what = h.type === 'tool' ? { tool: h.name } : { type: h.type, [h.type === 'resource' ? 'uri' : 'prompt']: h.name };
      // Best first; `why` says what matched (a raw score said less, in more bytes). `also`: identical
      // capabilities on other connections, folded into this hit.
      return { connection: h.connection, ...what, description: h.description, why: h.why, ...(h.also ? { also: h.also } : {}) };
    }),
  };
  if (!hits.length) res.hint = 'no match; try other words, or action=list';
  if (unavailable.length) res.unavailable = unavailable;
  return res;
}
