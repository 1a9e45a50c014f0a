import pLimit from 'p-limit';
import type { ConnectionSpec } from '../config/spec.js';
import { redact } from '../util/redact.js';
import { LocalClientHooks } from './local-hooks.js';
import { didYouMean, errorMessage } from '../util/errors.js';
import { Connection, type Catalog, type ConnectionOptions, type ConnectionState } from './connection.js';
import { Policy, type Access } from './policy.js';

/** Catalogs read within a deadline: the ready ones, what failed (in words), and who was late. */
export interface LoadedCatalogs {
  loaded: Array<{ conn: Connection; catalog: Catalog }>;
  unavailable: string[];
  late: Connection[];
}

/** Settings of a pool: every connection option, plus how many servers may start at once. */
export interface PoolOptions extends Omit<ConnectionOptions, 'startGate'> {
  /** Servers starting at the same time, at most (the rest wait for a slot). */
  startConcurrency: number;
}

/** Defaults for a pool's connections. */
export const DEFAULT_POOL_OPTIONS: Omit<PoolOptions, 'hooks' | 'policy'> = {
  callTimeoutMs: 60_000,
  maxCallMs: 3_600_000,
  startTimeoutMs: 30_000,
  catalogTtlMs: 600_000,
  attempts: 3,
  baseDelayMs: 200,
  maxCooldownMs: 30_000,
  clientName: 'mini-a',
  clientVersion: '0.1.0',
  startConcurrency: 16,
};

/** What listings show about a connection: no secrets, no payloads. */
export interface ConnectionSummary {
  alias: string;
  name: string;
  id: string;
  transport: string;
  state: ConnectionState;
  error?: string;
  server?: { name: string; version: string };
  toolCount?: number;
  resourceCount?: number;
  promptCount?: number;
  lastRefresh?: string;
  target: string;
}

/** All connections of a run, addressed by alias (`c1`), name or id. Servers can be added, removed and restarted while it runs. */
export class Pool {
  /** The connections now, in the order they were added. */
  connections: Connection[];
  private byKey = new Map<string, Connection>();
  private readonly listeners = new Set<() => void>();
  private readonly gate: { activeCount: number; pendingCount: number };
  private readonly connOpts: ConnectionOptions;
  /** The next alias number: aliases are never reused, so `c3` never means another server later. */
  private nextAlias: number;

  constructor(specs: ConnectionSpec[], opts: Partial<PoolOptions> = {}) {
    const { startConcurrency, ...o } = { ...DEFAULT_POOL_OPTIONS, hooks: opts.hooks ?? new LocalClientHooks(), policy: opts.policy ?? new Policy(), ...opts };
    const gate = pLimit(Math.max(1, startConcurrency));
    this.gate = gate;
    this.connOpts = { ...o, startGate: (start) => gate(start) };
    this.connections = specs.map((s, i) => new Connection(`c${i + 1}`, s, this.connOpts, () => this.changed()));
    this.nextAlias = specs.length + 1;
    this.reindex();
  }

  /** Aliases win over names, names over ids, so `c2` always means the second connection. */
  private reindex(): void {
    const byKey = new Map<string, Connection>();
    for (const c of [...this.connections].reverse()) byKey.set(c.id, c);
    for (const c of [...this.connections].reverse()) byKey.set(c.name, c);
    for (const c of this.connections) byKey.set(c.alias, c);
    this.byKey = byKey;
  }

  /** The policy every view and call goes through. */
  get policy(): Policy {
    return this.connOpts.policy;
  }

  /** Adds a server while running (started when first needed); its name must be new. */
  add(spec: ConnectionSpec): Connection {
    if (this.connections.some((c) => c.name === spec.name)) throw new Error(`a server named '${spec.name}' is already configured`);
    if (this.connections.some((c) => c.id === spec.id)) throw new Error(`server '${spec.name}' has the same id as '${this.connections.find((c) => c.id === spec.id)!.name}' (the same server twice?)`);
    const c = new Connection(`c${this.nextAlias++}`, spec, this.connOpts, () => this.changed());
    this.connections = [...this.connections, c];
    this.reindex();
    this.changed();
    return c;
  }

  /** Removes a server while running: its session ends and its processes are stopped. */
  async remove(key: string): Promise<Connection> {
    const c = this.resolve(key);
    this.connections = this.connections.filter((x) => x !== c);
    this.reindex();
    this.changed();
    await c.close();
    return c;
  }

  /** Restarts a server (with a new spec, when its configuration changed), keeping its alias. */
  async restart(key: string, spec?: ConnectionSpec): Promise<Connection> {
    const old = this.resolve(key);
    await old.close();
    const c = new Connection(old.alias, spec ?? old.spec, this.connOpts, () => this.changed());
    this.connections = this.connections.map((x) => (x === old ? c : x));
    this.reindex();
    c.catalogVersion = old.catalogVersion + 1;
    this.changed();
    return c;
  }

  /** Servers starting right now (at most startConcurrency), and those waiting for a slot. */
  get starts(): { active: number; waiting: number } {
    return { active: this.gate.activeCount, waiting: this.gate.pendingCount };
  }

  /** Called on any state or catalog change (search index invalidation, metrics). */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  /** Sum of catalog versions: changes whenever any connection's catalog does. */
  get catalogVersion(): number {
    return this.connections.reduce((n, c) => n + c.catalogVersion, 0);
  }

  /** Finds a connection by alias, name or id. */
  get(key: string): Connection | undefined {
    return this.byKey.get(key);
  }

  /** Like `get`, but the error lists what exists and suggests the nearest key. */
  resolve(key: string): Connection {
    // `c2/everything` (how errors and searches name connections) works as well.
    const c = this.get(key) ?? this.get(key.split('/')[0]!);
    if (c) return c;
    const known = this.connections.map((x) => `${x.alias}/${x.name}`);
    throw new Error(
      `unknown connection '${key}'${didYouMean(key, [...this.byKey.keys()])}; known: ${known.length ? known.join(', ') : 'none (configure mcp= or mcpconfig=)'}`,
    );
  }

  /** Starts every connection (at most startConcurrency at once); failures are recorded on the connection, not thrown. */
  async connectAll(): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.getCatalog()));
  }

  /**
   * Catalogs of `conns`, each within `deadlineMs` (Infinity: wait for all). A connection that
   * cannot list is named in `unavailable`; one still starting or listing at the deadline is named
   * too and returned in `late` — it goes on in the background. One slow server never holds up the
   * answer for the others. `onCatalog` is told of each full catalog as it arrives, late ones too.
   */
  async loadCatalogs(conns: Connection[], refresh: boolean, deadlineMs: number, access?: Access, onCatalog?: (conn: Connection, catalog: Catalog) => void): Promise<LoadedCatalogs> {
    // A client's token may reach some servers only, and some of their tools.
    if (access) conns = conns.filter((c) => !this.policy.refuseServer(c.name, access));
    const LATE = Symbol('late');
    let timer: NodeJS.Timeout | undefined;
    // Infinity: wait for every connection (a timer would overflow).
    const deadline = new Promise<typeof LATE>((r) => {
      if (Number.isFinite(deadlineMs)) timer = setTimeout(() => r(LATE), deadlineMs);
    });
    const settled = await Promise.all(
      conns.map(async (c) => {
        const p = c.getCatalog(refresh);
        // A late failure is recorded on the connection, never unhandled; a listener's failure shows where the catalog is next used.
        p.then((cat) => onCatalog?.(c, cat)).catch(() => {});
        try {
          return await Promise.race([p, deadline]);
        } catch (e) {
          return e instanceof Error ? e : new Error(errorMessage(e));
        }
      }),
    );
    clearTimeout(timer);
    const out: LoadedCatalogs = { loaded: [], unavailable: [], late: [] };
    settled.forEach((s, i) => {
      const conn = conns[i]!;
      if (s === LATE) {
        out.late.push(conn);
        out.unavailable.push(`${conn.label}: no answer within ${deadlineMs} ms (${conn.state === 'connecting' ? 'still starting' : 'still listing'}); left out of this answer, it joins when ready`);
      } else if (s instanceof Error) out.unavailable.push(redact(errorMessage(s)));
      else out.loaded.push({ conn, catalog: access ? this.visible(conn, s, access) : s });
    });
    return out;
  }

  /** A catalog as a client with `access` may see it (the config's rules are applied already). */
  visible(conn: Connection, catalog: Catalog, access?: Access): Catalog {
    if (!access) return catalog;
    return { ...catalog, tools: catalog.tools.filter((t) => !conn.refusal(t, access)) };
  }

  /** The catalogs read so far, as a client with `access` may see them (connects nothing). */
  cachedCatalogs(access?: Access): Array<{ conn: Connection; catalog: Catalog }> {
    return this.connections.flatMap((c) => (c.cachedCatalog && !this.policy.refuseServer(c.name, access) ? [{ conn: c, catalog: this.visible(c, c.cachedCatalog, access) }] : []));
  }

  /** Sends a notification to every running server (e.g. notifications/roots/list_changed). */
  async notifyAll(method: string, params?: Record<string, unknown>): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.notify(method, params)));
  }

  /** A listing-safe description of one connection. */
  summarize(c: Connection): ConnectionSummary {
    const cat = c.cachedCatalog;
    const s: ConnectionSummary = {
      alias: c.alias,
      name: c.name,
      id: c.id,
      transport: c.activeTransport ?? c.spec.transport,
      state: c.state,
      // Redacted as a spec, so `--token x` args and URL credentials are masked too.
      target: c.spec.transport === 'stdio' ? (redact({ args: [c.spec.command!, ...(c.spec.args ?? [])] }).args as string[]).join(' ') : redact({ url: c.spec.url! }).url,
    };
    if (c.error) s.error = redact(c.error);
    if (c.serverInfo) s.server = { name: c.serverInfo.name, version: c.serverInfo.version };
    if (cat) {
      s.toolCount = cat.tools.length;
      if (cat.resources.length || cat.resourceTemplates.length) s.resourceCount = cat.resources.length + cat.resourceTemplates.length;
      if (cat.prompts.length) s.promptCount = cat.prompts.length;
      s.lastRefresh = new Date(cat.refreshedAt).toISOString();
    }
    return s;
  }

  /** Closes every connection in parallel, ending all child processes. */
  async close(): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.close()));
  }
}
