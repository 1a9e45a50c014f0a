import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type GetPromptResult,
  type Implementation,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionSpec } from '../config/spec.js';
import { redact } from '../util/redact.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { describeAuthError, loginAfterFailure, transportCandidates } from './transports.js';

/** Lifecycle of a connection. */
export type ConnectionState = 'idle' | 'connecting' | 'ready' | 'failed';

/** Everything a server offers, as last read. */
export interface Catalog {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  refreshedAt: number;
}

/** Settings shared by all connections of a pool. */
export interface ConnectionOptions {
  /** Default per-call timeout (ms) when the spec has none. */
  callTimeoutMs: number;
  /** Time allowed to start and initialize a server (ms). */
  connectTimeoutMs: number;
  /** Catalog cache lifetime (ms); 0 = until list_changed or an explicit refresh. */
  catalogTtlMs: number;
  /** Restart attempts per round after a crash, and the first backoff delay. */
  restartAttempts: number;
  restartBaseDelayMs: number;
  /** Longest cool-down between restart rounds of a server that keeps failing. */
  maxCooldownMs: number;
  clientName: string;
  clientVersion: string;
}

/** An error about one connection; the message starts with its `alias/name`. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  constructor(
    readonly connection: string,
    message: string,
    readonly code?: 'timeout' | 'crashed' | 'unavailable' | 'remote',
  ) {
    super(`${connection}: ${message}`);
  }
}

/** What callers may pass along with a request. */
export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  meta?: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** One downstream MCP server: connected lazily, restarted after crashes, catalog cached. */
export class Connection {
  state: ConnectionState = 'idle';
  /** Why the last start or call failed (already redacted). */
  error?: string;
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  /** Which transport actually carried the session (http may have fallen back to sse). */
  activeTransport?: 'stdio' | 'http' | 'sse';
  /** Bumped whenever this connection's catalog changes; lets indexes know when to rebuild. */
  catalogVersion = 0;

  private client?: Client;
  private transport?: Transport;
  private connecting?: Promise<Client>;
  private catalog?: Catalog;
  private catalogLoading?: Promise<Catalog>;
  private catalogStale = false;
  private failedRounds = 0;
  private retryAt = 0;
  private everReady = false;
  private closing = false;
  /** Last lines the server wrote on stderr: shown when it fails to start. */
  private recentStderr: string[] = [];

  constructor(
    readonly alias: string,
    readonly spec: ConnectionSpec,
    private readonly opts: ConnectionOptions,
    private readonly onChange: () => void = () => {},
  ) {}

  /** `c1/time` — how errors and progress name this connection. */
  get label(): string {
    return `${this.alias}/${this.spec.name}`;
  }

  get name(): string {
    return this.spec.name;
  }

  get id(): string {
    return this.spec.id;
  }

  /** Catalog as last read, without connecting (undefined before the first read). */
  get cachedCatalog(): Catalog | undefined {
    return this.catalog;
  }

  /** Connects if needed (restarting a crashed server with bounded backoff) and returns the client. */
  async ensureReady(): Promise<Client> {
    if (this.state === 'ready' && this.client) return this.client;
    if (this.connecting) return this.connecting;
    if (this.state === 'failed' && Date.now() < this.retryAt) {
      const secs = Math.ceil((this.retryAt - Date.now()) / 1000);
      throw new ConnectionError(this.label, `unavailable (${this.error}); next restart attempt in ${secs}s`, 'unavailable');
    }
    this.connecting = this.connectWithRetries().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connectWithRetries(): Promise<Client> {
    const attempts = this.everReady ? this.opts.restartAttempts : 1;
    let lastError: unknown;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(this.opts.restartBaseDelayMs * 2 ** (i - 1));
      try {
        const client = await this.connectOnce();
        this.failedRounds = 0;
        this.retryAt = 0;
        return client;
      } catch (e) {
        lastError = e;
        log.debug(`${this.label}: start attempt ${i + 1}/${attempts} failed: ${errorMessage(e)}`);
      }
    }
    this.failedRounds++;
    this.retryAt = Date.now() + Math.min(this.opts.restartBaseDelayMs * 5 * 2 ** this.failedRounds, this.opts.maxCooldownMs);
    this.state = 'failed';
    const tail = this.recentStderr.length ? ` — its stderr: ${this.recentStderr.join(' | ')}` : '';
    this.error = redact(describeStartError(lastError, this.spec) + tail);
    this.onChange();
    const what = this.everReady ? `could not be restarted after ${attempts} attempts` : 'failed to start';
    throw new ConnectionError(this.label, `${what}: ${this.error}`, 'unavailable');
  }

  private async connectOnce(): Promise<Client> {
    this.state = 'connecting';
    this.error = undefined;
    this.onChange();
    this.recentStderr = [];
    const candidates = transportCandidates(this.spec, (stream, line) => {
      log.debug(`[${this.label} ${stream}] ${line.slice(0, 2000)}`);
      if (stream === 'stderr') this.recentStderr = [...this.recentStderr.slice(-4), line.slice(0, 300)];
    });
    const failures: Array<{ kind: string; error: unknown }> = [];
    for (let i = 0, logins = 0; i < candidates.length; i++) {
      const cand = candidates[i]!;
      const client = new Client({ name: this.opts.clientName, version: this.opts.clientVersion }, { capabilities: {} });
      const transport = cand.make();
      this.installHandlers(client, transport);
      try {
        await client.connect(transport, { timeout: this.opts.connectTimeoutMs });
      } catch (e) {
        // OAuth: a 401 that started a login; once the person has logged in, connect again.
        if (logins++ < 2 && (await loginAfterFailure(transport, e))) {
          await transport.close().catch(() => {});
          i--;
          continue;
        }
        failures.push({ kind: cand.kind, error: e });
        await transport.close().catch(() => {});
        // Not authorized is the answer: SSE would only ask again.
        if (describeAuthError(e, this.spec.name)) break;
        if (cand.kind === 'http') log.debug(`${this.label}: Streamable HTTP failed (${errorMessage(e)}); trying SSE`);
        continue;
      }
      this.client = client;
      this.transport = transport;
      this.activeTransport = cand.kind;
      this.serverInfo = client.getServerVersion();
      this.capabilities = client.getServerCapabilities();
      this.state = 'ready';
      this.everReady = true;
      this.catalogStale = true;
      this.onChange();
      return client;
    }
    // The first transport's error says most (an SSE fallback failing after it is expected);
    // when both were tried, both are told.
    const [first, ...rest] = failures;
    if (!rest.length) throw first?.error ?? new Error('no transport');
    throw new StartFailures(failures.map((f) => `${f.kind === 'http' ? 'Streamable HTTP' : 'SSE fallback'}: ${describeStartError(f.error, this.spec)}`));
  }

  private installHandlers(client: Client, transport: Transport): void {
    client.onerror = (e) => log.debug(`${this.label}: ${errorMessage(e)}`);
    client.onclose = () => {
      if (this.transport !== transport || this.closing) return;
      // The server went away on its own: the next request restarts it.
      const exit = transport instanceof ProcessGroupStdioTransport ? transport.exitInfo : undefined;
      this.state = 'failed';
      this.error = exit ? `server exited (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})` : 'connection closed by the server';
      this.client = undefined;
      this.transport = undefined;
      this.retryAt = 0;
      log.warn(`${this.label}: ${this.error}; it will be restarted on the next call`);
      this.onChange();
    };
    const stale = () => {
      this.catalogStale = true;
      this.catalogVersion++;
      this.onChange();
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => stale());
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => stale());
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () => stale());
  }

  /** The server's tools, resources and prompts; re-read when stale, expired or `refresh` is set. */
  async getCatalog(refresh = false): Promise<Catalog> {
    const expired = this.catalog && this.opts.catalogTtlMs > 0 && Date.now() - this.catalog.refreshedAt > this.opts.catalogTtlMs;
    // A crashed server's last catalog still describes it (the next call restarts it); a closed one is re-read.
    const usable = this.state === 'ready' || this.state === 'failed';
    if (this.catalog && usable && !refresh && !expired && !this.catalogStale) return this.catalog;
    this.catalogLoading ??= this.loadCatalog().finally(() => (this.catalogLoading = undefined));
    return this.catalogLoading;
  }

  private async loadCatalog(): Promise<Catalog> {
    const client = await this.ensureReady();
    this.catalogStale = false;
    const caps = this.capabilities ?? {};
    const opts = { timeout: this.timeoutMs() };
    const paged = async <T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; next?: string }>): Promise<T[]> => {
      const out: T[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 1000; page++) {
        const r = await fetchPage(cursor);
        out.push(...r.items);
        if (!r.next) break;
        cursor = r.next;
      }
      return out;
    };
    // Tools must list; a server whose resources or prompts fail to list still offers its tools.
    const optional = async <T>(enabled: unknown, f: () => Promise<T[]>, what?: string): Promise<T[]> => {
      if (!enabled) return [];
      try {
        return await f();
      } catch (e) {
        if (e instanceof McpError && e.code === ErrorCode.MethodNotFound) return [];
        if (!what) throw e;
        log.warn(`${this.label}: listing its ${what} failed (${redact(errorMessage(e))}); going on without them`);
        return [];
      }
    };
    try {
      const [tools, resources, resourceTemplates, prompts] = await Promise.all([
        optional(caps.tools, () => paged(async (c) => { const r = await client.listTools(c ? { cursor: c } : {}, opts); return { items: r.tools, next: r.nextCursor }; })),
        optional(caps.resources, () => paged(async (c) => { const r = await client.listResources(c ? { cursor: c } : {}, opts); return { items: r.resources, next: r.nextCursor }; }), 'resources'),
        optional(caps.resources, () => paged(async (c) => { const r = await client.listResourceTemplates(c ? { cursor: c } : {}, opts); return { items: r.resourceTemplates, next: r.nextCursor }; }), 'resource templates'),
        optional(caps.prompts, () => paged(async (c) => { const r = await client.listPrompts(c ? { cursor: c } : {}, opts); return { items: r.prompts, next: r.nextCursor }; }), 'prompts'),
      ]);
      this.catalog = { tools, resources, resourceTemplates, prompts, refreshedAt: Date.now() };
      this.catalogVersion++;
      this.onChange();
      return this.catalog;
    } catch (e) {
      this.catalogStale = true;
      throw this.wrap(e, 'listing its capabilities');
    }
  }

  private timeoutMs(o?: CallOptions): number {
    return o?.timeoutMs ?? this.spec.timeout ?? this.opts.callTimeoutMs;
  }

  /** Runs one request on a ready client; errors name the connection and say what happened. */
  private async request<T>(doing: string, o: CallOptions, send: (client: Client, timeout: number) => Promise<T>): Promise<T> {
    const client = await this.ensureReady();
    const timeout = this.timeoutMs(o);
    try {
      return await send(client, timeout);
    } catch (e) {
      throw this.wrap(e, doing, timeout);
    }
  }

  private meta(o: CallOptions): { _meta?: Record<string, unknown> } {
    return o.meta ? { _meta: o.meta } : {};
  }

  /** Calls a tool (timeout, crash and protocol errors name the connection). */
  callTool(name: string, args: Record<string, unknown> | undefined, o: CallOptions = {}): Promise<CallToolResult> {
    return this.request(`calling '${name}'`, o, async (c, timeout) =>
      (await c.callTool({ name, arguments: args ?? {}, ...this.meta(o) }, undefined, { timeout, signal: o.signal })) as CallToolResult,
    );
  }

  /** Reads a resource by URI. */
  readResource(uri: string, o: CallOptions = {}): Promise<ReadResourceResult> {
    return this.request(`reading '${uri}'`, o, (c, timeout) => c.readResource({ uri, ...this.meta(o) }, { timeout, signal: o.signal }));
  }

  /** Gets a prompt with its arguments. */
  getPrompt(name: string, args: Record<string, string> | undefined, o: CallOptions = {}): Promise<GetPromptResult> {
    return this.request(`getting prompt '${name}'`, o, (c, timeout) => c.getPrompt({ name, arguments: args, ...this.meta(o) }, { timeout, signal: o.signal }));
  }

  /** Turns SDK/transport errors into a ConnectionError that names this connection. */
  private wrap(e: unknown, doing: string, timeout?: number): ConnectionError {
    if (e instanceof ConnectionError) return e;
    if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) {
      return new ConnectionError(this.label, `timed out after ${timeout ?? this.timeoutMs()} ms ${doing} (cancellation sent to the server)`, 'timeout');
    }
    if (e instanceof McpError && e.code === ErrorCode.ConnectionClosed) {
      const why = this.state === 'failed' && this.error ? this.error : 'connection closed';
      return new ConnectionError(this.label, `${why} while ${doing}; it will be restarted on the next call`, 'crashed');
    }
    if (e instanceof Error && e.name === 'AbortError') return new ConnectionError(this.label, `cancelled while ${doing}`, 'timeout');
    const auth = describeAuthError(e, this.spec.name);
    if (auth) return new ConnectionError(this.label, `${redact(auth)} (while ${doing})`, 'remote');
    const msg = e instanceof McpError ? e.message.replace(/^MCP error -?\d+: /, '') : errorMessage(e);
    return new ConnectionError(this.label, `error while ${doing}: ${redact(msg)}`, 'remote');
  }

  /** Closes the session and ends the server (its whole process group for stdio). */
  async close(): Promise<void> {
    this.closing = true;
    const pending = this.connecting;
    if (pending) await pending.catch(() => {});
    const t = this.transport;
    const c = this.client;
    this.client = undefined;
    this.transport = undefined;
    if (c) await c.close().catch(() => {});
    else if (t) await t.close().catch(() => {});
    if (this.state !== 'failed') this.state = 'idle';
    this.closing = false;
  }
}

/** Every transport tried failed; each failure in words. */
class StartFailures extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('; '));
  }
}

function describeStartError(e: unknown, spec: ConnectionSpec): string {
  if (e instanceof StartFailures) {
    // The same reason twice (a server that is simply down) is said once.
    const distinct = [...new Set(e.reasons.map((r) => r.replace(/^[^:]+: /, '')))];
    return distinct.length === 1 ? distinct[0]! : e.message;
  }
  const auth = describeAuthError(e, spec.name);
  if (auth) return auth;
  const err = e as NodeJS.ErrnoException | undefined;
  if (err?.code === 'ENOENT' && spec.command) return `command not found: ${spec.command}`;
  if (err?.code === 'EACCES' && spec.command) return `command not executable: ${spec.command}`;
  if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) return 'no answer to initialize (timed out)';
  if (e instanceof McpError && e.code === ErrorCode.ConnectionClosed) return 'server exited before it finished initializing';
  if (err?.code === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/.test(errorMessage(e))) return `connection refused at ${spec.url ?? '?'}`;
  // The SDK's HTTP and SSE errors carry the status in `code`; say it plainly.
  const status = (e as { code?: unknown })?.code;
  if (typeof status === 'number' && status >= 400 && status < 600) {
    const why = status === 401 || status === 403 ? `not authorized: check the headers (token)${spec.oauth ? ' and the oauth settings' : ''}` : status === 404 || status === 405 ? 'no MCP endpoint at this URL' : 'server error';
    return `HTTP ${status} from ${spec.url ?? '?'} (${why})`;
  }
  return errorMessage(e);
}
