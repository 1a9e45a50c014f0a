import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError, type StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { MiniAOAuthProvider } from './provider.js';

/** Logins one request may go through (a 401, then a 403 step-up) before its error stands. */
const MAX_LOGINS_PER_REQUEST = 2;

type Inner = StreamableHTTPClientTransport | SSEClientTransport;

function isInitialize(m: JSONRPCMessage): boolean {
  return 'method' in m && m.method === 'initialize';
}

/**
 * An SDK HTTP/SSE transport with its OAuth provider. The SDK transport answers 401/403 by running
 * `auth()`; when that starts an interactive login, this waits for the redirect, exchanges the code
 * and sends the request again. Tokens about to expire are refreshed before a request goes out.
 *
 * `initialize` is not retried here: its timeout (the connect timeout) is too short for a person to
 * log in, so the Connection waits for the login (`loginAfterFailure`) and connects again.
 */
export class OAuthTransport implements Transport {
  constructor(
    readonly inner: Inner,
    readonly provider: MiniAOAuthProvider,
    private readonly url: URL,
  ) {}

  get onclose(): (() => void) | undefined {
    return this.inner.onclose;
  }
  set onclose(fn: (() => void) | undefined) {
    this.inner.onclose = fn;
  }
  get onerror(): ((error: Error) => void) | undefined {
    return this.inner.onerror;
  }
  set onerror(fn: ((error: Error) => void) | undefined) {
    this.inner.onerror = fn;
  }
  get onmessage(): (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined {
    return this.inner.onmessage;
  }
  set onmessage(fn: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined) {
    this.inner.onmessage = fn;
  }
  get sessionId(): string | undefined {
    return (this.inner as StreamableHTTPClientTransport).sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    await this.provider.freshen(this.url);
    try {
      await this.inner.start();
    } catch (e) {
      throw this.explain(e);
    }
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.provider.freshen(this.url);
    for (let logins = 0; ; logins++) {
      try {
        return await (this.inner as StreamableHTTPClientTransport).send(message, options);
      } catch (e) {
        if (!(e instanceof UnauthorizedError) || !this.provider.loginPending || isInitialize(message) || logins >= MAX_LOGINS_PER_REQUEST) throw this.explain(e);
        await this.finishLogin();
      }
    }
  }

  /**
   * A 401 from a server that publishes no OAuth metadata at all is an ordinary "missing or wrong
   * credentials": the SDK's fallbacks (registering at /register …) failing says nothing useful.
   */
  private explain(e: unknown): unknown {
    if (e instanceof UnauthorizedError || this.provider.loginPending || !this.provider.discovered || this.provider.advertisesOAuth()) return e;
    return new StreamableHTTPError(401, 'not authorized, and the server describes no OAuth');
  }

  /** Waits for the pending login and exchanges its code for tokens. */
  finishLogin(): Promise<void> {
    return this.provider.completeLogin((code) => this.inner.finishAuth(code));
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * After a failed connect: when the failure is a 401 that started an interactive login, waits for
 * that login (bounded by MINI_A_OAUTH_TIMEOUT) and returns true, meaning "connect again". Returns
 * false for any other failure; a failed login throws with the reason.
 */
export async function loginAfterFailure(transport: Transport, error: unknown): Promise<boolean> {
  if (!(transport instanceof OAuthTransport) || !(error instanceof UnauthorizedError) || !transport.provider.loginPending) return false;
  await transport.finishLogin();
  return true;
}
