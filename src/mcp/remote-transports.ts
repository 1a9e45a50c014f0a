import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { registerSecret } from '../util/redact.js';
import type { ConnectionSpec } from '../config/spec.js';
import { setRemoteHooks } from './errors.js';
import { describeAuthError, loginAfterFailure, OAuthTransport, oauthProviderFor } from './oauth/index.js';
import { keepNotificationsFirst } from './transport-order.js';
import type { Candidate } from './transports.js';

// Loaded only when a remote server is configured: OAuth failures are then described, and a login
// waited for, by the connection (see errors.ts).
setRemoteHooks({ describeAuthError, loginAfterFailure });

/** The transport that reads the wire, with notifications kept ahead of the responses read with them. */
function ordered<T extends Transport>(t: T): T {
  keepNotificationsFirst(t);
  return t;
}

/** Streamable HTTP then SSE (or SSE alone), with URL credentials as Basic auth and OAuth when the server asks. */
export function remoteCandidates(spec: ConnectionSpec): Candidate[] {
  const url = new URL(spec.url!);
  const headers: Record<string, string> = { ...spec.headers };
  // fetch refuses URLs with credentials: send them as Basic auth instead (unless a header is set).
  if (url.username || url.password) {
    const has = Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
    if (!has) {
      headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      registerSecret(headers.Authorization, 'authorization');
    }
    url.username = '';
    url.password = '';
  }
  const requestInit: RequestInit = Object.keys(headers).length ? { headers } : {};
  // OAuth: the SDK transports answer 401/403 with discovery, login and retry; OAuthTransport adds
  // the wait for an interactive login and refresh before expiry.
  const provider = oauthProviderFor(spec);
  type AuthOpts = { authProvider?: OAuthClientProvider; fetch?: FetchLike };
  const withAuth = (make: (o: AuthOpts) => StreamableHTTPClientTransport | SSEClientTransport): (() => Transport) =>
    provider ? () => new OAuthTransport(ordered(make({ authProvider: provider, fetch: provider.observe() })), provider, url) : () => ordered(make({}));
  const sse = { kind: 'sse' as const, make: withAuth((o) => new SSEClientTransport(url, { requestInit, ...o })) };
  if (spec.transport === 'sse') return [sse];
  return [{ kind: 'http', make: withAuth((o) => new StreamableHTTPClientTransport(url, { requestInit, ...o })) }, sse];
}
