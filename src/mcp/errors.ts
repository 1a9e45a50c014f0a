import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../util/errors.js';
import type { ConnectionSpec } from '../config/spec.js';

/** How a request to a connection failed. */
export type ConnectionErrorCode = 'timeout' | 'crashed' | 'unavailable' | 'remote' | 'cancelled' | 'refused';

/** The JSON-RPC error a server answered with, kept as sent so a proxy can pass it on unchanged. */
export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** An error about one connection; the message starts with its `alias/name`. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  constructor(
    readonly connection: string,
    message: string,
    readonly code?: ConnectionErrorCode,
    /** The server's own JSON-RPC error, when it answered with one. */
    readonly rpc?: RpcErrorBody,
  ) {
    super(`${connection}: ${message}`);
  }
}

/** The message of an McpError without the "MCP error -32602: " prefix the SDK adds. */
export function plainMcpMessage(e: McpError): string {
  const prefix = `MCP error ${e.code}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

/** Every transport tried failed; each failure in words. */
export class StartFailures extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('; '));
  }
}

/** A start that did not finish in time: says which limit and how to raise it. */
export class StartTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer to initialize within ${ms} ms (raise startTimeout for this server, or starttimeout=)`);
  }
}

/** What only remote connections need, registered when their transports load (OAuth lives there). */
export interface RemoteHooks {
  describeAuthError(e: unknown, server: string): string | undefined;
  loginAfterFailure(transport: unknown, error: unknown): Promise<boolean>;
}
let remote: RemoteHooks | undefined;

/** Registers the remote connections' hooks (called by remote-transports.ts as it loads). */
export function setRemoteHooks(h: RemoteHooks): void {
  remote = h;
}

/** Words for an OAuth failure, when remote transports are loaded and `e` is one. */
export function describeAuthError(e: unknown, server: string): string | undefined {
  return remote?.describeAuthError(e, server);
}

/** After a failed connect: true when a login started and has now finished (connect again). */
export function loginAfterFailure(transport: unknown, e: unknown): Promise<boolean> {
  return remote ? remote.loginAfterFailure(transport, e) : Promise.resolve(false);
}

/** Why a server failed to start, in words a user can act on. */
export function describeStartError(e: unknown, spec: ConnectionSpec): string {
  if (e instanceof StartFailures) {
    // The same reason twice (a server that is simply down) is said once.
    const distinct = [...new Set(e.reasons.map((r) => r.slice(r.indexOf(': ') + 2)))];
    return distinct.length === 1 ? distinct[0]! : e.message;
  }
  if (e instanceof StartTimeout) return e.message;
  const auth = describeAuthError(e, spec.name);
  if (auth) return auth;
  const err = e as NodeJS.ErrnoException | undefined;
  if (err?.code === 'ENOENT' && spec.command) return `command not found: ${spec.command}`;
  if (err?.code === 'EACCES' && spec.command) return `command not executable: ${spec.command}`;
  if (e instanceof McpError && e.code === ErrorCode.ConnectionClosed) return 'server exited before it finished initializing';
  const text = errorMessage(e);
  if (err?.code === 'ECONNREFUSED' || text.includes('ECONNREFUSED') || text.includes('fetch failed')) return `connection refused at ${spec.url ?? '?'}`;
  // The SDK's HTTP and SSE errors carry the status in `code`; say it plainly.
  const status = (e as { code?: unknown })?.code;
  if (typeof status === 'number' && status >= 400 && status < 600) {
    const why = status === 401 || status === 403 ? `not authorized: check the headers (token)${spec.oauth ? ' and the oauth settings' : ''}` : status === 404 || status === 405 ? 'no MCP endpoint at this URL' : 'server error';
    return `HTTP ${status} from ${spec.url ?? '?'} (${why})`;
  }
  if (e instanceof McpError) return plainMcpMessage(e);
  return text;
}
