import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { PROXY_DISPATCH_TOOL, TOOL_NAME } from '../dispatch/schema.js';

/** Server name and version shown to MCP clients. */
export interface ServerIdentity {
  name: string;
  version: string;
}

/** An MCP server whose only tool is proxy-dispatch, answered by the dispatcher. */
export function buildProxyServer(dispatcher: Dispatcher, id: ServerIdentity): Server {
  const server = new Server(id, {
    capabilities: { tools: {} },
    instructions: 'One tool, proxy-dispatch, reaches the tools of many MCP servers: search or list, info, call; large results spill to files you read back with readresult.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [PROXY_DISPATCH_TOOL as unknown as Tool] }));
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    if (req.params.name !== TOOL_NAME) {
      return { content: [{ type: 'text', text: `unknown tool '${req.params.name}'; this server has one tool, ${TOOL_NAME}` }], isError: true };
    }
    const res = await dispatcher.dispatch(req.params.arguments ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(res) }], ...(res.isError ? { isError: true } : {}) };
  });
  return server;
}
