import type { DispatchContext, DispatchResponse, Loaded, RequestContext } from '../context.js';
import { compactAnnotations } from '../context.js';
import { compactSchema } from '../compact-schema.js';
import type { ListRequest } from '../request.js';
import { shortDescription } from '../short-description.js';

/** How many characters a listing shows of a description. */
const LIST_DESCRIPTION = 160;

function itemsOf(l: Loaded, req: ListRequest): Array<Record<string, unknown>> {
  const cat = l.catalog;
  if (req.type === 'tool') {
    return cat.tools.map((t) => {
      const o: Record<string, unknown> = { name: t.name, description: shortDescription(t.description, LIST_DESCRIPTION) };
      if (req.includeAnnotations) {
        const a = compactAnnotations(t.annotations as Record<string, unknown> | undefined);
        if (a) o.annotations = a;
      }
      if (req.includeInputSchema) o.inputSchema = compactSchema(t.inputSchema);
      return o;
    });
  }
  if (req.type === 'resource') {
    return [
      ...cat.resources.map((r) => ({ uri: r.uri, name: r.name, description: shortDescription(r.description, LIST_DESCRIPTION) || undefined, mimeType: r.mimeType })),
      ...cat.resourceTemplates.map((r) => ({ uriTemplate: r.uriTemplate, name: r.name, description: shortDescription(r.description, LIST_DESCRIPTION) || undefined, mimeType: r.mimeType })),
    ];
  }
  return cat.prompts.map((p) => ({
    name: p.name,
    description: shortDescription(p.description, LIST_DESCRIPTION) || undefined,
    arguments: p.arguments?.map((a) => ({ name: a.name, required: a.required ?? false })),
  }));
}

/** action=list: connections and their tools, resources or prompts, paged across connections. */
export async function list(ctx: DispatchContext, req: ListRequest, rc: RequestContext = {}): Promise<DispatchResponse> {
  const conns = ctx.connectionsFor(req.connection, rc.access);
  const res: DispatchResponse = { action: 'list' };
  if (!req.includeTools) {
    const all = conns.map((c) => ctx.pool.summarize(c));
    res.total = all.length;
    res.connections = all.slice(req.offset, req.offset + req.limit);
    return res;
  }
  const { loaded, unavailable } = await ctx.load(conns, req.refresh, undefined, rc.access);
  const byAlias = new Map(loaded.map((l) => [l.conn.alias, l]));
  type Item = { alias: string; item: Record<string, unknown> };
  const items: Item[] = [];
  for (const l of loaded) for (const item of itemsOf(l, req)) items.push({ alias: l.conn.alias, item });
  const page = items.slice(req.offset, req.offset + req.limit);
  const key = req.type === 'tool' ? 'tools' : req.type === 'resource' ? 'resources' : 'prompts';
  res.type = req.type;
  res.total = items.length;
  res.offset = req.offset;
  res.returned = page.length;
  if (req.offset + page.length < items.length) res.nextOffset = req.offset + page.length;
  res.connections = conns.map((c) => {
    const s: Record<string, unknown> = { ...ctx.pool.summarize(c) };
    if (byAlias.has(c.alias)) s[key] = page.filter((p) => p.alias === c.alias).map((p) => p.item);
    return s;
  });
  if (unavailable.length) res.unavailable = unavailable;
  return res;
}
