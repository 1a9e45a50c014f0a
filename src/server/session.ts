import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  InitializeRequestSchema,
  McpError,
  ErrorCode,
  ResultSchema,
  type InitializeResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { Connection } from '../mcp/connection.js';
import { ConnectionError, plainMcpMessage } from '../mcp/errors.js';
import { RpcError } from '../mcp/client-hooks.js';
import type { Pool } from '../mcp/pool.js';
import { errorMessage } from '../util/errors.js';
import { traceRequests } from './trace.js';
import { UpstreamRouter, type UpstreamSession } from './upstream.js';

/** Server name and version shown to MCP clients. */
export interface ServerIdentity {
  name: string;
  version: string;
}

/** What every mini-a-proxy session shares. */
export interface ProxyDeps {
  pool: Pool;
  router: UpstreamRouter;
  identity: ServerIdentity;
  /** Starts the servers (eager mode); called when the first client has initialized. */
  startAll: () => Promise<void>;
  /** How long list answers (and initialize, for instructions) wait for slow servers. */
  listTimeoutMs: number;
}

/** The per-request extra of an SDK handler, as far as the proxy uses it. */
export interface HandlerExtra {
  signal: AbortSignal;
  sendRequest: (req: { method: string; params?: Record<string, unknown> }, schema: typeof ResultSchema, options?: { signal?: AbortSignal }) => Promise<unknown>;
  sendNotification: (n: { method: string; params?: Record<string, unknown> }) => Promise<void>;
  _meta?: Record<string, unknown>;
}

/**
 * An SDK Server for one upstream session, registered with the router once its client has
 * initialized (and removed when it closes). The initialize answer is built by the SDK, plus the
 * downstream servers' instructions, each under its server's name.
 */
export function sessionServer(deps: ProxyDeps, capabilities: ServerCapabilities, baseInstructions: string | undefined): { server: Server; session: UpstreamSession } {
  const server = new Server(deps.identity, { capabilities });
  // Our requests to the client are numbered from 1: SDK-based clients ignore a cancellation of
  // request id 0 (`if (!requestId)`), and we do cancel what a server stops waiting for.
  (server as unknown as { _requestMessageId: number })._requestMessageId = 1;
  // With tracing on, each client request gets its own span (continuing the client's _meta.traceparent).
  traceRequests(server);
  const session: UpstreamSession = { server, subscriptions: new Set(), since: Date.now(), label: `session ${randomUUID().slice(0, 8)}` };
  // Wrap the SDK's own initialize handling (version negotiation, client capabilities) to add
  // what only the downstream servers can tell.
  const sdkInitialize = (server as unknown as { _oninitialize(r: unknown): Promise<InitializeResult> })._oninitialize.bind(server);
  server.setRequestHandler(InitializeRequestSchema, async (req) => {
    const result = await sdkInitialize(req);
    deps.router.add(session);
    // Servers start now that we know what the client can do (they are told its capabilities).
    const started = deps.startAll();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([started, new Promise((r) => (timer = setTimeout(r, deps.listTimeoutMs)))]);
    clearTimeout(timer);
    const instructions = mergeInstructions(baseInstructions, deps.pool.connections);
    return { ...result, ...(instructions ? { instructions } : {}) };
  });
  const prevClose = server.onclose;
  server.onclose = () => {
    deps.router.remove(session);
    prevClose?.();
  };
  return { server, session };
}

/** Downstream instructions, each under its server's name, after ours. */
function mergeInstructions(base: string | undefined, conns: Connection[]): string | undefined {
  const parts = base ? [base] : [];
  for (const c of conns) if (c.instructions?.trim()) parts.push(`## ${c.name}\n${c.instructions.trim()}`);
  return parts.length ? parts.join('\n\n') : undefined;
}

/** When each upstream request last had progress relayed (see settleProgress). */
const lastRelay = new WeakMap<HandlerExtra, number>();
const SETTLE_MS = 10;

/** Relays a downstream request's progress under the upstream client's own progress token. */
export function progressRelay(extra: HandlerExtra): ((p: { progress: number; total?: number; message?: string }) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  return (p) => {
    lastRelay.set(extra, Date.now());
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token as string | number, progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) } }).catch(() => {});
  };
}

/**
 * Waits a moment when progress was relayed just before the answer. SDK clients handle a
 * notification a microtask after a response read with it, and the response removes the request's
 * progress handler: progress written right before the answer is lost if both arrive in one read.
 */
export async function settleProgress(extra: HandlerExtra): Promise<void> {
  const last = lastRelay.get(extra);
  if (last === undefined) return;
  const wait = last + SETTLE_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** The requester for one upstream request (server-to-client requests go back on its stream). */
export function requesterFor(session: UpstreamSession, extra: HandlerExtra) {
  return UpstreamRouter.requester(session, async (req, signal) => (await extra.sendRequest(req, ResultSchema, { signal })) as Record<string, unknown>);
}

/**
 * The error to answer with for a failed downstream request: the server's own JSON-RPC error as
 * it sent it (code, message, data), or an internal error that names the connection.
 */
export function upstreamError(e: unknown): Error {
  if (e instanceof RpcError) return e;
  if (e instanceof McpError) return new RpcError(e.code, plainMcpMessage(e), e.data);
  if (e instanceof ConnectionError && e.rpc) return new RpcError(e.rpc.code, e.rpc.message, e.rpc.data);
  return new RpcError(ErrorCode.InternalError, errorMessage(e));
}
