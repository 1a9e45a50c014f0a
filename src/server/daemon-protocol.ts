/** The daemon's wire format: one JSON object per line each way, over a private Unix socket. */

/** Largest message a daemon accepts (a request with its arguments); larger ones close the connection. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** Protocol version: a client and a daemon of different versions never talk (the hash differs too). */
export const PROTOCOL = 1;

export type DaemonRequest =
  | { v: number; op: 'ping' | 'status' | 'stop' }
  | { v: number; op: 'dispatch'; hash: string; request: unknown };

export type DaemonReply = { ok: true; [k: string]: unknown } | { ok: false; error: string };

/** Checks one incoming message; returns the request or a reason it is refused. */
export function checkRequest(value: unknown): DaemonRequest | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a message must be a JSON object';
  const m = value as Record<string, unknown>;
  if (m.v !== PROTOCOL) return `protocol version ${JSON.stringify(m.v)} is not ${PROTOCOL}`;
  if (m.op === 'ping' || m.op === 'status' || m.op === 'stop') return { v: PROTOCOL, op: m.op };
  if (m.op === 'dispatch') {
    if (typeof m.hash !== 'string' || m.hash.length > 128) return "'dispatch' needs the configuration's hash";
    return { v: PROTOCOL, op: 'dispatch', hash: m.hash, request: m.request };
  }
  return `unknown op ${JSON.stringify(m.op)?.slice(0, 40)}; ops: ping, status, dispatch, stop`;
}
