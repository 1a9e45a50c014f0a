import { randomBytes } from 'node:crypto';
import {
  auth,
  extractWWWAuthenticateParams,
  type AddClientAuthentication,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthConfig } from '../../config/oauth.js';
import { errorMessage } from '../../util/errors.js';
import { onShutdown } from '../../util/lifecycle.js';
import { log } from '../../util/log.js';
import { registerSecret } from '../../util/redact.js';
import { openBrowser } from './browser.js';
import { LoopbackRedirect, type RedirectResult } from './loopback.js';
import { TokenStore, type StoredTokens } from './token-store.js';

/** Tokens this close to expiry are refreshed before a request goes out. */
const REFRESH_MARGIN_MS = 60_000;
/** How long an interactive login may take (MINI_A_OAUTH_TIMEOUT, seconds, overrides). */
const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

/** The login wait in ms: MINI_A_OAUTH_TIMEOUT seconds when it is a positive number, else 5 minutes. */
export function loginTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.MINI_A_OAUTH_TIMEOUT);
  return Number.isFinite(s) && s > 0 ? s * 1000 : DEFAULT_LOGIN_TIMEOUT_MS;
}

let interactive = true;

/** Turns interactive logins off (a daemon has no one to open the URL): a login then fails with what to run instead. */
export function setInteractiveLogin(on: boolean): void {
  interactive = on;
}

/** The remote server a provider logs in to. */
export interface OAuthTarget {
  name: string;
  url: string;
  oauth?: OAuthConfig;
}

/** The one stderr line of an interactive login; printed even under quiet=true (the run waits for it). */
export function loginLine(url: string, server: string): string {
  return `mini-a: open ${url} to authorize ${server}\n`;
}

/**
 * mini-a's OAuthClientProvider for one remote server. The SDK's `auth()` does the protocol
 * (discovery, registration, PKCE, resource indicator, token requests, refresh); this class keeps
 * what it is given (a TokenStore file), supplies the client identity from config, and runs the
 * interactive part: a loopback redirect, the printed URL and the browser.
 */
export class MiniAOAuthProvider implements OAuthClientProvider {
  readonly grant: OAuthConfig['grant'];
  readonly store: TokenStore;
  readonly clientMetadataUrl?: string;
  addClientAuthentication?: AddClientAuthentication;
  prepareTokenRequest?: (scope?: string) => URLSearchParams;

  private readonly cfg: Partial<OAuthConfig>;
  private readonly loopback = new LoopbackRedirect();
  private verifier?: string;
  private stateValue?: string;
  private pending?: Promise<RedirectResult>;
  private discovery?: OAuthDiscoveryState;
  private refreshing?: Promise<void>;
  /** A refresh or interactive-start triggered by us must not open a browser (freshen). */
  private headless = false;
  /** Set by a 403 insufficient_scope: the current token is too narrow, so a refresh cannot help. */
  private stepUp = false;
  /** The scope named by the latest 401/403 challenge (used by client_credentials). */
  private challengeScope?: string;
  private readonly offShutdown: () => void;
  private readonly timeoutMs: number;

  constructor(
    readonly target: OAuthTarget,
    opts: { dir?: string; timeoutMs?: number } = {},
  ) {
    this.cfg = target.oauth ?? {};
    this.grant = this.cfg.grant ?? 'authorization_code';
    this.store = new TokenStore(target.name, target.url, opts.dir);
    this.timeoutMs = opts.timeoutMs ?? loginTimeoutMs();
    if (this.cfg.clientMetadataUrl) this.clientMetadataUrl = this.cfg.clientMetadataUrl;
    if (this.grant === 'client_credentials') {
      this.prepareTokenRequest = (scope) => {
        const p = new URLSearchParams({ grant_type: 'client_credentials' });
        // Same preference as an interactive login: the challenge, the resource's scopes, then config.
        const s = this.challengeScope ?? this.discoveryState()?.resourceMetadata?.scopes_supported?.join(' ') ?? scope;
        if (s) p.set('scope', s);
        return p;
      };
      if (this.cfg.privateKey) {
        this.addClientAuthentication = createPrivateKeyJwtAuth({
          issuer: this.cfg.clientId!,
          subject: this.cfg.clientId!,
          privateKey: this.cfg.privateKey,
          alg: this.cfg.signingAlg ?? 'RS256',
        });
      }
    }
    this.offShutdown = onShutdown(() => this.close());
  }

  get redirectUrl(): string | undefined {
    if (this.grant === 'client_credentials') return undefined;
    return this.loopback.listening ? this.loopback.url : `http://127.0.0.1:${this.cfg.redirectPort ?? 0}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    const base = { client_name: 'mini-a', software_id: 'mini-a', ...(this.cfg.scope ? { scope: this.cfg.scope } : {}) };
    if (this.grant === 'client_credentials') {
      return { ...base, redirect_uris: [], grant_types: ['client_credentials'], token_endpoint_auth_method: this.cfg.privateKey ? 'private_key_jwt' : 'client_secret_basic' };
    }
    return {
      ...base,
      redirect_uris: [this.redirectUrl!],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.cfg.clientSecret ? 'client_secret_basic' : 'none',
    };
  }

  /** True while a login URL has been printed and its redirect has not arrived yet. */
  get loginPending(): boolean {
    return !!this.pending;
  }

  state(): string {
    this.stateValue = randomBytes(16).toString('hex');
    return this.stateValue;
  }

  /**
   * Client identity, in the order the spec prefers: the configured client id (bound to the first
   * authorization server that accepts it), then a stored registration; undefined lets the SDK use
   * the Client ID Metadata Document URL or register dynamically. An interactive client binds its
   * loopback redirect here, before the SDK reads redirectUrl for registration or authorization.
   */
  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = this.store.load().client;
    if (this.grant === 'authorization_code') await this.ensureListener(stored);
    if (this.cfg.clientId) {
      const bound = stored?.client_id === this.cfg.clientId ? stored.issuer : undefined;
      return { client_id: this.cfg.clientId, ...(this.cfg.clientSecret ? { client_secret: this.cfg.clientSecret } : {}), ...(bound ? { issuer: bound } : {}) };
    }
    if (!stored) return undefined;
    const uris = (stored as { redirect_uris?: string[] }).redirect_uris;
    if (this.grant === 'authorization_code' && uris?.length && !uris.includes(this.loopback.url)) {
      // Registered for another port (taken now): register again for this one.
      log.debug(`${this.target.name}: registered redirect ${uris[0]} is not free; registering ${this.loopback.url}`);
      return undefined;
    }
    return stored;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    if (this.cfg.clientId && info.client_id === this.cfg.clientId) {
      // A configured client: only which server it is bound to is kept; its secret stays in the config.
      this.store.save({ client: { client_id: info.client_id, ...(info.issuer ? { issuer: info.issuer } : {}) } });
      return;
    }
    registerSecret(info.client_secret, 'secret');
    this.store.save({ client: info });
  }

  /** Binds the loopback redirect: the configured port, else the registered one (when free), else any. */
  private async ensureListener(stored?: OAuthClientInformationMixed): Promise<void> {
    if (this.loopback.listening) return;
    if (this.cfg.redirectPort) {
      try {
        await this.loopback.listen(this.cfg.redirectPort);
      } catch (e) {
        throw new Error(`cannot listen for the login redirect on 127.0.0.1:${this.cfg.redirectPort} (oauth.redirectPort): ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
      }
      return;
    }
    const registered = (stored as { redirect_uris?: string[] } | undefined)?.redirect_uris?.[0];
    let port = 0;
    try {
      const u = registered ? new URL(registered) : undefined;
      if (u?.hostname === '127.0.0.1' && u.port) port = Number(u.port);
    } catch {
      port = 0;
    }
    try {
      await this.loopback.listen(port);
    } catch {
      await this.loopback.listen(0);
    }
  }

  tokens(): OAuthTokens | undefined {
    const t = this.store.load().tokens;
    if (!t) return undefined;
    const { expires_at: _at, ...tokens } = t;
    // After insufficient_scope, a refresh would return the same narrow token: hide it so the
    // SDK asks for the wider scope instead.
    if (this.stepUp) delete tokens.refresh_token;
    return tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    registerSecret(tokens.access_token, 'token');
    registerSecret(tokens.refresh_token, 'token');
    registerSecret(tokens.id_token, 'token');
    const stored: StoredTokens = { ...tokens };
    if (typeof tokens.expires_in === 'number' && tokens.expires_in > 0) stored.expires_at = Date.now() + tokens.expires_in * 1000;
    this.store.save({ tokens: stored });
    this.stepUp = false;
    this.challengeScope = undefined;
    if (!this.pending) void this.loopback.close();
  }

  saveCodeVerifier(v: string): void {
    this.verifier = v;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier: the login was not started by this process');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
    // Only a server that describes its OAuth gets a file: a plain 401 leaves nothing on disk.
    if (this.advertisesOAuth()) this.store.save({ discovery: state });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery ?? this.store.load().discovery;
  }

  /** Whether discovery has run (a 401 was answered with auth()). */
  get discovered(): boolean {
    return !!this.discoveryState();
  }

  /** True when the server published protected-resource or authorization-server metadata. */
  advertisesOAuth(): boolean {
    const d = this.discoveryState();
    return !!(d?.resourceMetadata || d?.authorizationServerMetadata);
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    log.debug(`${this.target.name}: OAuth ${scope} credentials invalidated by the server`);
    if (scope === 'all') this.store.clear();
    else if (scope === 'client') this.store.save({ client: undefined });
    else if (scope === 'tokens') this.store.save({ tokens: undefined });
    else if (scope === 'discovery') this.store.save({ discovery: undefined });
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }

  /**
   * Starts the interactive part: waits on the loopback redirect, prints the one line that says
   * where to go, and opens a browser when one is present. The caller (the transport's 401/403
   * path) then throws UnauthorizedError; `completeLogin` waits for the redirect.
   */
  async redirectToAuthorization(url: URL): Promise<void> {
    if (this.headless) throw new Error('a new login is needed');
    if (!interactive) throw new Error(`${this.target.name} needs a login, and this process cannot ask for one: run \`mini-a auth=${this.target.name}\` first`);
    const discovery = this.discoveryState();
    const { client } = this.store.load();
    const scope = url.searchParams.get('scope');
    const registered = (client as { scope?: string } | undefined)?.scope;
    // A refresh token where the authorization server offers one (SEP-2207), unless this client was
    // registered for scopes without it (the server would refuse the whole request).
    const offered = discovery?.authorizationServerMetadata?.scopes_supported?.includes('offline_access');
    const allowed = registered === undefined || registered.split(' ').includes('offline_access');
    if (scope && offered && allowed && !scope.split(' ').includes('offline_access')) {
      url.searchParams.set('scope', `${scope} offline_access`);
      if (!url.searchParams.has('prompt')) url.searchParams.set('prompt', 'consent');
    }
    this.pending = this.loopback.wait(this.stateValue, this.timeoutMs, this.target.name);
    this.pending.catch(() => {});
    process.stderr.write(loginLine(url.toString(), this.target.name));
    openBrowser(url.toString());
  }

  /** Waits for the pending login's redirect, then lets `finish` exchange the code (transport.finishAuth). */
  async completeLogin(finish: (code: string) => Promise<void>): Promise<void> {
    const pending = this.pending;
    if (!pending) throw new Error('no login is pending');
    try {
      const { code } = await pending;
      this.pending = undefined;
      await finish(code);
      log.info(`${this.target.name}: authorized`);
    } finally {
      this.pending = undefined;
      await this.loopback.close();
    }
  }

  /** A fetch for the transport that notes the scope a 401/403 challenge asks for. */
  observe(next: FetchLike = fetch): FetchLike {
    return async (input, init) => {
      const res = await next(input, init);
      if (res.status === 401 || res.status === 403) {
        const { scope, error } = extractWWWAuthenticateParams(res);
        if (scope) this.challengeScope = scope;
        if (res.status === 403 && error === 'insufficient_scope') this.stepUp = true;
      }
      return res;
    };
  }

  /**
   * Refreshes tokens that expire within a minute (or fetches new client_credentials tokens), so a
   * request does not first fail with 401. Never throws and never starts an interactive login: if
   * this fails, the request's 401 takes the usual path.
   */
  async freshen(serverUrl: URL, fetchFn?: FetchLike): Promise<void> {
    if (this.pending) return;
    // A minute ahead, or a tenth of the lifetime for short-lived tokens (else every request would refresh).
    const due = (t?: StoredTokens) =>
      !!t?.expires_at && t.expires_at - Date.now() < Math.min(REFRESH_MARGIN_MS, ((t.expires_in ?? 600) * 1000) / 10);
    if (!due(this.store.load().tokens)) return;
    // Another mini-a may have refreshed already.
    const t = this.store.load(true).tokens;
    if (!due(t) || !(t?.refresh_token || this.grant === 'client_credentials')) return;
    this.refreshing ??= (async () => {
      this.headless = true;
      try {
        await auth(this, { serverUrl, fetchFn });
        log.debug(`${this.target.name}: OAuth token refreshed before it expired`);
      } catch (e) {
        log.debug(`${this.target.name}: refreshing the OAuth token failed (${errorMessage(e)}); the server's 401 will say what next`);
      } finally {
        this.headless = false;
        this.refreshing = undefined;
        if (!this.pending) await this.loopback.close();
      }
    })();
    await this.refreshing;
  }

  /** Stops the loopback listener (a pending login fails). */
  async close(): Promise<void> {
    this.offShutdown();
    await this.loopback.close();
  }
}
