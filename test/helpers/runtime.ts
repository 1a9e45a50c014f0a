import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const dispatcher = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [process.cwd()], spill, ...opts });
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

const made: string[] = [];

/** Removes every directory tempDir made (test/setup.ts runs it after each test file). */
export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A fresh temp directory, removed after its test file. */
export function tempDir(prefix = 'mini-a-test-'): string {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(d);
  return d;
}
