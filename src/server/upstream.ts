import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpError, ResultSchema, type ClientCapabilities, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { METHOD_NOT_FOUND, RpcError, type ClientHooks, type Requester, type ServerMessage, type ServerRef } from '../mcp/client-hooks.js';
import { plainMcpMessage } from '../mcp/errors.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';

/** One client connected to mini-a-proxy (the stdio client, or one HTTP session). */
export interface UpstreamSession {
  server: Server;
  /** Log level the client asked for with logging/setLevel (none: everything). */
  logLevel?: LoggingLevel;
  /** Exposed resource URIs the client subscribed to. */
  subscriptions: Set<string>;
  /** When the session began; the newest capable session takes requests no caller is waiting on. */
  since: number;
  label: string;
}

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The capability a server-to-client request needs from the upstream client. */
function supports(caps: ClientCapabilities | undefined, req: ServerMessage): boolean {
  switch (req.method) {
    case 'sampling/createMessage':
      return !!caps?.sampling;
    case 'roots/list':
      return !!caps?.roots;
    case 'elicitation/create': {
      const el = caps?.elicitation as { form?: unknown; url?: unknown } | undefined;
      if (!el) return false;
      // An empty elicitation capability means form mode (2025-06-18 clients).
      return req.params?.mode === 'url' ? !!el.url : !!el.form || !el.url;
    }
    default:
      return true;
  }
}

/** What downstream servers may ask for, of what a client declared. */
function forwardable(caps: ClientCapabilities): ClientCapabilities {
  const out: ClientCapabilities = {};
  if (caps.sampling) out.sampling = caps.sampling;
  if (caps.elicitation) out.elicitation = caps.elicitation;
  if (caps.roots) out.roots = { listChanged: true };
  return out;
}

/** Turns an SDK error from the upstream client back into the JSON-RPC error it was. */
function asRpc(e: unknown): Error {
  if (e instanceof McpError) return new RpcError(e.code, plainMcpMessage(e), e.data);
  return e instanceof Error ? e : new Error(errorMessage(e));
}

/**
 * mini-a-proxy's client side: what downstream servers ask goes to an upstream client. A request
 * made while a caller's request is in flight goes to that caller (over its own session, on its
 * request's stream); otherwise to the newest session whose client can answer it. Downstream
 * log messages, resource updates and other notifications go to the sessions that want them.
 */
export class UpstreamRouter implements ClientHooks {
  private readonly sessions = new Set<UpstreamSession>();
  private declared?: ClientCapabilities;
  /** Maps a downstream resource URI to the exposed one (transparent mode naming). */
  exposeUri: (server: ServerRef, uri: string) => string = (_s, uri) => uri;

  /** Adds a session once its client has initialized; the first one decides what servers are told. */
  add(s: UpstreamSession): void {
    this.sessions.add(s);
    this.declared ??= forwardable(s.server.getClientCapabilities() ?? {});
  }

  /** Removes a session that ended. */
  remove(s: UpstreamSession): void {
    this.sessions.delete(s);
  }

  /** Sessions connected now. */
  get size(): number {
    return this.sessions.size;
  }

  capabilities(): ClientCapabilities {
    return this.declared ?? {};
  }

  /** A requester for one upstream request: server requests made meanwhile go back on its stream. */
  static requester(session: UpstreamSession, sendRequest: (req: { method: string; params?: Record<string, unknown> }, signal: AbortSignal) => Promise<Record<string, unknown>>): Requester {
    return {
      label: session.label,
      capabilities: session.server.getClientCapabilities(),
      forward: (req, signal) => sendRequest({ method: req.method, ...(req.params ? { params: req.params } : {}) }, signal),
    };
  }

  async onServerRequest(server: ServerRef, req: ServerMessage, ctx: { signal: AbortSignal; requesters: Requester[] }): Promise<Record<string, unknown>> {
    const caller = [...ctx.requesters].reverse().find((r) => supports(r.capabilities, req));
    try {
      if (caller) return await caller.forward(req, ctx.signal);
      const session = [...this.sessions].filter((s) => supports(s.server.getClientCapabilities(), req)).sort((a, b) => b.since - a.since)[0];
      if (!session) {
        throw new RpcError(METHOD_NOT_FOUND, this.sessions.size ? `no connected client supports '${req.method}'` : `no client is connected to answer '${req.method}'`);
      }
      return (await session.server.request({ method: req.method, ...(req.params ? { params: req.params } : {}) }, ResultSchema, { signal: ctx.signal })) as Record<string, unknown>;
    } catch (e) {
      log.debug(`${server.label}: '${req.method}' forwarded upstream failed: ${errorMessage(e)}`);
      throw asRpc(e);
    }
  }

  onNotification(server: ServerRef, n: ServerMessage): void {
    const p = n.params ?? {};
    if (n.method === 'notifications/message') {
      const level = (LEVELS.includes(p.level as LoggingLevel) ? p.level : 'info') as LoggingLevel;
      // The server is named in `logger`, so the client can tell whose message it is.
      const logger = typeof p.logger === 'string' && p.logger ? `${server.name}/${p.logger}` : server.name;
      for (const s of this.sessions) {
        if (s.logLevel && LEVELS.indexOf(level) < LEVELS.indexOf(s.logLevel)) continue;
        this.send(s, { method: n.method, params: { ...p, level, logger } });
      }
      return;
    }
    if (n.method === 'notifications/resources/updated') {
      const uri = this.exposeUri(server, String(p.uri ?? ''));
      for (const s of this.sessions) if (s.subscriptions.has(uri)) this.send(s, { method: n.method, params: { ...p, uri } });
      return;
    }
    // list_changed is sent by the servers that aggregate (they know when their view changed).
    if (n.method.endsWith('/list_changed')) return;
    // Anything else (elicitation/complete, custom notifications) goes to every client as sent.
    for (const s of this.sessions) this.send(s, n);
  }

  private send(s: UpstreamSession, n: ServerMessage): void {
    void s.server.notification({ method: n.method, ...(n.params ? { params: n.params } : {}) }).catch((e) => log.debug(`${s.label}: notification not delivered: ${errorMessage(e)}`));
  }
}
