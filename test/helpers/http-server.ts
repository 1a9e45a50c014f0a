import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './servers.js';
import path from 'node:path';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts the reference `everything` server over HTTP ('streamableHttp' or 'sse') and waits until it listens. */
export async function startEverythingHttp(kind: 'streamableHttp' | 'sse'): Promise<{ port: number; child: ChildProcess; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), kind], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('everything did not start')), 15_000);
    child.stderr!.on('data', (d: Buffer) => {
      if (/listening|running/i.test(d.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error('everything exited')));
  });
  return { port, child, stop: () => child.kill('SIGKILL') };
}
