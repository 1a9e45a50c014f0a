import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** A request or notification as it arrived from a server (method and raw params). */
export interface ServerMessage {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * On whose behalf a request runs. mini-a-proxy gives each upstream request one, so that a
 * server-to-client request the downstream sends while it works (sampling, elicitation, roots)
 * reaches the upstream client that asked, over that client's own session.
 */
export interface Requester {
  /** Sends `request` to this requester and returns its result (errors keep their JSON-RPC code). */
  forward(request: ServerMessage, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** What this requester's client declared at initialize. */
  capabilities?: ClientCapabilities;
  /** Short name for logs (`session 1a2b…`). */
  label?: string;
}

/** Who the server is, as the hooks see it (no dependency on the Connection class). */
export interface ServerRef {
  /** `c1/time` */
  label: string;
  alias: string;
  name: string;
}

/**
 * What mini-a does, as a client, when a server asks it something or tells it something. The
 * agent and the one-shot CLI answer locally (elicitation, sampling, roots); mini-a-proxy forwards
 * to the upstream client. Capabilities are asked for each time a connection (re)starts.
 */
export interface ClientHooks {
  /** Capabilities declared in `initialize`. */
  capabilities(server: ServerRef): ClientCapabilities;
  /**
   * Answers a request the server sent (`sampling/createMessage`, `elicitation/create`,
   * `roots/list`, or anything newer). `requesters` are the callers with requests in flight on this
   * connection, oldest first. Throw a JSON-RPC shaped error (`code`) to refuse.
   */
  onServerRequest(server: ServerRef, request: ServerMessage, ctx: { signal: AbortSignal; requesters: Requester[] }): Promise<Record<string, unknown>>;
  /** Any notification the server sent that the connection itself does not consume. */
  onNotification?(server: ServerRef, notification: ServerMessage): void;
}

/** A JSON-RPC error to answer with, code and data kept as given (no "MCP error" prefix). */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** JSON-RPC "method not found". */
export const METHOD_NOT_FOUND = -32601;
/** JSON-RPC "invalid params". */
export const INVALID_PARAMS = -32602;
