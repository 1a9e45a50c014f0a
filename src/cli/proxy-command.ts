import { loadConnections } from '../config/index.js';
import { registerSecret } from '../util/redact.js';
import { ProxyMetrics } from '../server/metrics.js';
import { Namespacer, NameCollision } from '../server/naming.js';
import { MaggTool } from '../server/magg.js';
import { DispatchProxy, oneToolServer } from '../server/proxy-server.js';
import { UpstreamRouter } from '../server/upstream.js';
import { RateLimiter } from '../server/rate-limit.js';
import { serveHttp } from '../server/http.js';
import { serveStdio, watchParent } from '../server/stdio.js';
import { TransparentProxy } from '../server/transparent-server.js';
import { UsageError, errorMessage } from '../util/errors.js';
import { onShutdown, shutdownAndExit } from '../util/lifecycle.js';
import type { Options } from './options.js';
import { VERSION } from './run.js';
import { createRuntime } from './runtime.js';
import { createRequire } from 'node:module';
import { LiveServers } from '../server/live-servers.js';
import { TokenBook } from '../server/tokens.js';
import { log } from '../util/log.js';
import type { Access } from '../mcp/policy.js';

/** mini-a-proxy: serves proxy-dispatch (or transparent aggregation) over stdio or HTTP; returns the exit code. */
export async function runProxy(o: Options, startParent: number): Promise<number> {
  const specs = loadConnections(o);
  if (!specs.length) throw new UsageError('no MCP servers: give mcp="[(cmd: …)]" or mcpconfig=FILE');
  const token = o.token ?? process.env.MINI_A_PROXY_TOKEN;
  if (token) registerSecret(token, 'token');
  const controlToken = o.controltoken ?? process.env.MINI_A_CONTROL_TOKEN;
  if (controlToken) registerSecret(controlToken, 'token');
  if (o.transport === 'stdio' && (token || o.ratelimit || o.tokens || controlToken)) throw new UsageError('token=, tokens=, controltoken= and ratelimit= apply to transport=http only');
  if (o.watchconfig && !o.mcpconfig) throw new UsageError('watchconfig=true reads mcpconfig= again when it changes: give mcpconfig=FILE');
  if (controlToken && token && controlToken === token) throw new UsageError('controltoken= must differ from token= (the control API adds and removes servers)');
  // Several tokens, each with its own rules, read again when the file changes.
  const tokens = o.tokens ? TokenBook.open(o.tokens, (t) => (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(t)) : undefined;
  if (o.mode === 'transparent' && o.dialect !== 'proxy-dispatch') throw new UsageError(`dialect=${o.dialect} applies to mode=proxy only (transparent mode lists every tool itself)`);
  let limiter: RateLimiter | undefined;
  if (o.ratelimit) {
    try {
      limiter = RateLimiter.parse(o.ratelimit);
    } catch (e) {
      throw new UsageError(errorMessage(e));
    }
  }

  const metrics = new ProxyMetrics();
  // What downstream servers ask of the client goes to the upstream clients; servers start once
  // the first client has initialized, so they are told what that client can do.
  const router = new UpstreamRouter();
  const rt = await createRuntime(o, specs, { hooks: router, onEvent: (e) => metrics.observe(e), deferStart: true });
  const deps = { pool: rt.pool, router, identity: { name: 'mini-a-proxy', version: VERSION }, startAll: rt.startAll, listTimeoutMs: o.listtimeout };
  // Servers added, removed or restarted while running: configuration read again, control API.
  const live = new LiveServers(rt.pool, () => loadConnections(o));
  if (o.watchconfig) live.watch(o.mcpconfig!);
  onShutdown(() => {
    live.close();
    tokens?.close();
  });
  // A server per client session, with what its token may reach (none: everything).
  let newServer: (access?: Access) => import('@modelcontextprotocol/sdk/server/index.js').Server;
  if (o.mode === 'transparent') {
    const proxy = new TransparentProxy(deps, { namespace: new Namespacer(o.namespace as 'name' | 'alias' | 'none'), pageSize: o.pagesize });
    newServer = (access) => proxy.newServer(access);
    if (o.namespace === 'none' && !o.mcplazy) {
      // Colliding names are a start-up error: checked once the servers have started.
      const started = rt.startAll;
      deps.startAll = () =>
        started().then(() => {
          try {
            proxy.checkNames();
          } catch (e) {
            if (!(e instanceof NameCollision)) throw e;
            process.stderr.write(`mini-a-proxy: ${e.message}\n`);
            void shutdownAndExit(2);
          }
        });
    }
  } else if (o.dialect === 'magg') {
    const tool = new MaggTool(rt.pool, rt.dispatcher, { namespace: new Namespacer(o.namespace as 'name' | 'alias' | 'none'), listTimeoutMs: o.listtimeout, spill: rt.spill });
    newServer = (access) => oneToolServer(deps, tool, access);
  } else {
    const proxy = new DispatchProxy(deps, rt.dispatcher);
    newServer = (access) => proxy.newServer(access);
  }

  if (o.transport === 'stdio') {
    // A client that dies without closing our stdin must not leave us (and our servers) behind.
    watchParent(() => void shutdownAndExit(0), startParent);
    await serveStdio(newServer());
    return 0; // stdin closed: the client is gone
  }
  // HTTP mode serves whoever connects, not the process that started it: no parent watchdog, so it
  // outlives a launcher that exits (`&`, nohup, a script).
  const handle = await serveHttp({
    host: o.host,
    port: o.port,
    token,
    tokens,
    ...(controlToken ? { control: { token: controlToken, handle: (r: { method: string; path: string; body: unknown }) => live.handle(r) } } : {}),
    rateLimiter: limiter,
    metrics,
    newServer,
    sessionIdleMs: o.sessionidle,
    maxSessions: o.maxsessions,
    // Up or down per server; how each is started (commands, URLs) is never shown here.
    health: () => ({ connections: rt.pool.connections.map((c) => ({ alias: c.alias, name: c.name, state: c.state })) }),
  });
  // Noted ahead of the shutdown handlers, which start the cleanups (and so close()) at once.
  let why = 'shutting down';
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.prependOnceListener(sig, () => (why = `${sig} received`));
  const internal = () => (why = 'internal error (reported above)');
  process.prependOnceListener('uncaughtException', internal);
  process.prependOnceListener('unhandledRejection', internal);
  let closing = false;
  onShutdown(() => {
    closing = true;
    return handle.close(why);
  });
  // Node does not keep nohup's SIGHUP disposition, and a closed terminal must not stop a server
  // started in the background: SIGHUP reads the configuration (and tokens) again instead.
  process.removeAllListeners('SIGHUP');
  process.on('SIGHUP', () => {
    process.stderr.write('mini-a-proxy: SIGHUP: reading the configuration again (stop with SIGTERM or Ctrl-C)\n');
    tokens?.reload();
    live.reload().catch((e) => log.error(`configuration not applied: ${errorMessage(e)}`));
  });
  // Whatever stops the server, stderr says why.
  void handle.stopped.then((reason) => {
    process.stderr.write(`mini-a-proxy: HTTP server at ${handle.url} stopped: ${reason}\n`);
    if (!closing) void shutdownAndExit(1);
  });
  process.stderr.write(`mini-a-proxy: serving ${o.mode === 'transparent' ? 'transparent aggregation' : o.dialect === 'magg' ? 'the Magg proxy tool' : 'proxy-dispatch'} at ${handle.url} (health: /health, metrics: /metrics${controlToken ? ', control: /control' : ''})${token || tokens ? ', bearer token required' : ''}\n`);
  return new Promise<number>(() => {}); // serves until SIGINT/SIGTERM, which shut down and exit
}
