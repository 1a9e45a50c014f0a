import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  RootsListChangedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { RpcError } from '../mcp/client-hooks.js';
import type { Catalog, Connection } from '../mcp/connection.js';
import { ConnectionError } from '../mcp/errors.js';
import { matchesTemplate } from '../mcp/uri-template.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { exposeContent, nameTable, Namespacer, type Mapped } from './naming.js';
import { progressRelay, requesterFor, sessionServer, settleProgress, upstreamError, type HandlerExtra, type ProxyDeps } from './session.js';
import type { UpstreamSession } from './upstream.js';
import type { Access } from '../mcp/policy.js';

/** Settings of transparent mode. */
export interface TransparentOptions {
  namespace: Namespacer;
  pageSize: number;
}

type Loaded = Array<{ conn: Connection; catalog: Catalog }>;

function page<T>(items: T[], cursor: string | undefined, size: number): { items: T[]; nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined) {
    offset = /^[A-Za-z0-9_-]{1,16}$/.test(cursor) ? Number(Buffer.from(cursor, 'base64url').toString()) : NaN;
    if (!Number.isInteger(offset) || offset < 0 || offset > items.length) throw new RpcError(ErrorCode.InvalidParams, `invalid cursor '${cursor.slice(0, 40)}'`);
  }
  const slice = items.slice(offset, offset + size);
  const next = offset + slice.length;
  return { items: slice, ...(next < items.length ? { nextCursor: Buffer.from(String(next)).toString('base64url') } : {}) };
}

/**
 * Transparent aggregation: every tool, resource, template and prompt of every server, named by
 * the namespace mode, with every other method passed through — completion, subscriptions,
 * logging, ping, progress, cancellation, and the servers' own requests to the client (sampling,
 * elicitation, roots). Listing waits at most listTimeoutMs for each server; a late one is added
 * with list_changed when it arrives. Errors keep the server's JSON-RPC code and data.
 */
export class TransparentProxy {
  private readonly ns: Namespacer;
  /** Servers' log level as the newest client asked (sent to servers that start later). */
  private logLevel?: LoggingLevel;
  private readonly sessions = new Set<{ session: UpstreamSession; late: Set<string>; seen: Map<string, number>; members?: string }>();

  constructor(
    private readonly deps: ProxyDeps,
    private readonly o: TransparentOptions,
  ) {
    this.ns = o.namespace;
    deps.router.exposeUri = (server, uri) => {
      const conn = deps.pool.get(server.alias);
      return conn ? this.ns.exposeUri(conn, uri) : uri;
    };
    deps.pool.onChange(() => this.poolChanged());
  }

  /** Exposed name tables from the catalogs at hand (throws NameCollision under namespace=none). */
  tables(loaded: Loaded): { tools: Map<string, Mapped>; prompts: Map<string, Mapped> } {
    return {
      tools: nameTable(this.ns, loaded.map((l) => ({ conn: l.conn, names: l.catalog.tools.map((t) => t.name) })), 'tool'),
      prompts: nameTable(this.ns, loaded.map((l) => ({ conn: l.conn, names: l.catalog.prompts.map((p) => p.name) })), 'prompt'),
    };
  }

  private async load(track?: { late: Set<string>; seen: Map<string, number>; members?: string }, access?: Access): Promise<Loaded> {
    const { loaded, unavailable, late } = await this.deps.pool.loadCatalogs(this.deps.pool.connections, false, this.deps.listTimeoutMs, access);
    for (const u of unavailable) log.info(`transparent: ${u}`);
    if (track) {
      // Which servers this client has seen: one added or removed later is a change of its lists.
      track.members = this.deps.pool.connections.map((c) => c.alias).join(',');
      for (const c of late) track.late.add(c.alias);
      for (const l of loaded) {
        track.late.delete(l.conn.alias);
        track.seen.set(l.conn.alias, l.conn.catalogVersion);
      }
    }
    return loaded;
  }

  /** Catalogs as cached; when `name` is not found there, read again waiting for every server. */
  private async loadFor(found: (loaded: Loaded) => boolean): Promise<Loaded> {
    const cached: Loaded = this.deps.pool.connections.flatMap((c) => (c.cachedCatalog ? [{ conn: c, catalog: c.cachedCatalog }] : []));
    if (cached.length === this.deps.pool.connections.length && found(cached)) return cached;
    const quick = await this.load();
    if (found(quick)) return quick;
    const all = await this.deps.pool.loadCatalogs(this.deps.pool.connections, false, Infinity);
    return all.loaded;
  }

  /**
   * The server and original name behind an exposed tool or prompt name. With a prefix (name and
   * alias modes) only that server is consulted, so a slow or hung other server costs nothing.
   */
  private async mapName(kind: 'tool' | 'prompt', exposed: string): Promise<Mapped | undefined> {
    if (this.ns.mode !== 'none') {
      const conn = this.deps.pool.connections
        .filter((c) => exposed.startsWith(`${this.ns.prefix(c)}__`))
        .sort((a, b) => this.ns.prefix(b).length - this.ns.prefix(a).length)[0];
      if (!conn) return undefined;
      const catalog = await conn.getCatalog().catch((e) => {
        throw upstreamError(e);
      });
      const t = this.tables([{ conn, catalog }]);
      return (kind === 'tool' ? t.tools : t.prompts).get(exposed);
    }
    const loaded = await this.loadFor((l) => (kind === 'tool' ? this.tables(l).tools : this.tables(l).prompts).has(exposed));
    return (kind === 'tool' ? this.tables(loaded).tools : this.tables(loaded).prompts).get(exposed);
  }

  /** Why an exposed tool name that maps to no visible tool is out of reach, if a rule hides it. */
  private refusalOf(exposed: string, access?: Access): string | undefined {
    for (const conn of this.deps.pool.connections) {
      const prefix = this.ns.mode === 'none' ? '' : `${this.ns.prefix(conn)}__`;
      if (!exposed.startsWith(prefix)) continue;
      const r = this.deps.pool.policy.refuseServer(conn.name, access) ?? conn.refusalOf(exposed.slice(prefix.length), access);
      if (r) return `${conn.label}: tool '${exposed.slice(prefix.length)}' is refused by ${r.rule}`;
    }
    return undefined;
  }

  /** A server that was late for a client's list, or changed since, makes that client re-list. */
  private poolChanged(): void {
    const members = this.deps.pool.connections.map((c) => c.alias).join(',');
    for (const t of this.sessions) {
      let changed = t.members !== undefined && t.members !== members;
      if (changed) t.members = members;
      for (const c of this.deps.pool.connections) {
        if (t.late.has(c.alias) && c.cachedCatalog) changed = true;
        const seen = t.seen.get(c.alias);
        if (seen !== undefined && seen !== c.catalogVersion) changed = true;
      }
      if (!changed) continue;
      for (const c of this.deps.pool.connections) {
        if (c.cachedCatalog && (t.late.has(c.alias) || t.seen.has(c.alias))) {
          t.late.delete(c.alias);
          t.seen.set(c.alias, c.catalogVersion);
        }
      }
      const s = t.session.server;
      if (!s.transport) continue;
      void s.sendToolListChanged().catch(() => {});
      void s.sendResourceListChanged().catch(() => {});
      void s.sendPromptListChanged().catch(() => {});
    }
  }

  /** Sends the remembered log level to servers that support logging and did not get it yet. */
  private async applyLogLevel(conns: Connection[]): Promise<void> {
    if (!this.logLevel) return;
    await Promise.allSettled(conns.filter((c) => c.state === 'ready' && c.capabilities?.logging).map((c) => c.request('logging/setLevel', { level: this.logLevel })));
  }

  private async resolveUri(exposed: string): Promise<{ conn: Connection; uri: string }> {
    const mapped = this.ns.resolveUri(this.deps.pool.connections, exposed);
    if (mapped) return mapped;
    if (this.ns.mode !== 'none') throw new RpcError(ErrorCode.InvalidParams, `unknown resource '${exposed.slice(0, 200)}': URIs look like proxy://<server>/<original uri>`);
    const loaded = await this.loadFor((l) => l.some((x) => x.catalog.resources.some((r) => r.uri === exposed)));
    const owner =
      loaded.find((l) => l.catalog.resources.some((r) => r.uri === exposed)) ??
      loaded.find((l) => l.catalog.resourceTemplates.some((t) => matchesTemplate(t.uriTemplate, exposed))) ??
      (this.deps.pool.connections.length === 1 ? { conn: this.deps.pool.connections[0]! } : undefined);
    if (!owner) throw new RpcError(ErrorCode.InvalidParams, `unknown resource '${exposed.slice(0, 200)}': no server lists it`);
    return { conn: owner.conn, uri: exposed };
  }

  /** A new MCP server for one client session. */
  newServer(access?: Access): Server {
    const { server, session } = sessionServer(
      this.deps,
      { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, logging: {}, completions: {} },
      undefined,
    );
    const track: { session: UpstreamSession; late: Set<string>; seen: Map<string, number>; members?: string } = { session, late: new Set<string>(), seen: new Map<string, number>() };
    this.sessions.add(track);
    const prevClose = server.onclose;
    server.onclose = () => {
      this.sessions.delete(track);
      prevClose?.();
    };
    const ns = this.ns;
    const size = this.o.pageSize;
    const pool = this.deps.pool;

    server.setRequestHandler(ListToolsRequestSchema, async (req) => {
      const loaded = await this.load(track, access);
      const { tools } = this.tables(loaded);
      const byConn = new Map(loaded.map((l) => [l.conn, l.catalog]));
      const all: Tool[] = [];
      for (const [exposed, m] of tools) {
        const t = byConn.get(m.conn)!.tools.find((x) => x.name === m.name)!;
        all.push({ ...t, name: exposed });
      }
      const p = page(all, req.params?.cursor, size);
      return { tools: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
    });

    server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
      const x = extra as unknown as HandlerExtra;
      const name = req.params.name;
      const m = await this.mapName('tool', name);
      if (!m) {
        // A tool the server has but a rule hides: say which rule, as a tool error.
        const refused = this.refusalOf(name, access);
        if (refused) return { content: [{ type: 'text', text: refused }], isError: true };
        throw new RpcError(ErrorCode.InvalidParams, `unknown tool '${name.slice(0, 200)}'`);
      }
      try {
        const r = await m.conn.callTool(m.name, req.params.arguments, {
          meta: req.params._meta as Record<string, unknown> | undefined,
          signal: x.signal,
          onProgress: progressRelay(x),
          requester: requesterFor(session, x),
          access,
        });
        await settleProgress(x);
        return { ...r, content: exposeContent(ns, m.conn, r.content) as CallToolResult['content'] };
      } catch (e) {
        // A server that answered with a JSON-RPC error: pass it on as sent. A server that could
        // not be reached: a tool error the model can read.
        if (e instanceof ConnectionError && !e.rpc) return { content: [{ type: 'text', text: errorMessage(e) }], isError: true };
        throw upstreamError(e);
      }
    });

    server.setRequestHandler(ListResourcesRequestSchema, async (req) => {
      const loaded = await this.load(track, access);
      const all: Resource[] = loaded.flatMap(({ conn, catalog }) => catalog.resources.map((r) => ({ ...r, uri: ns.exposeUri(conn, r.uri) })));
      const p = page(all, req.params?.cursor, size);
      return { resources: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
    });

    server.setRequestHandler(ListResourceTemplatesRequestSchema, async (req) => {
      const loaded = await this.load(track, access);
      const all: ResourceTemplate[] = loaded.flatMap(({ conn, catalog }) => catalog.resourceTemplates.map((r) => ({ ...r, uriTemplate: ns.exposeUri(conn, r.uriTemplate) })));
      const p = page(all, req.params?.cursor, size);
      return { resourceTemplates: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
    });

    server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => {
      const x = extra as unknown as HandlerExtra;
      const { conn, uri } = await this.resolveUri(req.params.uri);
      try {
        const r = await conn.readResource(uri, { meta: req.params._meta as Record<string, unknown> | undefined, signal: x.signal, onProgress: progressRelay(x), requester: requesterFor(session, x), access });
        await settleProgress(x);
        return { ...r, contents: r.contents.map((c) => ({ ...c, uri: ns.exposeUri(conn, c.uri) })) };
      } catch (e) {
        throw upstreamError(e);
      }
    });

    server.setRequestHandler(SubscribeRequestSchema, async (req) => {
      const { conn, uri } = await this.resolveUri(req.params.uri);
      if (!conn.capabilities?.resources?.subscribe) throw new RpcError(ErrorCode.MethodNotFound, `${conn.label} does not support resource subscriptions`);
      await conn.request('resources/subscribe', { uri }).catch((e) => {
        throw upstreamError(e);
      });
      session.subscriptions.add(req.params.uri);
      return {};
    });

    server.setRequestHandler(UnsubscribeRequestSchema, async (req) => {
      const { conn, uri } = await this.resolveUri(req.params.uri);
      session.subscriptions.delete(req.params.uri);
      // Other clients may still want updates for it.
      const stillWanted = [...this.sessions].some((t) => t.session.subscriptions.has(req.params.uri));
      if (!stillWanted && conn.capabilities?.resources?.subscribe) {
        await conn.request('resources/unsubscribe', { uri }).catch((e) => {
          throw upstreamError(e);
        });
      }
      return {};
    });

    server.setRequestHandler(ListPromptsRequestSchema, async (req) => {
      const loaded = await this.load(track, access);
      const { prompts } = this.tables(loaded);
      const byConn = new Map(loaded.map((l) => [l.conn, l.catalog]));
      const all: Prompt[] = [];
      for (const [exposed, m] of prompts) all.push({ ...byConn.get(m.conn)!.prompts.find((x) => x.name === m.name)!, name: exposed });
      const p = page(all, req.params?.cursor, size);
      return { prompts: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
    });

    server.setRequestHandler(GetPromptRequestSchema, async (req, extra) => {
      const x = extra as unknown as HandlerExtra;
      const name = req.params.name;
      const m = await this.mapName('prompt', name);
      if (!m) throw new RpcError(ErrorCode.InvalidParams, `unknown prompt '${name.slice(0, 200)}'`);
      try {
        const r = await m.conn.getPrompt(m.name, req.params.arguments, { meta: req.params._meta as Record<string, unknown> | undefined, signal: x.signal, onProgress: progressRelay(x), requester: requesterFor(session, x), access });
        await settleProgress(x);
        return { ...r, messages: r.messages.map((msg) => ({ ...msg, content: (exposeContent(ns, m.conn, [msg.content]) as unknown[])[0] as typeof msg.content })) };
      } catch (e) {
        throw upstreamError(e);
      }
    });

    server.setRequestHandler(CompleteRequestSchema, async (req) => {
      const ref = req.params.ref as { type: string; name?: string; uri?: string };
      let conn: Connection;
      let params: Record<string, unknown>;
      if (ref.type === 'ref/prompt') {
        const m = await this.mapName('prompt', ref.name ?? '');
        if (!m) throw new RpcError(ErrorCode.InvalidParams, `unknown prompt '${String(ref.name).slice(0, 200)}'`);
        conn = m.conn;
        params = { ...req.params, ref: { ...ref, name: m.name } };
      } else {
        const r = await this.resolveUri(ref.uri ?? '');
        conn = r.conn;
        params = { ...req.params, ref: { ...ref, uri: r.uri } };
      }
      if (!conn.capabilities?.completions) return { completion: { values: [], hasMore: false } };
      return conn.request('completion/complete', params).catch((e) => {
        throw upstreamError(e);
      });
    });

    server.setRequestHandler(SetLevelRequestSchema, async (req) => {
      session.logLevel = req.params.level;
      this.logLevel = req.params.level;
      await this.applyLogLevel(pool.connections);
      return {};
    });

    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      await pool.notifyAll('notifications/roots/list_changed');
    });

    // Methods this proxy does not know: with one server behind it, passed through as sent.
    server.fallbackRequestHandler = async (req, extra) => {
      if (pool.connections.length !== 1) throw new RpcError(ErrorCode.MethodNotFound, `method '${req.method}' is not supported by this proxy with several servers behind it`);
      const x = extra as unknown as HandlerExtra;
      return pool.connections[0]!.request(req.method, req.params as Record<string, unknown> | undefined, { signal: x.signal, requester: requesterFor(session, x) }).catch((e) => {
        throw upstreamError(e);
      });
    };
    server.fallbackNotificationHandler = async (n) => {
      await pool.notifyAll(n.method, n.params as Record<string, unknown> | undefined);
    };
    return server;
  }

  /** Checks that the names of the servers started so far do not collide (namespace=none). */
  checkNames(): void {
    this.tables(this.deps.pool.connections.flatMap((c) => (c.cachedCatalog ? [{ conn: c, catalog: c.cachedCatalog }] : [])));
  }
}
