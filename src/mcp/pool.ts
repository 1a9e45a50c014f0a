import type { ConnectionSpec } from '../config/spec.js';
import { redact } from '../util/redact.js';
import { nearest } from '../util/errors.js';
import { Connection, type ConnectionOptions, type ConnectionState } from './connection.js';

/** Defaults for a pool's connections. */
export const DEFAULT_CONNECTION_OPTIONS: ConnectionOptions = {
  callTimeoutMs: 60_000,
  connectTimeoutMs: 30_000,
  catalogTtlMs: 600_000,
  restartAttempts: 3,
  restartBaseDelayMs: 200,
  maxCooldownMs: 30_000,
  clientName: 'mini-a',
  clientVersion: '0.1.0',
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

/** All connections of a run, addressed by alias (`c1`), name or id. */
export class Pool {
  readonly connections: Connection[];
  private readonly byKey = new Map<string, Connection>();
  private readonly listeners = new Set<() => void>();

  constructor(specs: ConnectionSpec[], opts: Partial<ConnectionOptions> = {}) {
    const o = { ...DEFAULT_CONNECTION_OPTIONS, ...opts };
    this.connections = specs.map((s, i) => new Connection(`c${i + 1}`, s, o, () => this.changed()));
    // Aliases win over names, names over ids, so `c2` always means the second connection.
    for (const c of [...this.connections].reverse()) this.byKey.set(c.id, c);
    for (const c of [...this.connections].reverse()) this.byKey.set(c.name, c);
    for (const c of this.connections) this.byKey.set(c.alias, c);
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
    const hint = nearest(key, [...this.byKey.keys()]);
    throw new Error(
      `unknown connection '${key}'${hint ? ` (did you mean '${hint}'?)` : ''}; known: ${known.length ? known.join(', ') : 'none (configure mcp= or mcpconfig=)'}`,
    );
  }

  /** Connects every connection in parallel; failures are recorded on the connection, not thrown. */
  async connectAll(): Promise<void> {
    await Promise.allSettled(this.connections.map((c) => c.getCatalog()));
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
