import path from 'node:path';
import type { ConnectionSpec } from '../config/index.js';
import { Dispatcher, type DispatchEvent } from '../dispatch/dispatcher.js';
import type { ClientHooks } from '../mcp/client-hooks.js';
import { parseToolRules } from '../config/spec.js';
import { parseSlon, SlonError } from '../config/slon.js';
import { Policy } from '../mcp/policy.js';
import { Pool } from '../mcp/pool.js';
import { ResultCache } from '../mcp/result-cache.js';
import { UsageError } from '../util/errors.js';
import { SpillStore } from '../spill/store.js';
import { onShutdown } from '../util/lifecycle.js';
import type { Options } from './options.js';
import { VERSION } from './run.js';

/** An option's SLON (or JSON) value; a syntax error is a usage error naming the option. */
function parseOption(name: string, text: string): unknown {
  try {
    return parseSlon(text);
  } catch (e) {
    if (e instanceof SlonError) throw new UsageError(`${name}: ${e.message}`);
    throw e;
  }
}

/** The live parts of a run: connections, spill store and the dispatcher over them. */
export interface Runtime {
  pool: Pool;
  spill: SpillStore;
  dispatcher: Dispatcher;
  /** Starts every server now (not mcplazy); settles when each has started or failed. */
  startAll: () => Promise<void>;
}

/** How a runtime is made: where server requests go, and whether the eager start waits. */
export interface RuntimeOptions {
  /** Answers what servers ask of the client; default: mini-a answering for itself. */
  hooks?: ClientHooks;
  onEvent?: (e: DispatchEvent) => void;
  /** Do not start servers now (mini-a-proxy starts them once its first client has said who it is). */
  deferStart?: boolean;
}

/** Wires options and specs into a pool, a spill store and a dispatcher; all are cleaned up at shutdown. */
export async function createRuntime(o: Options, specs: ConnectionSpec[], ro: RuntimeOptions = {}): Promise<Runtime> {
  const policy = new Policy(o.tools ? parseToolRules('tools', parseOption('tools', o.tools)) : undefined);
  // Caching is on when a default lifetime is set, or when a server sets its own.
  const cache = o.cachettl > 0 || specs.some((s) => (s.cache?.ttl ?? 0) > 0) ? new ResultCache({ ttlMs: o.cachettl, maxBytes: o.cachemax }) : undefined;
  const pool = new Pool(specs, {
    policy,
    ...(cache ? { cache } : {}),
    callTimeoutMs: o.mcptimeout,
    maxCallMs: o.maxcalltime,
    startTimeoutMs: o.starttimeout,
    startConcurrency: o.startconcurrency,
    catalogTtlMs: o.toolcachettl,
    clientVersion: VERSION,
    ...(ro.hooks ? { hooks: ro.hooks } : {}),
  });
  onShutdown(() => pool.close());
  const spill = await SpillStore.create({ dir: o.spilldir, keep: o.keepresults });
  if (!o.quiet) onShutdown(() => spill.announceKept());
  const argsRoots = (o.argsroots ?? process.cwd()).split(',').filter(Boolean).map((r) => path.resolve(r));
  const dispatcher = new Dispatcher(pool, {
    threshold: o.mcpproxythreshold,
    toon: o.mcpproxytoon,
    argsRoots,
    spill,
    onEvent: ro.onEvent,
    listTimeoutMs: o.listtimeout,
    batchConcurrency: o.batchconcurrency,
    runTimeoutMs: o.runtimeout,
    runMemoryMb: o.runmemory,
    runMaxCalls: o.runcalls,
  });
  let started: Promise<void> | undefined;
  const startAll = () => (started ??= o.mcplazy ? Promise.resolve() : pool.connectAll());
  // Eager start: all at once (bounded by startconcurrency); requests that need a server wait for it.
  if (!ro.deferStart) await startAll();
  return { pool, spill, dispatcher, startAll };
}
