import { chmodSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { errorMessage } from '../util/errors.js';
import { readJsonLines } from '../util/json-lines.js';
import { log } from '../util/log.js';
import { checkRequest, MAX_MESSAGE_BYTES, type DaemonReply, type DaemonRequest } from './daemon-protocol.js';

/** How long a client connection may sit with no request in flight and nothing sent. */
const CLIENT_IDLE_MS = 60_000;

export interface DaemonOptions {
  socketPath: string;
  /** Hash of the configuration this daemon serves; a dispatch with another hash is refused. */
  hash: string;
  /** Runs one proxy-dispatch request. */
  dispatch: (request: unknown) => Promise<unknown>;
  /** What `status` shows besides pid, hash and times (no secrets: names and states only). */
  status: () => Record<string, unknown>;
  /** Shut down after this long with no request. */
  idleMs: number;
  /** Called once on idle expiry or a `stop` request. */
  onStop: (reason: string) => void;
  /** Most client connections at once (others are closed at once). */
  maxClients?: number;
}

export interface DaemonHandle {
  close(): Promise<void>;
}

/** True when something answers on the socket (another live daemon); false when it is stale or absent. */
export function socketAnswers(socketPath: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    const done = (v: boolean) => {
      s.destroy();
      resolve(v);
    };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    s.setTimeout(timeoutMs, () => done(false));
  });
}

/**
 * Serves the daemon protocol on a Unix socket (mode 0600, in a 0700 directory): requests on one
 * connection run in order; each message is bounded; the daemon stops itself after `idleMs`
 * without a request. A live daemon on the same path is never displaced; a stale socket is replaced.
 */
export async function serveDaemon(opts: DaemonOptions): Promise<DaemonHandle> {
  if (await socketAnswers(opts.socketPath)) throw new Error(`a daemon already serves ${opts.socketPath}`);
  try {
    unlinkSync(opts.socketPath); // stale, from a daemon that died without cleaning up
  } catch {
    // absent
  }
  const startedAt = Date.now();
  let lastUsed = startedAt;
  let active = 0;
  let requests = 0;
  let stopped = false;
  const clients = new Set<net.Socket>();
  const maxClients = opts.maxClients ?? 64;

  const stop = (reason: string) => {
    if (stopped) return;
    stopped = true;
    opts.onStop(reason);
  };
  const idleTimer = setInterval(() => {
    if (active === 0 && Date.now() - lastUsed >= opts.idleMs) stop(`idle for ${Math.round(opts.idleMs / 1000)} s`);
  }, Math.min(opts.idleMs, 5000));
  idleTimer.unref();

  const answer = async (req: DaemonRequest): Promise<DaemonReply> => {
    switch (req.op) {
      case 'ping':
        return { ok: true, pid: process.pid, hash: opts.hash };
      case 'status':
        return { ok: true, pid: process.pid, hash: opts.hash, startedAt, lastUsed, idleMs: opts.idleMs, requests, ...opts.status() };
      case 'stop':
        setImmediate(() => stop('asked to stop'));
        return { ok: true };
      case 'dispatch':
        if (req.hash !== opts.hash) return { ok: false, error: 'this daemon serves another configuration' };
        requests++;
        return { ok: true, response: await opts.dispatch(req.request) };
    }
  };

  const server = net.createServer((socket) => {
    if (clients.size >= maxClients || stopped) {
      socket.destroy();
      return;
    }
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => {}); // a client that vanished mid-answer
    let queue = Promise.resolve();
    let pending = 0;
    // A client that holds a connection without asking anything does not keep a slot forever.
    socket.setTimeout(CLIENT_IDLE_MS, () => {
      if (pending === 0) socket.destroy();
    });
    const send = (reply: DaemonReply) => {
      if (!socket.destroyed) socket.write(JSON.stringify(reply) + '\n');
    };
    readJsonLines(
      socket,
      MAX_MESSAGE_BYTES,
      (value) => {
        lastUsed = Date.now();
        active++;
        pending++;
        queue = queue
          .then(async () => {
            const req = checkRequest(value);
            send(typeof req === 'string' ? { ok: false, error: req } : await answer(req));
          })
          .catch((e) => send({ ok: false, error: errorMessage(e) }))
          .finally(() => {
            active--;
            pending--;
            lastUsed = Date.now();
          });
      },
      (problem) => {
        send({ ok: false, error: problem });
        socket.end();
      },
    );
  });
  server.maxConnections = maxClients;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => resolve());
  });
  chmodSync(opts.socketPath, 0o600);
  log.debug(`daemon: listening on ${opts.socketPath}`);
  return {
    close: async () => {
      clearInterval(idleTimer);
      for (const c of clients) c.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      try {
        unlinkSync(opts.socketPath);
      } catch {
        // already gone
      }
    },
  };
}
