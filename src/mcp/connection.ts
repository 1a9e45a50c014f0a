import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  CancelledNotificationSchema,
  ErrorCode,
  GetPromptResultSchema,
  McpError,
  ReadResourceResultSchema,
  ResultSchema,
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
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { redact } from '../util/redact.js';
import { injectTraceContext, traced } from '../util/tracing.js';
import type { ClientHooks, Requester, ServerMessage, ServerRef } from './client-hooks.js';
import { ConnectionError, describeAuthError, describeStartError, loginAfterFailure, plainMcpMessage, StartFailures, StartTimeout } from './errors.js';
import { Lifecycle, type BackoffPolicy, type ConnectionState } from './lifecycle.js';
import { Policy, type Access, type Refusal } from './policy.js';
import type { ResultCache } from './result-cache.js';
import { ProcessGroupStdioTransport } from './stdio-transport.js';
import { traceDownstream, type DownstreamCall } from './trace.js';
import { transportCandidates } from './transports.js';

export { ConnectionError } from './errors.js';
export type { ConnectionState } from './lifecycle.js';

/** Everything a server offers, as last read. */
export interface Catalog {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  refreshedAt: number;
}

/** Settings shared by all connections of a pool. */
export interface ConnectionOptions extends BackoffPolicy {
  /** Default per-call timeout (ms) when the spec has none; progress from the server resets it. */
  callTimeoutMs: number;
  /** Longest a call may run in all while progress keeps resetting its timeout (ms). */
  maxCallMs: number;
  /** Time allowed to start and initialize a server (ms) when the spec has none. */
  startTimeoutMs: number;
  /** Catalog cache lifetime (ms); 0 = until list_changed or an explicit refresh. */
  catalogTtlMs: number;
  clientName: string;
  clientVersion: string;
  /** Answers what servers ask of the client (elicitation, sampling, roots) and hears what they say. */
  hooks: ClientHooks;
  /** Which tools may be seen and called (config rules; a client's token adds its own per request). */
  policy: Policy;
  /** Results of read-only tools, kept per arguments (absent: no caching). */
  cache?: ResultCache;
  /** Runs a start when a slot is free (bounds how many servers start at once). */
  startGate: <T>(start: () => Promise<T>) => Promise<T>;
}

/** Progress a server reported for a request. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** What callers may pass along with a request. */
export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Sent as the request's `_meta` (a progressToken in it is replaced by our own). */
  meta?: Record<string, unknown>;
  /** Called for each progress notification the server sends for this request. */
  onProgress?: (p: Progress) => void;
  /** On whose behalf the request runs (server-to-client requests are routed to it). */
  requester?: Requester;
  /** What the client behind this request may reach (its HTTP token's rules). */
  access?: Access;
  /** false: do not answer from the result cache (nor keep this result). */
  cache?: boolean;
}

/** A live MCP session with a server. */
interface Session {
  client: Client;
  transport: Transport;
  kind: 'stdio' | 'http' | 'sse';
}

/** One downstream MCP server: started lazily, restarted after crashes, catalog cached. */
export class Connection implements ServerRef {
  readonly lifecycle: Lifecycle;
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  /** What the server said about itself in `initialize` (merged into mini-a-proxy's instructions). */
  instructions?: string;
  /** Which transport actually carried the session (http may have fallen back to sse). */
  activeTransport?: 'stdio' | 'http' | 'sse';
  /** Bumped whenever this connection's catalog changes; lets indexes know when to rebuild. */
  catalogVersion = 0;

  private session?: Session;
  private starting?: Promise<Client>;
  /** The transport of a start under way, so close() can end it at once. */
  private startingTransport?: Transport;
  /** The catalog as the server sent it; `catalog` is what the policy lets be seen. */
  private rawCatalog?: Catalog;
  private catalog?: Catalog;
  private readonly rules: ReturnType<typeof Policy.serverRules>;
  private catalogLoading?: Promise<Catalog>;
  private catalogStale = false;
  /** Requests in flight with their requester (server-to-client requests are routed by these). */
  private readonly inflight = new Map<number, Requester>();
  private nextInflight = 0;
  /** Last lines the server wrote on stderr: shown when it fails to start. */
  private recentStderr: string[] = [];

  constructor(
    readonly alias: string,
    readonly spec: ConnectionSpec,
    private readonly opts: ConnectionOptions,
    private readonly onChange: () => void = () => {},
  ) {
    this.lifecycle = new Lifecycle(opts, () => this.onChange());
    this.rules = Policy.serverRules(spec.name, spec.tools);
  }

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

  /** Which connection a span is about (alias and server name only: never command, URL or env). */
  private spanAttrs() {
    return { 'mini_a.connection': this.alias, 'mini_a.server': this.spec.name };
  }

  get state(): ConnectionState {
    return this.lifecycle.state;
  }

  /** Why the last start or call failed (already redacted). */
  get error(): string | undefined {
    return this.lifecycle.error;
  }

  /** Catalog as last read, without connecting (undefined before the first read). */
  get cachedCatalog(): Catalog | undefined {
    return this.catalog;
  }

  /** Connects if needed (restarting a crashed server with bounded backoff) and returns the client. */
  async ensureReady(): Promise<Client> {
    if (this.state === 'ready' && this.session) return this.session.client;
    if (this.starting) return this.starting;
    const wait = this.lifecycle.waitMs();
    if (wait > 0) {
      throw new ConnectionError(this.label, `unavailable (${this.error}); next restart attempt in ${Math.ceil(wait / 1000)}s`, 'unavailable');
    }
    if (this.state === 'closing') throw new ConnectionError(this.label, 'is shutting down', 'unavailable');
    this.starting = traced('start server', this.spanAttrs(), () => this.startRound()).finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** One round of start attempts (several after a crash, one for a first start). */
  private async startRound(): Promise<Client> {
    const attempts = this.lifecycle.attemptsNow();
    this.lifecycle.fire('start');
    let lastError: unknown;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(this.opts.baseDelayMs * 2 ** (i - 1));
      if (this.state !== 'connecting') break; // closed meanwhile
      try {
        const session = await this.opts.startGate(() => this.startOnce());
        if (this.state !== 'connecting') {
          // close() ran while the start finished: do not revive a closed connection.
          await session.client.close().catch(() => {});
          throw new ConnectionError(this.label, 'was closed while starting', 'unavailable');
        }
        this.adopt(session);
        this.lifecycle.fire('connected');
        return session.client;
      } catch (e) {
        lastError = e;
        log.debug(`${this.label}: start attempt ${i + 1}/${attempts} failed: ${errorMessage(e)}`);
        if (e instanceof ConnectionError) throw e;
      }
    }
    const tail = this.recentStderr.length ? ` — its stderr: ${this.recentStderr.join(' | ')}` : '';
    const why = redact(describeStartError(lastError, this.spec) + tail);
    if (this.state === 'connecting') this.lifecycle.fire('startFailed', why);
    const what = this.lifecycle.everReady ? `could not be restarted after ${attempts} attempts` : 'failed to start';
    throw new ConnectionError(this.label, `${what}: ${why}`, 'unavailable');
  }

  /** Tries each transport candidate in turn (Streamable HTTP, then SSE) within the start timeout. */
  private async startOnce(): Promise<Session> {
    this.recentStderr = [];
    const candidates = await transportCandidates(this.spec, (stream, line) => {
      log.debug(`[${this.label} ${stream}] ${line.slice(0, 2000)}`);
      if (stream === 'stderr') this.recentStderr = [...this.recentStderr.slice(-4), line.slice(0, 300)];
    });
    const timeoutMs = this.spec.startTimeout ?? this.opts.startTimeoutMs;
    const failures: Array<{ kind: string; error: unknown }> = [];
    for (let i = 0, logins = 0; i < candidates.length; i++) {
      const cand = candidates[i]!;
      if (this.state !== 'connecting') break;
      const client = this.newClient();
      const transport = cand.make();
      this.startingTransport = transport;
      try {
        await withDeadline(client.connect(transport, { timeout: timeoutMs }), timeoutMs, () => new StartTimeout(timeoutMs));
      } catch (e) {
        // OAuth: a 401 that started a login; once the person has logged in, connect again.
        if (logins++ < 2 && (await loginAfterFailure(transport, e))) {
          await transport.close().catch(() => {});
          i--;
          continue;
        }
        const err = e instanceof McpError && e.code === ErrorCode.RequestTimeout ? new StartTimeout(timeoutMs) : e;
        failures.push({ kind: cand.kind, error: err });
        await transport.close().catch(() => {});
        // Not authorized is the answer: SSE would only ask again.
        if (describeAuthError(err, this.spec.name)) break;
        if (cand.kind === 'http') log.debug(`${this.label}: Streamable HTTP failed (${errorMessage(err)}); trying SSE`);
        continue;
      } finally {
        this.startingTransport = undefined;
      }
      return { client, transport, kind: cand.kind };
    }
    const [first, ...rest] = failures;
    if (!first) throw new ConnectionError(this.label, 'was closed while starting', 'unavailable');
    if (!rest.length) throw first.error;
    // The first transport's error says most (an SSE fallback failing after it is expected);
    // when both were tried, both are told.
    throw new StartFailures(failures.map((f) => `${f.kind === 'http' ? 'Streamable HTTP' : 'SSE fallback'}: ${describeStartError(f.error, this.spec)}`));
  }

  /** Makes a freshly initialized session the current one. */
  private adopt(s: Session): void {
    this.session = s;
    this.installCloseHandler(s.client, s.transport);
    this.activeTransport = s.kind;
    this.serverInfo = s.client.getServerVersion();
    this.capabilities = s.client.getServerCapabilities();
    this.instructions = s.client.getInstructions();
    this.catalogStale = true;
  }

  /** An SDK client whose server-to-client traffic goes to the hooks. */
  private newClient(): Client {
    const hooks = this.opts.hooks;
    const client = new Client({ name: this.opts.clientName, version: this.opts.clientVersion }, { capabilities: hooks.capabilities(this) });
    client.onerror = (e) => log.debug(`${this.label}: ${errorMessage(e)}`);
    // Every request a server sends us (sampling, elicitation, roots, anything newer) goes to the
    // hooks unvalidated: a proxy passes it on as sent. (ping is answered by the SDK itself.)
    // The SDK drops notifications/cancelled for request id 0 (`if (!requestId)`), and servers
    // number their requests from 0: cancellation of what we were asked is tracked here instead.
    const asked = new Map<string | number, AbortController>();
    client.fallbackRequestHandler = async (request, extra) => {
      const ac = new AbortController();
      const onAbort = () => ac.abort(extra.signal.reason);
      extra.signal.addEventListener('abort', onAbort);
      asked.set(request.id, ac);
      try {
        const msg: ServerMessage = { method: request.method, params: request.params as Record<string, unknown> | undefined };
        return await hooks.onServerRequest(this, msg, { signal: ac.signal, requesters: [...this.inflight.values()] });
      } finally {
        asked.delete(request.id);
        extra.signal.removeEventListener('abort', onAbort);
      }
    };
    client.setNotificationHandler(CancelledNotificationSchema, async (n) => {
      if (n.params.requestId !== undefined) asked.get(n.params.requestId)?.abort(n.params.reason ?? 'cancelled by the server');
    });
    client.fallbackNotificationHandler = async (n) => {
      const msg: ServerMessage = { method: n.method, params: n.params as Record<string, unknown> | undefined };
      if (LIST_CHANGED.has(n.method)) {
        this.catalogStale = true;
        this.catalogVersion++;
        this.onChange();
      }
      try {
        hooks.onNotification?.(this, msg);
      } catch (e) {
        log.debug(`${this.label}: notification handler failed: ${errorMessage(e)}`);
      }
    };
    return client;
  }

  private installCloseHandler(client: Client, transport: Transport): void {
    client.onclose = () => {
      if (this.session?.transport !== transport) return;
      this.session = undefined;
      if (this.state !== 'ready') return; // closing on purpose
      // The server went away on its own: the next request restarts it.
      const exit = transport instanceof ProcessGroupStdioTransport ? transport.exitInfo : undefined;
      const why = exit ? `server exited (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`})` : 'connection closed by the server';
      this.lifecycle.fire('lost', why);
      log.warn(`${this.label}: ${why}; it will be restarted on the next call`);
    };
  }

  /** The server's tools, resources and prompts; re-read when stale, expired or `refresh` is set. */
  async getCatalog(refresh = false): Promise<Catalog> {
    const expired = this.catalog && this.opts.catalogTtlMs > 0 && Date.now() - this.catalog.refreshedAt > this.opts.catalogTtlMs;
    // A crashed server's last catalog still describes it (the next call restarts it); a closed one is re-read.
    const usable = this.state === 'ready' || this.state === 'failed';
    if (this.catalog && usable && !refresh && !expired && !this.catalogStale) return this.catalog;
    this.catalogLoading ??= traced('read catalog', this.spanAttrs(), () => this.loadCatalog()).finally(() => (this.catalogLoading = undefined));
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
        if (!r.next || r.next === cursor) break;
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
      this.rawCatalog = { tools, resources, resourceTemplates, prompts, refreshedAt: Date.now() };
      // What no one may see is dropped here, once: every listing, search and call starts from it.
      this.catalog = { ...this.rawCatalog, tools: tools.filter((t) => !this.refusal(t)) };
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

  /**
   * Sends one request. Every request carries a progress token: progress resets its timeout (up
   * to maxCallMs in all) and reaches `onProgress`. A Streamable HTTP session the server forgot
   * (404) is re-initialized and the request sent again, once; after a crash mid-request it is
   * sent again only when `retrySafe` (read-only or idempotent tools).
   */
  private send<T>(doing: string, o: CallOptions, retrySafe: boolean, run: (client: Client, opts: Record<string, unknown>) => Promise<T>, call: DownstreamCall): Promise<T> {
    return traceDownstream(this, call, () => this.sendUntraced(doing, o, retrySafe, run));
  }

  private async sendUntraced<T>(doing: string, o: CallOptions, retrySafe: boolean, run: (client: Client, opts: Record<string, unknown>) => Promise<T>): Promise<T> {
    const timeout = this.timeoutMs(o);
    const key = this.nextInflight++;
    if (o.requester) this.inflight.set(key, o.requester);
    try {
      for (let attempt = 0; ; attempt++) {
        const client = await this.ensureReady().catch((e) => {
          throw this.wrap(e, doing, timeout);
        });
        try {
          return await run(client, {
            timeout,
            maxTotalTimeout: Math.max(timeout, this.opts.maxCallMs),
            resetTimeoutOnProgress: true,
            onprogress: (p: Progress) => o.onProgress?.({ progress: p.progress, total: p.total, message: p.message }),
            signal: o.signal,
          });
        } catch (e) {
          const healable = attempt === 0 && !o.signal?.aborted && (this.sessionExpired(e) || (retrySafe && isClosed(e)));
          if (!healable) throw this.wrap(e, doing, timeout);
          log.info(`${this.label}: ${this.sessionExpired(e) ? 'session expired (HTTP 404)' : 'connection lost'} while ${doing}; starting a new session and retrying once`);
          await this.dropSession();
        }
      }
    } finally {
      this.inflight.delete(key);
    }
  }

  private sessionExpired(e: unknown): boolean {
    // The SDK's StreamableHTTPError, told by its shape: importing the class would load the HTTP
    // transport for stdio-only runs too.
    return this.session?.kind === 'http' && e instanceof Error && (e as { code?: unknown }).code === 404 && e.message.startsWith('Streamable HTTP error');
  }

  /** Forgets the current session (its server is gone or forgot us) so the next request starts a new one. */
  private async dropSession(): Promise<void> {
    const s = this.session;
    if (s && this.state === 'ready') {
      this.session = undefined;
      this.lifecycle.fire('lost', 'session ended by the server');
      await s.client.close().catch(() => {});
    }
  }

  private meta(o: CallOptions): { _meta?: Record<string, unknown> } {
    // Our own progress token replaces the caller's: the SDK sets it on the wire.
    const { progressToken: _drop, ...rest } = o.meta ?? {};
    injectTraceContext(rest);
    return Object.keys(rest).length ? { _meta: rest } : {};
  }

  /** Why a tool may not be seen or called (config rules, then the client's), or undefined. */
  refusal(tool: Pick<Tool, 'name' | 'annotations'>, access?: Access): Refusal | undefined {
    return this.opts.policy.refuseTool({ name: this.spec.name, rules: this.rules }, tool, access);
  }

  /** Why a tool this server offers is out of reach, when it is (for "unknown tool" answers that should say why). */
  refusalOf(name: string, access?: Access): Refusal | undefined {
    const t = this.rawCatalog?.tools.find((x) => x.name === name);
    return t ? this.refusal(t, access) : undefined;
  }

  /** Refuses a request when the client's token may not reach this server at all. */
  private checkServer(o: CallOptions): void {
    const r = this.opts.policy.refuseServer(this.spec.name, o.access);
    if (r) throw new ConnectionError(this.label, `refused by ${r.rule}`, 'refused');
  }

  /**
   * Calls a tool and returns its result as the server sent it. The policy is checked here, for
   * every caller (call, batch, code mode, transparent mode), and read-only results may come from
   * the cache.
   */
  async callTool(name: string, args: Record<string, unknown> | undefined, o: CallOptions = {}): Promise<CallToolResult> {
    this.checkServer(o);
    // Rules that depend on what the tool is (readOnly, allow) need the catalog first.
    if (!this.rawCatalog) await this.getCatalog().catch(() => {});
    const t = this.rawCatalog?.tools.find((x) => x.name === name);
    const refused = this.refusal(t ?? { name }, o.access);
    if (refused) throw new ConnectionError(this.label, `tool '${name}' is refused by ${refused.rule}`, 'refused');
    const cache = this.opts.cache;
    const ttl = cache && o.cache !== false ? cache.ttlFor(this.spec.cache, t, name) : 0;
    const key = ttl ? cache!.key(this.spec.id, name, args) : undefined;
    const kept = key ? cache!.get(key) : undefined;
    if (kept) return kept;
    const retrySafe = t?.annotations?.readOnlyHint === true || t?.annotations?.idempotentHint === true;
    const result = await this.send(`calling '${name}'`, o, retrySafe, (c, opts) =>
      c.request({ method: 'tools/call', params: { name, arguments: args ?? {}, ...this.meta(o) } }, CallToolResultSchema, opts) as Promise<CallToolResult>,
    { method: 'tools/call', tool: name });
    if (key) cache!.set(key, result, ttl);
    return result;
  }

  /** Reads a resource by URI. */
  readResource(uri: string, o: CallOptions = {}): Promise<ReadResourceResult> {
    this.checkServer(o);
    return this.send(`reading '${uri}'`, o, true, (c, opts) => c.request({ method: 'resources/read', params: { uri, ...this.meta(o) } }, ReadResourceResultSchema, opts), { method: 'resources/read', uri });
  }

  /** Gets a prompt with its arguments. */
  getPrompt(name: string, args: Record<string, string> | undefined, o: CallOptions = {}): Promise<GetPromptResult> {
    this.checkServer(o);
    return this.send(`getting prompt '${name}'`, o, true, (c, opts) => c.request({ method: 'prompts/get', params: { name, ...(args ? { arguments: args } : {}), ...this.meta(o) } }, GetPromptResultSchema, opts), { method: 'prompts/get', prompt: name });
  }

  /** Sends any request and returns the raw result (the proxy's pass-through for other methods). */
  request(method: string, params: Record<string, unknown> | undefined, o: CallOptions = {}): Promise<Record<string, unknown>> {
    this.checkServer(o);
    return this.send(`'${method}'`, o, false, (c, opts) => c.request({ method, params: { ...(params ?? {}), ...this.meta(o) } }, ResultSchema, opts) as Promise<Record<string, unknown>>, { method });
  }

  /** Sends a notification to a ready server (dropped when it is not running: nothing to tell). */
  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const s = this.session;
    if (!s || this.state !== 'ready') return;
    await s.client.notification({ method, ...(params ? { params } : {}) }).catch((e) => log.debug(`${this.label}: ${method} not delivered: ${errorMessage(e)}`));
  }

  /** Turns SDK/transport errors into a ConnectionError that names this connection. */
  private wrap(e: unknown, doing: string, timeout?: number): ConnectionError {
    if (e instanceof ConnectionError) return e;
    if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) {
      const total = (e.data as { maxTotalTimeout?: number } | undefined)?.maxTotalTimeout;
      const what = total ? `ran longer than ${total} ms in all` : `timed out after ${timeout ?? this.timeoutMs()} ms`;
      return new ConnectionError(this.label, `${what} ${doing} (cancellation sent to the server)`, 'timeout');
    }
    if (isClosed(e)) {
      const why = this.state === 'failed' && this.error ? this.error : 'connection closed';
      return new ConnectionError(this.label, `${why} while ${doing}; it will be restarted on the next call`, 'crashed');
    }
    if (e instanceof Error && e.name === 'AbortError') return new ConnectionError(this.label, `cancelled while ${doing}`, 'cancelled');
    const auth = describeAuthError(e, this.spec.name);
    if (auth) return new ConnectionError(this.label, `${redact(auth)} (while ${doing})`, 'remote');
    if (e instanceof McpError) {
      const message = plainMcpMessage(e);
      return new ConnectionError(this.label, `error while ${doing}: ${redact(message)}`, 'remote', { code: e.code, message, ...(e.data !== undefined ? { data: e.data } : {}) });
    }
    return new ConnectionError(this.label, `error while ${doing}: ${redact(errorMessage(e))}`, 'remote');
  }

  /** Closes the session and ends the server (its whole process group for stdio), at once. */
  async close(): Promise<void> {
    if (this.state === 'idle' && !this.session) return;
    if (this.lifecycle.can('close')) this.lifecycle.fire('close');
    // A start under way is ended now, not waited for (a hung initialize must not delay exit).
    const startingTransport = this.startingTransport;
    if (startingTransport) await startingTransport.close().catch(() => {});
    if (this.starting) await this.starting.catch(() => {});
    const s = this.session;
    this.session = undefined;
    if (s) await s.client.close().catch(() => {});
    if (this.state === 'closing') this.lifecycle.fire('closed');
  }
}

const LIST_CHANGED = new Set(['notifications/tools/list_changed', 'notifications/resources/list_changed', 'notifications/prompts/list_changed']);

function isClosed(e: unknown): boolean {
  return e instanceof McpError && e.code === ErrorCode.ConnectionClosed;
}

/** Ref'd sleep: an awaited wait must keep the process alive (an unref'd one can exit it with code 13). */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Rejects with `err()` when `p` takes longer than `ms` (the timer is cleared either way). */
async function withDeadline<T>(p: Promise<T>, ms: number, err: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(err()), ms + 250)))]);
  } finally {
    clearTimeout(timer);
  }
}
