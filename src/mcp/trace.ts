import { redact } from '../util/redact.js';
import { traced } from '../util/tracing.js';
import { ConnectionError } from './errors.js';

/** What a downstream request is, for its span: the MCP method and the tool, prompt or resource it names. */
export interface DownstreamCall {
  method: string;
  tool?: string;
  prompt?: string;
  uri?: string;
}

/**
 * Runs one request to a downstream server inside an MCP client span (`tools/call echo`), so that
 * the `traceparent` put in its `_meta` names this span. A tool result with isError, a JSON-RPC
 * error, a timeout or a crash mark the span failed (error.type: tool_error, the JSON-RPC code, or
 * the kind of failure). Arguments and results are never recorded.
 */
export function traceDownstream<T>(conn: { alias: string; name: string }, call: DownstreamCall, run: () => Promise<T>): Promise<T> {
  const target = call.tool ?? call.prompt;
  const attrs = {
    'mcp.method.name': call.method,
    'gen_ai.tool.name': call.tool,
    'gen_ai.prompt.name': call.prompt,
    // A URI may carry a key in its query: masked as URLs are everywhere else.
    'mcp.resource.uri': call.uri === undefined ? undefined : redact({ url: call.uri }).url,
    'gen_ai.operation.name': call.tool !== undefined ? 'execute_tool' : undefined,
    'mini_a.connection': conn.alias,
    'mini_a.server': conn.name,
  };
  return traced(target ? `${call.method} ${target}` : call.method, attrs, async (span) => {
    try {
      const result = await run();
      if ((result as { isError?: unknown } | undefined)?.isError === true) span.fail('tool_error', 'the tool reported an error');
      return result;
    } catch (e) {
      if (e instanceof ConnectionError) {
        if (e.rpc) span.set({ 'rpc.response.status_code': String(e.rpc.code) });
        span.fail(e.rpc ? String(e.rpc.code) : (e.code ?? 'error'), e.message);
      }
      throw e;
    }
  }, { kind: 'client' });
}
