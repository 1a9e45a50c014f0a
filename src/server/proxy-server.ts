import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema, RootsListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher, DispatchResponse } from '../dispatch/dispatcher.js';
import { PROXY_DISPATCH_TOOL, TOOL_NAME } from '../dispatch/schema.js';
import { progressRelay, requesterFor, sessionServer, type HandlerExtra, type ProxyDeps, type ServerIdentity } from './session.js';
import { UpstreamRouter } from './upstream.js';

export type { ServerIdentity } from './session.js';

const INSTRUCTIONS =
  'One tool, proxy-dispatch, reaches the tools of many MCP servers: search or list, info, call (select keeps part of a result), batch, run (JavaScript that calls tools); large results spill to files you read back with readresult.';

/**
 * A proxy-dispatch answer as an MCP tool result. A call's content blocks reach the client as the
 * server sent them (images and audio as image/audio blocks, not base64 in JSON), after one text
 * block with the rest of the answer; structured content passes through.
 */
export function toToolResult(res: DispatchResponse): CallToolResult {
  const flag = res.isError ? { isError: true } : {};
  if (res.action === 'call' && Array.isArray(res.content) && !res.resultFile) {
    const { content, structuredContent, ...head } = res;
    return {
      content: [{ type: 'text', text: JSON.stringify(head) }, ...(content as CallToolResult['content'])],
      ...(structuredContent && typeof structuredContent === 'object' ? { structuredContent: structuredContent as Record<string, unknown> } : {}),
      ...flag,
    };
  }
  return { content: [{ type: 'text', text: JSON.stringify(res) }], ...flag };
}

/** A dispatch-mode server over a dispatcher whose servers the caller starts (tests, embedding). */
export function buildProxyServer(dispatcher: Dispatcher, identity: ServerIdentity): Server {
  const deps: ProxyDeps = { pool: dispatcher.pool, router: new UpstreamRouter(), identity, startAll: async () => {}, listTimeoutMs: 3000 };
  return new DispatchProxy(deps, dispatcher).newServer();
}

/** The dispatch-mode server: one tool, proxy-dispatch, answered by the dispatcher. */
export class DispatchProxy {
  constructor(
    private readonly deps: ProxyDeps,
    private readonly dispatcher: Dispatcher,
  ) {}

  /** A new MCP server for one client session. */
  newServer(): Server {
    const { server, session } = sessionServer(this.deps, { tools: {}, logging: {} }, INSTRUCTIONS);
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [PROXY_DISPATCH_TOOL as unknown as Tool] }));
    server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
      if (req.params.name !== TOOL_NAME) {
        return { content: [{ type: 'text', text: `unknown tool '${req.params.name.slice(0, 200)}'; this server has one tool, ${TOOL_NAME}` }], isError: true };
      }
      const x = extra as unknown as HandlerExtra;
      const res = await this.dispatcher.dispatch(req.params.arguments ?? {}, { signal: x.signal, onProgress: progressRelay(x), requester: requesterFor(session, x) });
      return toToolResult(res);
    });
    // Server log messages reach this client at the level it asks for.
    server.setRequestHandler(SetLevelRequestSchema, async (req) => {
      session.logLevel = req.params.level;
      return {};
    });
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      await this.deps.pool.notifyAll('notifications/roots/list_changed');
    });
    return server;
  }
}
