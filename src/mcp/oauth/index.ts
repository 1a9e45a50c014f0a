import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { ConnectionSpec } from '../../config/spec.js';
import { errorMessage } from '../../util/errors.js';
import { MiniAOAuthProvider } from './provider.js';

export { MiniAOAuthProvider, loginLine, loginTimeoutMs, setInteractiveLogin } from './provider.js';
export { OAuthTransport, loginAfterFailure } from './transport.js';
export { TokenStore, forgetAll, oauthDir, tokenFileName } from './token-store.js';

/** One provider per connection spec, so a reconnect keeps its login state and loopback. */
const providers = new WeakMap<ConnectionSpec, MiniAOAuthProvider>();

/**
 * The OAuth provider of a remote connection, or undefined when OAuth is off for it: a connection
 * that sends its own Authorization header keeps to that header (unless `oauth` is configured).
 */
export function oauthProviderFor(spec: ConnectionSpec): MiniAOAuthProvider | undefined {
  if (spec.transport === 'stdio' || !spec.url) return undefined;
  const hasAuthHeader = Object.keys(spec.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
  if (hasAuthHeader && !spec.oauth) return undefined;
  let p = providers.get(spec);
  if (!p) {
    p = new MiniAOAuthProvider({ name: spec.name, url: spec.url, oauth: spec.oauth });
    providers.set(spec, p);
  }
  return p;
}

/** The token file of a connection (for auth=logout:<server>). */
export function tokenStoreFor(spec: ConnectionSpec): import('./token-store.js').TokenStore | undefined {
  return oauthProviderFor(spec)?.store;
}

/** Words for an OAuth failure while starting or calling a server; undefined when `e` is not one. */
export function describeAuthError(e: unknown, server: string): string | undefined {
  const msg = errorMessage(e);
  if (e instanceof OAuthError) {
    const code = (e as OAuthError & { errorCode?: string }).errorCode;
    return `OAuth: the authorization server refused (${code ?? e.name}${msg ? `: ${msg}` : ''}); check oauth.clientId/clientSecret, or forget stored tokens with mini-a auth=logout:${server}`;
  }
  if (e instanceof UnauthorizedError) {
    return `not authorized (OAuth): ${msg && msg !== 'Unauthorized' ? `${msg}; ` : ''}log in with mini-a auth=${server}`;
  }
  if (msg.includes('Server returned 403 after trying upscoping')) {
    return `not authorized (OAuth): the server still answers 403 insufficient_scope after a login with the scope it asked for; the account may lack that permission`;
  }
  if (msg.includes('does not support dynamic client registration')) {
    return `OAuth: the authorization server does not let mini-a register itself; register a client there and set oauth: (clientId: '…', clientSecret: '…')`;
  }
  if (msg.startsWith('Protected resource ') && msg.includes(' does not match expected ')) return `OAuth: ${msg}; refusing to send tokens for another resource`;
  if (/^(no login within|the authorization server refused the login|login cancelled|cannot listen for the login redirect|OAuth client information is bound)/.test(msg)) return `OAuth: ${msg}`;
  return undefined;
}
