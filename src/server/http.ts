import { randomUUID, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { answerAndClose, answerClientError, answerError, answerRaw, RPC } from './http-answer.js';
import { declaredTooLarge, readJsonBody, tooLargeMessage } from './http-body.js';
import type { Access } from '../mcp/policy.js';
import type { ProxyMetrics } from './metrics.js';
import type { Identity } from './tokens.js';
import { clientAddress, type RateLimiter } from './rate-limit.js';
import { traceHttp } from './trace.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** Required bearer token on /mcp and /metrics; none = open. */
  token?: string;
  /** Several tokens, each with its own rules (tokens=FILE); with `token`, either is accepted. */
  tokens?: { verify(header: string | undefined): Identity | undefined };
  /** The control API under /control (servers added, removed, restarted): its own token. */
  control?: { token: string; handle(req: { method: string; path: string; body: unknown }): Promise<{ status: number; body: unknown }> };
  /** Per-client limit on every route (client = address, and token identity once verified). */
  rateLimiter?: RateLimiter;
  metrics?: ProxyMetrics;
  /** What /health reports besides status and session count: per-server state, never commands or URLs. */
  health: () => Record<string, unknown>;
  /** A fresh MCP server per session; all share one pool. */
  newServer: (access?: Access) => Server;
  /** Sessions idle this long are ended (default 30 min). */
  sessionIdleMs?: number;
  /** Most sessions at once (default 1000); over it, initialize is answered 503 with Retry-After. */
  maxSessions?: number;
  /** Largest request body in bytes (default 16 MiB); over it, 413. */
  maxBodyBytes?: number;
}

/** A running HTTP endpoint. */
export interface HttpHandle {
  url: string;
  port: number;
  /** Ends every session and stops listening; `reason` is what `stopped` settles with. */
  close: (reason?: string) => Promise<void>;
  /** Settles with the reason once the server has stopped, whoever stopped it. */
  stopped: Promise<string>;
}

/** Defaults of the HTTP server's limits. */
export const HTTP_DEFAULTS = {
  sessionIdleMs: 30 * 60_000,
  maxSessions: 1000,
  maxBodyBytes: 16 * 1024 * 1024,
  // Above the idle timeouts of common clients and load balancers (60 s), so a client never sends
  // on a kept-alive socket we are closing at that moment.
  keepAliveTimeoutMs: 65_000,
  headersTimeoutMs: 66_000,
  requestTimeoutMs: 300_000,
} as const;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  seen: number;
  open: number;
  /** The token that made the session: only it may use the session. */
  identity?: string;
}

/** The single token= token's identity (all access). */
const TOKEN_IDENTITY: Identity = { name: 'token' };

/** True when a `Bearer …` header carries exactly `token` (constant-time comparison). */
function bearerIs(header: string | undefined, token: string): boolean {
  if (!header || header.length < 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') return false;
  const a = Buffer.from(header.slice(7).trim());
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Serves MCP over Streamable HTTP at /mcp with sessions (one MCP server per session, one shared
 * pool), plus /health and Prometheus /metrics. Every route checks Host (when bound to loopback) and
 * Origin, and counts against the rate limit; /mcp and /metrics need the token when one is set.
 * No request waits on another: the request path awaits only its own body and its own session.
 */
export async function serveHttp(o: HttpOptions): Promise<HttpHandle> {
  const idleMs = o.sessionIdleMs ?? HTTP_DEFAULTS.sessionIdleMs;
  const maxSessions = o.maxSessions ?? HTTP_DEFAULTS.maxSessions;
  const maxBody = o.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes;
  const sessions = new Map<string, Session>();
  // Initializations under way hold a place, so a burst cannot overshoot the cap.
  let starting = 0;

  // Clients that vanish without ending their session must not hold it forever.
  const sweep = (now = Date.now()) => {
    for (const [id, s] of sessions) {
      if (s.open === 0 && s.seen < now - idleMs) {
        sessions.delete(id);
        void s.server.close().catch(() => {});
      }
    }
  };
  const sweepEvery = Math.max(100, Math.min(idleMs, 60_000));
  const sweeper = setInterval(sweep, sweepEvery);
  sweeper.unref();
  /** Seconds until a place should free up: the earliest idle expiry (plus a sweep), else a full idle period. */
  const retryAfter = (now: number) => {
    let first = Infinity;
    for (const s of sessions.values()) if (s.open === 0) first = Math.min(first, s.seen + idleMs - now);
    return Math.max(1, Math.ceil(((first === Infinity ? idleMs : Math.max(0, first)) + sweepEvery) / 1000));
  };

  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(o.host);
  const allowedHosts = new Set<string>();

  /** Null when Host and Origin are acceptable, else why not. */
  const checkHostAndOrigin = (req: IncomingMessage): string | null => {
    const host = req.headers.host;
    // Bound to loopback, only loopback Host headers: a web page cannot reach us by DNS rebinding.
    if (loopback && (!host || !allowedHosts.has(host.toLowerCase()))) return host ? `Host header '${host.slice(0, 100)}' not allowed: use ${[...allowedHosts][0]}` : `missing Host header: send Host: ${[...allowedHosts][0]}`;
    const origin = one(req.headers.origin);
    if (origin === undefined) return null;
    // A browser page may call us only from our own origin.
    let originHost: string | undefined;
    try {
      const u = new URL(origin);
      originHost = u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : undefined;
    } catch {
      originHost = undefined;
    }
    const ok = originHost !== undefined && (loopback ? allowedHosts.has(originHost) : originHost === host?.toLowerCase());
    return ok ? null : `Origin '${origin.slice(0, 100)}' not allowed: only pages served from this host may call it`;
  };

  const handleMcp = async (req: IncomingMessage, res: ServerResponse, identity: Identity | undefined) => {
    const sessionId = one(req.headers['mcp-session-id']);
    if (sessionId !== undefined) {
      const s = sessions.get(sessionId);
      if (!s) return answerError(res, 404, `unknown session '${sessionId.slice(0, 100)}' (ended, or idle too long): initialize again`, {}, -32001);
      // A session belongs to the token that made it: another token cannot borrow its rules.
      if (s.identity !== identity?.name) return answerError(res, 403, 'this session belongs to another token: initialize a session of your own');
      let body: unknown;
      if (req.method === 'POST') {
        const r = await readJsonBody(req, maxBody);
        if (!r.ok) return answerBodyError(req, res, r.status, r.message);
        body = r.body;
      }
      // A session with a request under way (an open event stream, say) is not idle.
      s.seen = Date.now();
      s.open++;
      res.once('close', () => {
        s.open--;
        s.seen = Date.now();
      });
      await s.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST') return answerError(res, 400, `no session: send initialize first (POST without mcp-session-id); ${req.method} needs an mcp-session-id header`);
    const r = await readJsonBody(req, maxBody);
    if (!r.ok) return answerBodyError(req, res, r.status, r.message);
    const body = r.body;
    const isInit = (Array.isArray(body) ? body : [body]).some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
    if (!isInit) return answerError(res, 400, 'no session: send initialize first (without mcp-session-id)');
    if (sessions.size + starting >= maxSessions) sweep();
    if (sessions.size + starting >= maxSessions) {
      return answerError(res, 503, `session limit of ${maxSessions} reached: end an unused session (DELETE /mcp with its mcp-session-id) or retry later`, { 'retry-after': String(retryAfter(Date.now())) });
    }
    const server = o.newServer(identity?.access);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        // The initialize request itself is under way: the new session is not idle until it ends.
        const s: Session = { transport, server, seen: Date.now(), open: 1, identity: identity?.name };
        sessions.set(id, s);
        res.once('close', () => {
          s.open--;
          s.seen = Date.now();
        });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId && sessions.get(transport.sessionId)?.transport === transport) sessions.delete(transport.sessionId);
    };
    starting++;
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      starting--;
      // An initialize that made no session (refused, malformed) leaves nothing behind: its server
      // is closed, so whatever it subscribed to (the pool's change events, say) is released.
      const id = transport.sessionId;
      if (id === undefined || sessions.get(id)?.transport !== transport) void server.close().catch(() => {});
    }
  };

  /** 413 closes the connection (the rest of the body is drained, not kept); 400 keeps it. */
  const answerBodyError = (req: IncomingMessage, res: ServerResponse, status: 400 | 413, message: string) => {
    if (status === 413) answerAndClose(req, res, 413, message);
    else answerError(res, 400, message, {}, RPC.parseError);
  };

  /** The identity a request's bearer token proves: one of tokens=, or token= (all access). */
  const verifyIdentity = (header: string | undefined): Identity | undefined =>
    o.tokens?.verify(header) ?? (o.token && bearerIs(header, o.token) ? TOKEN_IDENTITY : undefined);

  /** The control API: its own token, JSON in and out, off unless configured. */
  const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!o.control) return answerError(res, 404, `no route ${req.method} ${path.slice(0, 100)}: the control API is off (start with controltoken=)`);
    if (!bearerIs(req.headers.authorization, o.control.token)) {
      log.warn(`http: control ${req.method} ${path.slice(0, 100)} from ${clientAddress(req.socket.remoteAddress)} refused: ${req.headers.authorization ? 'not the control token' : 'no token sent'}`);
      return answerError(res, 401, 'the control API needs Authorization: Bearer <control token>', { 'www-authenticate': 'Bearer realm="mini-a-proxy control"' });
    }
    let body: unknown;
    const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
    if ((req.method === 'POST' || req.method === 'PUT') && hasBody) {
      const r = await readJsonBody(req, maxBody);
      if (!r.ok) return answerBodyError(req, res, r.status, r.message);
      body = r.body;
    }
    const out = await o.control.handle({ method: req.method ?? 'GET', path: path.slice('/control'.length) || '/', body });
    const text = JSON.stringify(out.body);
    res.writeHead(out.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(text);
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      return answerError(res, 400, 'malformed request target: send a path such as /mcp', {}, RPC.invalidRequest);
    }
    const identity = verifyIdentity(req.headers.authorization);
    if (o.rateLimiter) {
      // Keyed by what the client cannot vary at will: its address, and a token only once verified.
      const r = o.rateLimiter.take(`${clientAddress(req.socket.remoteAddress)}|${identity?.name ?? ''}`);
      if (!r.ok) return answerError(res, 429, `rate limit of ${o.rateLimiter.capacity} requests per ${o.rateLimiter.windowMs / 1000} s exceeded; retry in ${r.retryAfterSec} s`, { 'retry-after': String(r.retryAfterSec) });
    }
    if (!req.headers.host && req.httpVersion !== '1.0') return answerError(res, 400, 'missing Host header (HTTP/1.1 requires one)', {}, RPC.invalidRequest);
    const refused = checkHostAndOrigin(req);
    if (refused) return answerError(res, 403, refused);
    if (path === '/control' || path.startsWith('/control/')) return handleControl(req, res, path);
    const needsToken = path === '/mcp' || path === '/metrics';
    if (needsToken && (o.token || o.tokens) && !identity) {
      // Logged without the token: who asked, and why not.
      log.warn(`http: ${req.method} ${path} from ${clientAddress(req.socket.remoteAddress)} refused: ${req.headers.authorization ? 'an unknown token' : 'no token sent'}`);
      return answerError(res, 401, req.headers.authorization ? 'invalid bearer token' : 'missing bearer token: send Authorization: Bearer <token>', { 'www-authenticate': 'Bearer realm="mini-a-proxy"' });
    }
    if (path === '/mcp') return traceHttp(req, res, path, () => handleMcp(req, res, identity));
    if (path === '/health' || (path === '/metrics' && o.metrics)) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return answerError(res, 405, `${path} answers GET only`, { allow: 'GET, HEAD' });
      if (path === '/health') {
        const text = JSON.stringify({ status: 'ok', sessions: sessions.size, ...o.health() });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(req.method === 'HEAD' ? undefined : text);
        return;
      }
      const text = await o.metrics!.text();
      res.writeHead(200, { 'content-type': o.metrics!.registry.contentType }).end(req.method === 'HEAD' ? undefined : text);
      return;
    }
    answerError(res, 404, `no route ${req.method} ${path.slice(0, 100)}; try /mcp, /health or /metrics`);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((e) => {
      log.error(`http: ${errorMessage(e)}`);
      answerError(res, 500, 'internal error');
    });
  };

  // A missing Host is answered by route() (with a JSON-RPC body), not by Node's bare 400.
  const httpServer = http.createServer({ headersTimeout: HTTP_DEFAULTS.headersTimeoutMs, requestTimeout: HTTP_DEFAULTS.requestTimeoutMs, requireHostHeader: false }, onRequest);
  httpServer.keepAliveTimeout = HTTP_DEFAULTS.keepAliveTimeoutMs;
  // `Expect: 100-continue`: an oversized body is refused before the client sends it.
  httpServer.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (declaredTooLarge(req, maxBody)) {
      answerError(res, 413, tooLargeMessage(maxBody), { connection: 'close' });
      return;
    }
    res.writeContinue();
    onRequest(req, res);
  });
  httpServer.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(err, socket));
  httpServer.on('connect', (_req: IncomingMessage, socket: Socket) => answerRaw(socket, 405, 'CONNECT is not supported: this is an MCP endpoint, not a proxy'));

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(o.port, o.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  let stopReason: string | undefined;
  // Errors after listening (out of file descriptors on accept, say) are reported; the server goes on.
  httpServer.on('error', (e) => log.error(`http server: ${errorMessage(e)}`));
  const stopped = new Promise<string>((resolve) => httpServer.once('close', () => resolve(stopReason ?? 'the listening socket closed')));

  const port = (httpServer.address() as AddressInfo).port;
  for (const h of ['127.0.0.1', 'localhost', '[::1]']) {
    allowedHosts.add(`${h}:${port}`);
    if (port === 80) allowedHosts.add(h); // browsers leave the default port out
  }
  const hostForUrl = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${hostForUrl}:${port}/mcp`,
    port,
    stopped,
    close: async (reason = 'closed') => {
      stopReason ??= reason;
      clearInterval(sweeper);
      await Promise.allSettled([...sessions.values()].map((s) => s.server.close()));
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((r) => httpServer.close(() => r()));
    },
  };
}
