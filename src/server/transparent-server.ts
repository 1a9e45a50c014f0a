import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Catalog, Connection } from '../mcp/connection.js';
import type { Pool } from '../mcp/pool.js';
import { errorMessage } from '../util/errors.js';
import type { ServerIdentity } from './proxy-server.js';

const SEP = '__';
const RESOURCE_PREFIX = 'proxy://';

/** `c1__echo` -> connection c1, name echo. */
function split(pool: Pool, namespaced: string): { conn: Connection; name: string } {
  const i = namespaced.indexOf(SEP);
  const conn = i > 0 ? pool.get(namespaced.slice(0, i)) : undefined;
  if (!conn || !/^c\d+$/.test(conn.alias)) throw new McpError(ErrorCode.InvalidParams, `unknown name '${namespaced}': names look like c1${SEP}tool`);
  return { conn, name: namespaced.slice(i + SEP.length) };
}

/** `proxy://c1/test://static/1` -> connection c1, uri test://static/1. */
function splitUri(pool: Pool, uri: string): { conn: Connection; uri: string } {
  const m = /^proxy:\/\/(c\d+)\/(.+)$/s.exec(uri);
  const conn = m ? pool.get(m[1]!) : undefined;
  if (!m || !conn) throw new McpError(ErrorCode.InvalidParams, `unknown resource '${uri}': URIs look like ${RESOURCE_PREFIX}c1/<original uri>`);
  return { conn, uri: m[2]! };
}

function page<T>(items: T[], cursor: string | undefined, size: number): { items: T[]; nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined) {
    offset = Number(Buffer.from(cursor, 'base64url').toString());
    if (!Number.isInteger(offset) || offset < 0 || offset > items.length) throw new McpError(ErrorCode.InvalidParams, `invalid cursor '${cursor}'`);
  }
  const slice = items.slice(offset, offset + size);
  const next = offset + slice.length;
  return { items: slice, ...(next < items.length ? { nextCursor: Buffer.from(String(next)).toString('base64url') } : {}) };
}

/**
 * Transparent aggregation: every tool, resource and prompt of every connection under a namespaced
 * name (`c1__echo`, `proxy://c1/<uri>`), paged with cursors across servers; list_changed from any
 * server is passed on.
 */
export function buildTransparentServer(pool: Pool, id: ServerIdentity, pageSize = 100): Server {
  const server = new Server(id, { capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } } });
  const catalogs = async (): Promise<Array<{ conn: Connection; cat: Catalog }>> => {
    const settled = await Promise.allSettled(pool.connections.map(async (conn) => ({ conn, cat: await conn.getCatalog() })));
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  };
  server.setRequestHandler(ListToolsRequestSchema, async (req) => {
    const all = (await catalogs()).flatMap(({ conn, cat }) => cat.tools.map((t) => ({ ...t, name: `${conn.alias}${SEP}${t.name}`, description: `[${conn.alias}/${conn.name}] ${t.description ?? ''}`.trim() })));
    const p = page(all, req.params?.cursor, pageSize);
    return { tools: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { conn, name } = split(pool, req.params.name);
    try {
      return await conn.callTool(name, req.params.arguments, { meta: req.params._meta as Record<string, unknown> | undefined });
    } catch (e) {
      return { content: [{ type: 'text', text: errorMessage(e) }], isError: true };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async (req) => {
    const all = (await catalogs()).flatMap(({ conn, cat }) => cat.resources.map((r) => ({ ...r, uri: `${RESOURCE_PREFIX}${conn.alias}/${r.uri}` })));
    const p = page(all, req.params?.cursor, pageSize);
    return { resources: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (req) => {
    const all = (await catalogs()).flatMap(({ conn, cat }) => cat.resourceTemplates.map((r) => ({ ...r, uriTemplate: `${RESOURCE_PREFIX}${conn.alias}/${r.uriTemplate}` })));
    const p = page(all, req.params?.cursor, pageSize);
    return { resourceTemplates: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const { conn, uri } = splitUri(pool, req.params.uri);
    const r = await conn.readResource(uri).catch((e) => {
      throw new McpError(ErrorCode.InternalError, errorMessage(e));
    });
    return { ...r, contents: r.contents.map((c) => ({ ...c, uri: `${RESOURCE_PREFIX}${conn.alias}/${c.uri}` })) };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async (req) => {
    const all = (await catalogs()).flatMap(({ conn, cat }) => cat.prompts.map((p) => ({ ...p, name: `${conn.alias}${SEP}${p.name}` })));
    const p = page(all, req.params?.cursor, pageSize);
    return { prompts: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  });
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    const { conn, name } = split(pool, req.params.name);
    return conn.getPrompt(name, req.params.arguments).catch((e) => {
      throw new McpError(ErrorCode.InternalError, errorMessage(e));
    });
  });
  // Pass list_changed on: a change to a catalog already read is a change of the aggregate
  // (a server's first read is not; the client has not seen it yet).
  const seen = new Map<string, number>();
  const unsubscribe = pool.onChange(() => {
    let changed = false;
    for (const c of pool.connections) {
      const before = seen.get(c.alias);
      if (before !== undefined && before !== c.catalogVersion) changed = true;
      if (c.cachedCatalog || before !== undefined) seen.set(c.alias, c.catalogVersion);
    }
    if (!changed || !server.transport) return;
    void server.sendToolListChanged().catch(() => {});
    void server.sendResourceListChanged().catch(() => {});
    void server.sendPromptListChanged().catch(() => {});
  });
  const prevClose = server.onclose;
  server.onclose = () => {
    unsubscribe();
    prevClose?.();
  };
  return server;
}
