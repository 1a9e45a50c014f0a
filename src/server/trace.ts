import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../util/redact.js';
import { traced, tracingEnabled, type Attrs } from '../util/tracing.js';

type Handler = (request: { id?: unknown; method: string; params?: Record<string, unknown> }, extra: { sessionId?: string }) => Promise<unknown>;

/** The attributes of an MCP server span (names, never arguments). */
function requestAttrs(request: Parameters<Handler>[0], extra: Parameters<Handler>[1]): { name: string; attrs: Attrs } {
  const p = request.params ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : undefined);
  const tool = request.method === 'tools/call' ? str(p.name) : undefined;
  const prompt = request.method === 'prompts/get' ? str(p.name) : undefined;
  const uri = request.method.startsWith('resources/') ? str(p.uri) : undefined;
  const target = tool ?? prompt;
  return {
    name: target ? `${request.method} ${target}` : request.method,
    attrs: {
      'mcp.method.name': request.method,
      'gen_ai.tool.name': tool,
      'gen_ai.prompt.name': prompt,
      'gen_ai.operation.name': tool !== undefined ? 'execute_tool' : undefined,
      'mcp.resource.uri': uri === undefined ? undefined : redact({ url: uri }).url,
      'jsonrpc.request.id': typeof request.id === 'string' || typeof request.id === 'number' ? String(request.id).slice(0, 100) : undefined,
      // Streamable HTTP sessions have an id (not exported: it lets its holder use the session); stdio has none.
      'network.transport': extra?.sessionId !== undefined ? 'tcp' : 'pipe',
    },
  };
}

/** A request handler run inside an MCP server span whose parent is the client's `_meta.traceparent`, if it sent one. */
function tracedHandler(h: Handler): Handler {
  return (request, extra) => {
    const { name, attrs } = requestAttrs(request, extra);
    const meta = request.params?._meta;
    return traced(
      name,
      attrs,
      async (span) => {
        try {
          const result = await h(request, extra);
          if ((result as { isError?: unknown } | undefined)?.isError === true) span.fail('tool_error', 'the tool reported an error');
          return result;
        } catch (e) {
          // McpError, and the proxy's RpcError (a downstream's JSON-RPC error passed on): both carry a numeric code.
          const rpcCode = e instanceof McpError ? e.code : (e as { code?: unknown } | undefined)?.code;
          if (e instanceof Error && typeof rpcCode === 'number') {
            const code = String(rpcCode);
            span.set({ 'rpc.response.status_code': code });
            span.fail(code, e.message);
          }
          throw e;
        }
      },
      { kind: 'server', parent: meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : undefined },
    );
  };
}

/**
 * Gives every request a client sends to this per-session server its own span (ping excepted),
 * whatever handler answers it: those registered now or later, and the fallback handler. Only
 * while tracing is on; otherwise the server is left exactly as it is. Reaches into the SDK's
 * Protocol (`_requestHandlers`): if that ever changes shape, the server simply has no spans.
 */
export function traceRequests(server: Server): void {
  if (!tracingEnabled()) return;
  const p = server as unknown as { _requestHandlers?: unknown; fallbackRequestHandler?: Handler };
  const handlers = p._requestHandlers;
  if (!(handlers instanceof Map)) return;
  class TracedHandlers extends Map<string, Handler> {
    override get(method: string): Handler | undefined {
      const h = super.get(method);
      return h && method !== 'ping' ? tracedHandler(h) : h;
    }
  }
  p._requestHandlers = new TracedHandlers(handlers as Map<string, Handler>);
  let fallback = p.fallbackRequestHandler;
  Object.defineProperty(server, 'fallbackRequestHandler', {
    configurable: true,
    enumerable: true,
    get: () => (fallback ? tracedHandler(fallback) : undefined),
    set: (h: Handler | undefined) => {
      fallback = h;
    },
  });
}

/**
 * Runs an HTTP POST to /mcp inside a server span that lasts until the response is done (its
 * status code recorded; 5xx failed). A `traceparent` header continues the caller's trace. Only
 * method, path and status are recorded: never headers, tokens, addresses or bodies.
 */
export function traceHttp(req: IncomingMessage, res: ServerResponse, path: string, handle: () => Promise<void>): Promise<void> {
  if (!tracingEnabled() || req.method !== 'POST') return handle();
  const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  return traced(
    `POST ${path}`,
    { 'http.request.method': 'POST', 'url.path': path, 'network.transport': 'tcp', 'network.protocol.version': req.httpVersion },
    async (span) => {
      await handle();
      await closed;
      span.set({ 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.fail(String(res.statusCode));
    },
    { kind: 'server', parent: { traceparent: header(req.headers.traceparent), tracestate: header(req.headers.tracestate) } },
  );
}
