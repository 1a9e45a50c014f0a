import { randomUUID, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import type { ProxyMetrics } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** Required bearer token on /mcp (and /metrics); none = open. */
  token?: string;
  rateLimiter?: RateLimiter;
  metrics?: ProxyMetrics;
  /** What /health reports: `full` for callers with the token (or when none is set), a short form otherwise. */
  health: (full: boolean) => Record<string, unknown>;
  /** A fresh MCP server per session; all share one pool. */
  newServer: () => Server;
  /** Sessions idle this long are ended (default 30 min). */
  sessionIdleMs?: number;
}

/** A running HTTP endpoint. */
export interface HttpHandle {
  url: string;
  port: number;
  close: () => Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; version=0.0.4' : 'application/json', ...headers }).end(text);
}

function jsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  send(res, status, { jsonrpc: '2.0', error: { code: -32000, message }, id: null }, headers);
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        reject(new Error('request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!.trim());
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves MCP over Streamable HTTP at /mcp with sessions (one MCP server per session, one shared
 * pool), plus /health and Prometheus /metrics. Bearer token and per-client rate limit on /mcp.
 */
export async function serveHttp(o: HttpOptions): Promise<HttpHandle> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server; seen: number; open: number }>();
  // Clients that vanish without ending their session must not hold it forever.
  const idleMs = o.sessionIdleMs ?? 30 * 60_000;
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - idleMs;
    for (const [id, s] of sessions) {
      if (s.open === 0 && s.seen < cutoff) {
        sessions.delete(id);
        void s.transport.close().catch(() => {});
      }
    }
  }, Math.min(idleMs, 60_000));
  sweeper.unref();
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(o.host);
  const loopbackHosts: string[] = [];

  const handleMcp = async (req: IncomingMessage, res: ServerResponse) => {
    if (o.token && !tokenMatches(req.headers.authorization, o.token)) {
      jsonRpcError(res, 401, req.headers.authorization ? 'invalid bearer token' : 'missing bearer token: send Authorization: Bearer <token>', { 'www-authenticate': 'Bearer realm="mini-a-proxy"' });
      return;
    }
    if (o.rateLimiter) {
      // A client is its token (when set) and address; sessions of one client share its budget.
      const who = `${req.socket.remoteAddress}|${req.headers.authorization ?? ''}`;
      const r = o.rateLimiter.take(who);
      if (!r.ok) {
        jsonRpcError(res, 429, `rate limit of ${o.rateLimiter.capacity} requests per ${o.rateLimiter.windowMs / 1000} s exceeded`, { 'retry-after': String(r.retryAfterSec) });
        return;
      }
    }
    const sid = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sid) ? sid[0] : sid;
    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = await readBody(req);
      } catch (e) {
        jsonRpcError(res, 400, errorMessage(e));
        return;
      }
    }
    if (sessionId) {
      const s = sessions.get(sessionId);
      if (!s) {
        jsonRpcError(res, 404, `unknown session '${sessionId}' (ended, or idle too long): initialize again`);
        return;
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
    const isInit = req.method === 'POST' && (Array.isArray(body) ? body : [body]).some((m) => (m as { method?: string })?.method === 'initialize');
    if (!isInit) {
      jsonRpcError(res, 400, 'no session: send initialize first (without mcp-session-id)');
      return;
    }
    const server = o.newServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Bound to loopback, only loopback Host headers: a web page cannot reach us by DNS rebinding.
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts: loopbackHosts } : {}),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, seen: Date.now(), open: 0 });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = async () => {
      if (url.pathname === '/mcp') return handleMcp(req, res);
      if (url.pathname === '/health' && req.method === 'GET') {
        // Probes need no token; what servers run, and how, is only for those who have it.
        const full = !o.token || tokenMatches(req.headers.authorization, o.token);
        return send(res, 200, { status: 'ok', sessions: sessions.size, ...o.health(full) });
      }
      if (url.pathname === '/metrics' && req.method === 'GET' && o.metrics) {
        if (o.token && !tokenMatches(req.headers.authorization, o.token)) return send(res, 401, { error: 'missing or invalid bearer token' });
        return send(res, 200, await o.metrics.text());
      }
      send(res, 404, { error: `no route ${req.method} ${url.pathname}; try /mcp, /health or /metrics` });
    };
    route().catch((e) => {
      log.error(`http: ${errorMessage(e)}`);
      if (!res.headersSent) jsonRpcError(res, 500, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(o.port, o.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  loopbackHosts.push(`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`);
  const hostForUrl = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${hostForUrl}:${port}/mcp`,
    port,
    close: async () => {
      clearInterval(sweeper);
      await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((r) => httpServer.close(() => r()));
    },
  };
}
