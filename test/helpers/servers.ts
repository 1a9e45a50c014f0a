import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const nm = (p: string) => path.join(ROOT, 'node_modules', p);

/** Command lines of the real servers used in tests (spawned with node, never npx). */
export const SERVERS = {
  everything: `node ${nm('@modelcontextprotocol/server-everything/dist/index.js')}`,
  filesystem: (dir: string) => `node ${nm('@modelcontextprotocol/server-filesystem/dist/index.js')} ${dir}`,
  memory: `node ${nm('@modelcontextprotocol/server-memory/dist/index.js')}`,
  time: `node ${path.join(ROOT, 'dist/mcps/time.js')}`,
  utils: (root: string, rw = false) => `node ${path.join(ROOT, 'dist/mcps/utils.js')} --root ${root}${rw ? ' --readwrite' : ''}`,
  crashy: `node ${path.join(ROOT, 'test/fixtures/crashy-server.mjs')}`,
  hang: `node ${path.join(ROOT, 'test/fixtures/hang-server.mjs')}`,
  noisy: `node ${path.join(ROOT, 'test/fixtures/noisy-server.mjs')}`,
  shape: `node ${path.join(ROOT, 'test/fixtures/shape-server.mjs')}`,
};

/** Built CLI entry points. */
export const BIN = {
  miniA: path.join(ROOT, 'dist/src/cli/mini-a.js'),
  miniAProxy: path.join(ROOT, 'dist/src/cli/mini-a-proxy.js'),
};

/** True while a process with this pid runs (a zombie waiting to be reaped counts as ended). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/PID/stat: "pid (comm) STATE …"; Z = exited, not yet reaped by its (new) parent.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `fn` is true or the time is up. */
export async function waitFor(fn: () => boolean | Promise<boolean>, ms = 5000, step = 25): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return fn();
}
