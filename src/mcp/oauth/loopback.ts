import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the browser brings back to the redirect URI. */
export interface RedirectResult {
  code: string;
  state?: string;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p>`;

/** Escapes text for the small HTML pages the listener answers with. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The loopback redirect of an interactive login (RFC 8252 §7.3): an HTTP listener on 127.0.0.1
 * that waits for `GET /callback?code=…&state=…`. Requests with another path, method or state are
 * answered and ignored; only the first matching one settles the wait.
 */
export class LoopbackRedirect {
  private server?: http.Server;
  private waiter?: { state?: string; resolve: (r: RedirectResult) => void; reject: (e: Error) => void };
  port = 0;

  /** The redirect URI to register and send (valid once `listen` has resolved). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  get listening(): boolean {
    return !!this.server?.listening;
  }

  /** Binds 127.0.0.1:`port` (0 = any free port); rejects with EADDRINUSE when that port is taken. */
  async listen(port = 0): Promise<void> {
    if (this.server?.listening) return;
    const server = http.createServer((req, res) => this.handle(req, res));
    // Only the browser's one request matters: short timeouts, small headers, no keep-alive.
    server.headersTimeout = 10_000;
    server.requestTimeout = 10_000;
    server.keepAliveTimeout = 1000;
    server.maxHeadersCount = 100;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.unref();
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('Connection', 'close');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    const q = url.searchParams;
    const state = q.get('state') ?? undefined;
    const w = this.waiter;
    if (!w || (w.state !== undefined && state !== w.state)) {
      // A stale or forged redirect (another tab, an old link) must not complete this login.
      res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('mini-a: unexpected redirect', 'This link does not belong to the login mini-a is waiting for. Start again from the URL mini-a printed last.'));
      return;
    }
    const error = q.get('error');
    const code = q.get('code');
    if (error || !code) {
      const why = error ? `${error}${q.get('error_description') ? `: ${q.get('error_description')}` : ''}` : 'no code in the redirect';
      res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('mini-a: authorization failed', html(why)));
      this.waiter = undefined;
      w.reject(new Error(`the authorization server refused the login (${why.slice(0, 300)})`));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('mini-a: authorized', 'You can close this tab and return to the terminal.'));
    this.waiter = undefined;
    w.resolve({ code, state });
  }

  /** Waits for the redirect carrying `state`; rejects after `timeoutMs` with a message that says what to do. */
  wait(state: string | undefined, timeoutMs: number, what: string): Promise<RedirectResult> {
    this.waiter?.reject(new Error('a newer login started'));
    return new Promise<RedirectResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no login within ${Math.round(timeoutMs / 1000)} s: open the URL printed above to authorize ${what} (or raise MINI_A_OAUTH_TIMEOUT)`));
      }, timeoutMs);
      // Not unref'd: while a person logs in, this timer is what keeps mini-a running.
      this.waiter = {
        state,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** Stops listening; a pending wait is rejected. */
  async close(): Promise<void> {
    this.waiter?.reject(new Error('login cancelled: mini-a is shutting down'));
    this.waiter = undefined;
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
}
