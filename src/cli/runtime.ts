import path from 'node:path';
import type { ConnectionSpec } from '../config/index.js';
import { Dispatcher, type DispatchEvent } from '../dispatch/dispatcher.js';
import { Pool } from '../mcp/pool.js';
import { SpillStore } from '../spill/store.js';
import { onShutdown } from '../util/lifecycle.js';
import type { Options } from './options.js';
import { VERSION } from './run.js';

/** The live parts of a run: connections, spill store and the dispatcher over them. */
export interface Runtime {
  pool: Pool;
  spill: SpillStore;
  dispatcher: Dispatcher;
  /** Settles when the eager start (not mcplazy) has finished, however each connection fared. */
  ready: Promise<void>;
}

/** Wires options and specs into a pool, a spill store and a dispatcher; all are cleaned up at shutdown. */
export async function createRuntime(o: Options, specs: ConnectionSpec[], onEvent?: (e: DispatchEvent) => void, opts: { background?: boolean } = {}): Promise<Runtime> {
  const pool = new Pool(specs, { callTimeoutMs: o.mcptimeout, catalogTtlMs: o.toolcachettl, clientVersion: VERSION });
  onShutdown(() => pool.close());
  const spill = await SpillStore.create({ dir: o.spilldir, keep: o.keepresults });
  if (!o.quiet) onShutdown(() => spill.announceKept());
  const argsRoots = (o.argsroots ?? process.cwd()).split(',').filter(Boolean).map((r) => path.resolve(r));
  const dispatcher = new Dispatcher(pool, { threshold: o.mcpproxythreshold, toon: o.mcpproxytoon, argsRoots, spill, onEvent });
  // Eager start: all at once; a server may start serving before they are up (requests wait for them).
  const ready = o.mcplazy ? Promise.resolve() : pool.connectAll();
  if (!opts.background) await ready;
  return { pool, spill, dispatcher, ready };
}
