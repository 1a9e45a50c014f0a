import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema, RootsListChangedNotificationSchema, type CallToolRequest, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher, DispatchResponse, RequestContext } from '../dispatch/dispatcher.js';
import { PROXY_DISPATCH_TOOL } from '../dispatch/schema.js';
import { progressRelay, requesterFor, sessionServer, settleProgress, type HandlerExtra, type ProxyDeps, type ServerIdentity } from './session.js';
import type { Access } from '../mcp/policy.js';
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

/** One tool served to every client session: its definition, and how a call is answered. */
export interface OneTool {
  definition: Tool;
  instructions: string;
  /**
   * Answer as built: the SDK's check of tools/call results would strip keys its schemas do not
   * know, such as Magg's proxy annotations on content blocks.
   */
  unchecked?: boolean;
  call(args: Record<string, unknown>, rc: RequestContext): Promise<CallToolResult>;
}

/** A new MCP server for one client session, offering one tool. */
export function oneToolServer(deps: ProxyDeps, tool: OneTool, access?: Access): Server {
  const { server, session } = sessionServer(deps, { tools: {}, logging: {} }, tool.instructions);
  const name = tool.definition.name;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [tool.definition] }));
  const handler = async (req: CallToolRequest, extra: unknown): Promise<CallToolResult> => {
    if (req.params.name !== name) {
      return { content: [{ type: 'text', text: `unknown tool '${req.params.name.slice(0, 200)}'; this server has one tool, ${name}` }], isError: true };
    }
    const x = extra as HandlerExtra;
    const result = await tool.call(req.params.arguments ?? {}, { signal: x.signal, onProgress: progressRelay(x), requester: requesterFor(session, x), access });
    await settleProgress(x);
    return result;
  };
  if (tool.unchecked) {
    // Protocol's own registration (the request is still parsed by its schema; the result is sent as built).
    Protocol.prototype.setRequestHandler.call(server, CallToolRequestSchema, handler as never);
  } else {
    server.setRequestHandler(CallToolRequestSchema, handler);
  }
  // Server log messages reach this client at the level it asks for.
  server.setRequestHandler(SetLevelRequestSchema, async (req) => {
    session.logLevel = req.params.level;
    return {};
  });
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    await deps.pool.notifyAll('notifications/roots/list_changed');
  });
  return server;
}

/** The dispatch-mode server: one tool, proxy-dispatch, answered by the dispatcher. */
export class DispatchProxy {
  private readonly tool: OneTool;

  constructor(
    private readonly deps: ProxyDeps,
    dispatcher: Dispatcher,
  ) {
    this.tool = {
      definition: PROXY_DISPATCH_TOOL as unknown as Tool,
      instructions: INSTRUCTIONS,
      call: async (args, rc) => toToolResult(await dispatcher.dispatch(args, rc)),
    };
  }

  /** A new MCP server for one client session (`access`: what its token may reach). */
  newServer(access?: Access): Server {
    return oneToolServer(this.deps, this.tool, access);
  }
}
