import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { ConnectionSpec } from '../config/index.js';
import { PROTOCOL, type DaemonReply } from '../server/daemon-protocol.js';
import { errorMessage } from '../util/errors.js';
import { readJsonLines } from '../util/json-lines.js';
import { log } from '../util/log.js';
import { PACKAGE_ROOT } from '../util/package.js';
import { privateRuntimeDir } from '../util/runtime-dir.js';
import { configHash, explicitOptions, socketFor } from './daemon-config.js';
import { runRequests } from './dispatch-command.js';
import type { Options } from './options.js';

/** Largest answer a client reads from its daemon (spills keep real answers far below this). */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/** One connection to a daemon: requests go out one at a time, answers come back in order. */
export class DaemonConnection {
  private waiting: Array<{ resolve: (r: DaemonReply) => void; reject: (e: Error) => void }> = [];
  private closedError?: Error;

  private constructor(private readonly socket: net.Socket) {
    readJsonLines(
      socket,
      MAX_REPLY_BYTES,
      (value) => this.waiting.shift()?.resolve(value as DaemonReply),
      (problem) => this.fail(new Error(`daemon: ${problem}`)),
    );
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('the daemon closed the connection')));
  }

  private fail(e: Error): void {
    this.closedError ??= e;
    for (const w of this.waiting.splice(0)) w.reject(this.closedError);
    this.socket.destroy();
  }

  /** Connects, or resolves undefined when nothing listens there (no daemon, or a stale socket). */
  static open(socketPath: string, timeoutMs = 2000): Promise<DaemonConnection | undefined> {
    return new Promise((resolve) => {
      const s = net.connect(socketPath);
      const t = setTimeout(() => {
        s.destroy();
        resolve(undefined);
      }, timeoutMs);
      s.once('connect', () => {
        clearTimeout(t);
        s.removeAllListeners('error');
        resolve(new DaemonConnection(s));
      });
      s.once('error', () => {
        clearTimeout(t);
        resolve(undefined);
      });
    });
  }

  /** Sends one message and waits for its answer. */
  request(msg: Record<string, unknown>): Promise<DaemonReply> {
    if (this.closedError) return Promise.reject(this.closedError);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(JSON.stringify({ v: PROTOCOL, ...msg }) + '\n');
    });
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }
}

/**
 * Starts a daemon for this run's configuration in the background and waits until it answers.
 * Options travel in the environment, not in argv, so secrets in them stay out of `ps`.
 */
export async function startDaemon(o: Options, socketPath: string, waitMs = 30_000): Promise<boolean> {
  const entry = path.join(PACKAGE_ROOT, 'dist/src/cli/mini-a.js');
  const given = { ...explicitOptions(o), daemonidle: String(o.daemonidle) };
  const child = spawn(process.execPath, [entry, 'daemon'], {
    detached: true,
    stdio: 'ignore',
    cwd: process.cwd(),
    env: { ...process.env, MINI_A_DAEMON_OPTIONS: JSON.stringify(given) },
  });
  child.unref();
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  child.once('error', () => (exited = -1));
  const end = Date.now() + waitMs;
  while (Date.now() < end && exited === undefined) {
    const c = await DaemonConnection.open(socketPath, 500);
    if (c) {
      const pong = await c.request({ op: 'ping' }).catch(() => undefined);
      c.close();
      if (pong?.ok) return true;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  log.warn(`keepalive: the daemon did not start${exited !== undefined ? ` (exit code ${exited})` : ''}; running without it (mini-a daemon … shows why)`);
  return false;
}

/**
 * dispatch= through a daemon with this exact configuration: resolves the exit code, or undefined
 * when there is no such daemon (and keepalive=true could not start one), so the caller runs cold.
 */
export async function dispatchViaDaemon(o: Options, specs: ConnectionSpec[]): Promise<number | undefined> {
  let dir: string | undefined;
  try {
    dir = privateRuntimeDir(o.keepalive);
  } catch (e) {
    log.warn(`daemon: ${errorMessage(e)}`);
    return undefined;
  }
  if (!dir) return undefined;
  const hash = configHash(o, specs);
  const socketPath = socketFor(dir, hash);
  let conn = await DaemonConnection.open(socketPath);
  if (!conn && o.keepalive && (await startDaemon(o, socketPath))) conn = await DaemonConnection.open(socketPath);
  if (!conn) return undefined;
  try {
    return await runOverDaemon(conn, hash, o.dispatch!, o.format === 'pretty');
  } finally {
    conn.close();
  }
}

async function runOverDaemon(conn: DaemonConnection, hash: string, request: string, pretty: boolean): Promise<number | undefined> {
  return runRequests(request, pretty, async (req) => {
    const reply = await conn.request({ op: 'dispatch', hash, request: req });
    if (!reply.ok) {
      // Declined: the caller runs the request cold instead.
      if (reply.error === 'this daemon serves another configuration') return undefined;
      throw new Error(`daemon: ${reply.error}`);
    }
    return reply.response as { isError?: boolean };
  });
}
