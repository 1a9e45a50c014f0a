import { readdirSync } from 'node:fs';
import path from 'node:path';
import { UsageError, errorMessage } from '../util/errors.js';
import { onShutdown, shutdownAndExit } from '../util/lifecycle.js';
import { log } from '../util/log.js';
import { privateRuntimeDir } from '../util/runtime-dir.js';
import { DaemonConnection, startDaemon } from './daemon-client.js';
import { configHash, socketFor } from './daemon-config.js';
import { OPTIONS, type OptionDef, type Options } from './options.js';
import { parseCommandLine } from './parse.js';
import { runSpecs } from './run-command.js';

/** Options a daemon cannot take: they describe one call or one agent run, not servers. */
const JOB_OPTIONS = ['dispatch', 'goal', 'goals', 'shard', 'concurrency', 'outfile', 'format', 'model', 'usetools', 'maxsteps', 'mcpproxy', 'keepalive', 'usedaemon'] as const;

/** `mini-a daemon [start|stop|status]`; returns the exit code. */
export async function runDaemonCommand(action: string | undefined, given: Options): Promise<number> {
  let o = given;
  // A daemon started by keepalive=true / daemon start gets its options here (not in argv: `ps` shows argv).
  const fromEnv = process.env.MINI_A_DAEMON_OPTIONS;
  if (fromEnv !== undefined && action === undefined) {
    delete process.env.MINI_A_DAEMON_OPTIONS;
    const pairs = Object.entries(JSON.parse(fromEnv) as Record<string, string>).map(([k, v]) => `${k}=${v}`);
    o = parseCommandLine(['daemon', ...pairs], 'mini-a').options;
  }
  for (const k of JOB_OPTIONS) {
    const v = (given as Record<string, unknown>)[k];
    const def: OptionDef = OPTIONS[k];
    if (v !== undefined && v !== def.default) {
      throw new UsageError(`${k}= is not a daemon option: a daemon takes connection and spill options (mcp=, mcpconfig=, mcpproxythreshold=, daemonidle= …)`);
    }
  }
  if (action === 'status') return status();
  if (action === 'stop') return stop(o);
  const specs = runSpecs(o);
  if (!specs.length) throw new UsageError('no MCP servers: give mcp="[(bundled: time)]", mcp=@auto or mcpconfig=FILE');
  const dir = privateRuntimeDir(true)!;
  const hash = configHash(o, specs);
  const socketPath = socketFor(dir, hash);
  if (action === 'start') {
    if (await DaemonConnection.open(socketPath).then((c) => (c?.close(), !!c))) {
      process.stderr.write(`mini-a daemon: already running for this configuration at ${socketPath}\n`);
      return 0;
    }
    if (!(await startDaemon(o, socketPath))) return 1;
    process.stderr.write(`mini-a daemon: started for ${specs.length} server(s) at ${socketPath}\n`);
    return 0;
  }
  return serveForeground(o, specs, hash, socketPath);
}

async function serveForeground(o: Options, specs: ReturnType<typeof runSpecs>, hash: string, socketPath: string): Promise<number> {
  const { createRuntime } = await import('./runtime.js');
  const { serveDaemon } = await import('../server/daemon.js');
  // The daemon has no terminal: elicitation is declined unless elicit= says otherwise, and a server
  // that needs an OAuth login says to run `mini-a auth=…` rather than wait for a browser.
  (await import('../mcp/oauth/index.js')).setInteractiveLogin(false);
  const rt = await createRuntime({ ...o, quiet: true }, specs, { deferStart: true });
  void rt.startAll();
  const handle = await serveDaemon({
    socketPath,
    hash,
    idleMs: o.daemonidle,
    dispatch: (req) => rt.dispatcher.dispatch(req),
    status: () => ({ cwd: process.cwd(), connections: rt.pool.connections.map((c) => ({ alias: c.alias, name: c.name, state: c.state })) }),
    onStop: (reason) => {
      log.info(`daemon: ${reason}; shutting down`);
      void shutdownAndExit(0);
    },
  });
  onShutdown(() => handle.close());
  if (!o.quiet) process.stderr.write(`mini-a daemon: serving ${specs.length} server(s) at ${socketPath}; stops after ${Math.round(o.daemonidle / 1000)} s idle\n`);
  return new Promise<number>(() => {}); // until idle, `mini-a daemon stop`, SIGINT or SIGTERM
}

/** Every daemon socket of this user. */
function sockets(): string[] {
  const dir = privateRuntimeDir(false);
  if (!dir) return [];
  return readdirSync(dir)
    .filter((f) => /^d-[0-9a-f]+\.sock$/.test(f))
    .map((f) => path.join(dir, f));
}

async function status(): Promise<number> {
  let n = 0;
  for (const s of sockets()) {
    const c = await DaemonConnection.open(s, 1000);
    if (!c) continue;
    try {
      const r = await c.request({ op: 'status' });
      if (!r.ok) continue;
      n++;
      const conns = (r.connections as Array<{ alias: string; name: string; state: string }>).map((x) => `${x.alias}/${x.name} ${x.state}`).join(', ');
      const idle = Math.round((Date.now() - Number(r.lastUsed)) / 1000);
      process.stdout.write(`pid ${r.pid}  ${path.basename(s)}  cwd ${r.cwd}\n  ${conns}\n  ${r.requests} request(s), idle ${idle} s of ${Math.round(Number(r.idleMs) / 1000)} s\n`);
    } catch (e) {
      log.debug(`daemon status ${s}: ${errorMessage(e)}`);
    } finally {
      c.close();
    }
  }
  if (!n) process.stdout.write('no daemon is running\n');
  return 0;
}

/** Stops the daemon of the given configuration, or every daemon of this user when none is given. */
async function stop(o: Options): Promise<number> {
  const specific = o.mcp || o.mcpconfig || o.useutils;
  let targets = sockets();
  if (specific) {
    const dir = privateRuntimeDir(false);
    targets = dir ? [socketFor(dir, configHash(o, runSpecs(o)))] : [];
  }
  let n = 0;
  for (const s of targets) {
    const c = await DaemonConnection.open(s, 1000);
    if (!c) continue;
    const r = await c.request({ op: 'stop' }).catch(() => undefined);
    c.close();
    if (r?.ok) n++;
  }
  process.stderr.write(`mini-a daemon: stopped ${n} daemon(s)\n`);
  return 0;
}
