import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { freePort } from './http-server.js';
import { BIN, ROOT } from './servers.js';

/** A mini-a-proxy process serving HTTP, and what it wrote on stderr so far. */
export interface HttpProxy {
  child: ChildProcess;
  port: number;
  url: string;
  base: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** Waits until `child`'s stderr contains `marker` (rejects if it exits first or after 20 s). */
export function waitForStderr(child: ChildProcess, marker: string, read: () => string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no '${marker}' line: ${read()}`)), 20_000);
    const check = () => {
      if (read().includes(marker)) {
        clearTimeout(t);
        child.stderr!.off('data', check);
        resolve();
      }
    };
    child.stderr!.on('data', check);
    child.once('exit', () => reject(new Error(`exited: ${read()}`)));
    check();
  });
}

/** Starts `dist` mini-a-proxy over HTTP on a free port and waits for its "serving" line. */
export async function startHttpProxy(args: string[], o: { env?: NodeJS.ProcessEnv; spawnOptions?: SpawnOptions } = {}): Promise<HttpProxy> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN.miniAProxy, 'transport=http', `port=${port}`, ...args], { cwd: ROOT, env: { ...process.env, ...o.env }, stdio: ['ignore', 'ignore', 'pipe'], ...o.spawnOptions });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await waitForStderr(child, 'serving', () => stderr);
  return { child, port, url: `http://127.0.0.1:${port}/mcp`, base: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}
