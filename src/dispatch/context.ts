import type { Prompt, Resource, ResourceTemplate, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Requester } from '../mcp/client-hooks.js';
import type { Catalog, Connection, Progress } from '../mcp/connection.js';
import type { Access } from '../mcp/policy.js';
import type { LoadedCatalogs, Pool } from '../mcp/pool.js';
import type { SpillStore } from '../spill/store.js';
import { errorMessage, nearest } from '../util/errors.js';
import { redact } from '../util/redact.js';
import { DispatchError } from './request.js';
import type { CapabilityType } from './schema.js';
import { matchesTemplate } from '../mcp/uri-template.js';
import { entriesOf, SearchIndex, type SearchHit, type SearchOptions } from './search-index.js';

/** What proxy-dispatch answers: a JSON object; errors carry `isError: true` and `error`. */
export type DispatchResponse = Record<string, unknown> & { isError?: boolean };

/** One finished request, for progress lines, metrics and the savings report. */
export interface DispatchEvent {
  action: string;
  tool?: string;
  connection?: string;
  /** Serialized size of the result data (before any spill). */
  bytes?: number;
  spilled?: boolean;
  resultFile?: string;
  isError: boolean;
  error?: string;
  ms: number;
}

/** Settings of a dispatcher. */
export interface DispatcherOptions {
  /** Spill results larger than this many bytes (0 = off); a call's resultSizeThreshold wins. */
  threshold: number;
  /** Write spilled object/array results as TOON. */
  toon: boolean;
  /** Directories argumentsFile may read from (besides spill files). */
  argsRoots: string[];
  /** Where spills go; without one, resultToFile and auto-spill are errors and readresult is off. */
  spill?: SpillStore;
  /** Called after every request. */
  onEvent?: (e: DispatchEvent) => void;
  /** list and search answer within this time with the servers that are ready (default 3000 ms). */
  listTimeoutMs?: number;
  /** action=batch: calls running at once (default 8). */
  batchConcurrency?: number;
  /** action=run: wall time of one script (default 30000 ms). */
  runTimeoutMs?: number;
  /** action=run: memory of one script's QuickJS runtime (default 64 MB). */
  runMemoryMb?: number;
  /** action=run: mcp.* calls one script may make (default 100). */
  runMaxCalls?: number;
}

export const DEFAULT_BATCH_CONCURRENCY = 8;
export const DEFAULT_RUN_TIMEOUT_MS = 30_000;
export const DEFAULT_RUN_MEMORY_MB = 64;
export const DEFAULT_RUN_MAX_CALLS = 100;

/** Error names whose message is meant for the model as it is (anything else is an internal error). */
const KNOWN_ERRORS = new Set(['DispatchError', 'ConnectionError', 'PathRefused', 'SelectError', 'SandboxError']);

/** An error as the model should read it: known errors as they are, others marked internal; secrets redacted. */
export function describeError(e: unknown): string {
  const known = e instanceof Error && KNOWN_ERRORS.has(e.name);
  return redact(known ? errorMessage(e) : `internal error: ${errorMessage(e)}`);
}

/** Per-request context from whoever asked: cancellation, progress, and on whose behalf. */
export interface RequestContext {
  signal?: AbortSignal;
  /** Progress a server reports while a call runs. */
  onProgress?: (p: Progress) => void;
  /** The upstream client a call runs for (mini-a-proxy routes server-to-client requests to it). */
  requester?: Requester;
  /** How a spill answer says to read the file back (default: with action=readresult). */
  readHint?: (file: string) => string;
  /** What that client may reach (its HTTP token's rules). */
  access?: Access;
}

/** Running totals, for the savings report and metrics. */
export interface DispatchStats {
  requests: number;
  errors: number;
  calls: number;
  spills: number;
  /** Bytes that went to files instead of the model's context. */
  bytesKeptOut: number;
  largestSpill?: { bytes: number; estimatedTokens: number; tool: string; connection: string };
}

/** A connection with its catalog as read for this request. */
export type Loaded = { conn: Connection; catalog: Catalog };

/** The search index seen through the connections of one request. */
export interface ScopedSearch {
  search(query: string, opts?: Omit<SearchOptions, 'connections'>): SearchHit[];
}

/** A capability found by name, with the connection that offers it. */
export type Resolved = { conn: Connection; cap: Tool | Resource | ResourceTemplate | Prompt | undefined };

/** What every action shares: the pool, the options, running totals, catalogs and the search index. */
export class DispatchContext {
  readonly stats: DispatchStats = { requests: 0, errors: 0, calls: 0, spills: 0, bytesKeptOut: 0 };
  private readonly index = new SearchIndex();
  /** Catalog version of each connection as indexed. */
  private readonly indexed = new Map<string, number>();

  constructor(
    readonly pool: Pool,
    readonly opts: DispatcherOptions,
  ) {}

  /**
   * Catalogs of `conns` within the list deadline, as `access` may see them (see Pool.loadCatalogs).
   * `index`: each catalog joins the search index as it arrives, while the slower servers are still
   * starting, not all at once after the last (4,000 tools took 490 to 900 ms in a fresh process).
   */
  load(conns: Connection[], refresh: boolean, deadlineMs = this.opts.listTimeoutMs ?? 3000, access?: Access, index = false): Promise<LoadedCatalogs> {
    return this.pool.loadCatalogs(conns, refresh, deadlineMs, access, index ? (conn, catalog) => this.indexOne(conn, catalog) : undefined);
  }

  /** Puts `conn`'s catalog in the search index unless this version of it is there already. */
  private indexOne(conn: Connection, catalog: Catalog): void {
    if (this.indexed.get(conn.alias) === conn.catalogVersion) return;
    // The server's own name and title ("github-mcp-server", "GitHub") name it as well as the
    // configured name does: a connection named c3, or after a host, is still found by "in github".
    // Measured over the large catalog with package names standing in for the servers' own: named
    // c1..c137, 0.773 / 0.932 top-1 / top-5 alone and 0.838 / 0.966 with them (0.846 / 0.968 named).
    const info = conn.serverInfo;
    const server = [conn.name, info?.title, info?.name].map((s) => (typeof s === 'string' ? s.slice(0, 120) : '')).join(' ');
    // Indexed as everyone may see it; one client's narrower view is applied to the hits.
    this.index.setConnection(conn.alias, entriesOf(conn.alias, server, conn.cachedCatalog ?? catalog));
    this.indexed.set(conn.alias, conn.catalogVersion);
  }

  /**
   * The search index over `loaded`: one index for all connections, where a connection's entries are
   * replaced only when its catalog changed, searched within the connections of this request.
   */
  indexFor(loaded: Loaded[], access?: Access): ScopedSearch {
    for (const { conn, catalog } of loaded) this.indexOne(conn, catalog);
    const connections = new Set(loaded.map((l) => l.conn.alias));
    let accept: SearchOptions['accept'];
    if (access) {
      const visible = new Set(loaded.flatMap((l) => l.catalog.tools.map((t) => `${l.conn.alias}\0${t.name}`)));
      accept = (alias, type, name) => type !== 'tool' || visible.has(`${alias}\0${name}`);
    }
    return { search: (query, opts = {}) => this.index.search(query, { ...opts, connections, ...(accept ? { accept } : {}) }) };
  }

  /** Every connection `access` may reach, or the one `key` names (an unknown or refused key is a DispatchError). */
  connectionsFor(key: string | undefined, access?: Access): Connection[] {
    const policy = this.pool.policy;
    if (key === undefined) return access ? this.pool.connections.filter((c) => !policy.refuseServer(c.name, access)) : this.pool.connections;
    let conn: Connection;
    try {
      conn = this.pool.resolve(key);
    } catch (e) {
      throw new DispatchError(errorMessage(e));
    }
    const refused = policy.refuseServer(conn.name, access);
    if (refused) throw new DispatchError(`${conn.alias}/${conn.name} is refused by ${refused.rule}`);
    return [conn];
  }

  /** Finds a tool, resource or prompt by name; ambiguity and unknown names are errors with suggestions. */
  async resolve(name: string, type: CapabilityType, connection: string | undefined, refresh = false, access?: Access): Promise<Resolved> {
    const conns = this.connectionsFor(connection, access);
    // A named connection is waited for; otherwise slow servers are not (see load), unless the
    // name is found nowhere else.
    let { loaded, unavailable, late } = await this.load(conns, refresh, connection ? Infinity : undefined, access);
    const has = (cat: Catalog) =>
      type === 'tool' ? cat.tools.some((t) => t.name === name) : type === 'prompt' ? cat.prompts.some((p) => p.name === name) : cat.resources.some((r) => r.uri === name) || cat.resourceTemplates.some((t) => matchesTemplate(t.uriTemplate, name));
    const lateWithIt = late.filter((c) => c.cachedCatalog && has(c.cachedCatalog));
    if (late.length && (lateWithIt.length || !loaded.some((l) => has(l.catalog)))) {
      ({ loaded, unavailable } = await this.load(conns, false, Infinity, access));
    }
    const find = (cat: Catalog) =>
      type === 'tool' ? cat.tools.find((t) => t.name === name)
        : type === 'prompt' ? cat.prompts.find((p) => p.name === name)
          : (cat.resources.find((r) => r.uri === name) ?? cat.resourceTemplates.find((t) => matchesTemplate(t.uriTemplate, name)));
    // A resource of a named connection may be readable without being listed (dynamic URIs).
    if (type === 'resource' && connection) return { conn: conns[0]!, cap: loaded[0] ? find(loaded[0].catalog) : undefined };
    if (connection && unavailable.length) throw new DispatchError(unavailable[0]!);
    const found = loaded.map((l) => ({ conn: l.conn, cap: find(l.catalog) })).filter((x) => x.cap);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      const cands = found.map((f) => `${f.conn.alias}/${f.conn.name}`).join(', ');
      throw new DispatchError(`${type} '${name}' exists on several connections: ${cands}; pass connection (e.g. "connection":"${found[0]!.conn.alias}")`);
    }
    // A tool the server has but a rule keeps out of reach: say which rule.
    if (type === 'tool') {
      for (const l of loaded) {
        const r = l.conn.refusalOf(name, access);
        if (r) throw new DispatchError(`tool '${name}' (${l.conn.alias}/${l.conn.name}) is refused by ${r.rule}`);
      }
    }
    // Not found: suggest by spelling first, then by meaning.
    const names = loaded.flatMap((l) =>
      (type === 'tool' ? l.catalog.tools.map((t) => t.name) : type === 'prompt' ? l.catalog.prompts.map((p) => p.name) : l.catalog.resources.map((r) => r.uri)).map((n) => ({ n, c: l.conn })),
    );
    const close = nearest(name, names.map((x) => x.n));
    let hint = '';
    if (close) {
      const c = names.find((x) => x.n === close)!.c;
      hint = ` Did you mean '${close}' (${c.alias}/${c.name})?`;
    } else {
      const hits = this.indexFor(loaded, access).search(name, { limit: 3, type });
      if (hits.length) hint = ` Did you mean ${hits.map((h) => `'${h.name}' (${h.connection})`).join(', ')}?`;
    }
    const where = connection ? ` on ${conns[0]!.alias}/${conns[0]!.name}` : '';
    const down = unavailable.length ? ` (unavailable: ${unavailable.join('; ')})` : '';
    throw new DispatchError(`unknown ${type} '${name}'${where}${down}.${hint} Use action=search to find ${type}s.`);
  }
}

/** Annotations without their false/empty entries (what a listing needs to show). */
export function compactAnnotations(a: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!a) return undefined;
  const out = Object.fromEntries(Object.entries(a).filter(([, v]) => v !== false && v !== undefined && v !== null));
  return Object.keys(out).length ? out : undefined;
}
