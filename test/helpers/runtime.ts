import { tmpdir } from 'node:os';
import { parseMcpOption, uniqueNames } from '../../src/config/spec.js';
import { Dispatcher, type DispatcherOptions } from '../../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../../src/mcp/local-hooks.js';
import { Pool } from '../../src/mcp/pool.js';
import { SpillStore } from '../../src/spill/store.js';

/** A pool, spill store and dispatcher over real servers, for tests; `close()` ends everything. */
export async function makeDispatcher(mcp: string, opts: Partial<DispatcherOptions> & { spillDir?: string; roots?: string[] } = {}) {
  // Servers that honour roots (filesystem) work in the temp directories tests make.
  const hooks = new LocalClientHooks({ roots: opts.roots ?? [process.cwd(), tmpdir()], elicit: 'decline' });
  const pool = new Pool(uniqueNames(parseMcpOption(mcp)), { baseDelayMs: 50, hooks });
  const spill = await SpillStore.create(opts.spillDir ? { dir: opts.spillDir } : {});
  // A loaded CI machine can take more than the 3 s list deadline to start several servers at once;
  // tests of the deadline itself pass their own listTimeoutMs.
  const dispatcher = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [process.cwd()], spill, listTimeoutMs: 30_000, ...opts });
  return {
    pool,
    spill,
    dispatcher,
    d: (req: unknown) => dispatcher.dispatch(req),
    close: async () => {
      await pool.close();
      await spill.cleanup();
    },
  };
}

// Kept apart so test/setup.ts loads no SDK or dispatcher into files that never use them.
export { removeTempDirs, tempDir } from './temp-dirs.js';
