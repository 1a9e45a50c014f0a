import { loadConnections } from '../config/index.js';
import { registerSecret } from '../util/redact.js';
import { ProxyMetrics } from '../server/metrics.js';
import { buildProxyServer } from '../server/proxy-server.js';
import { RateLimiter } from '../server/rate-limit.js';
import { serveHttp } from '../server/http.js';
import { serveStdio, watchParent } from '../server/stdio.js';
import { buildTransparentServer } from '../server/transparent-server.js';
import { UsageError, errorMessage } from '../util/errors.js';
import { onShutdown, shutdownAndExit } from '../util/lifecycle.js';
import type { Options } from './options.js';
import { VERSION } from './run.js';
import { createRuntime } from './runtime.js';

/** mini-a-proxy: serves proxy-dispatch (or transparent aggregation) over stdio or HTTP; returns the exit code. */
export async function runProxy(o: Options, startParent: number): Promise<number> {
  const specs = loadConnections(o);
  if (!specs.length) throw new UsageError('no MCP servers: give mcp="[(cmd: …)]" or mcpconfig=FILE');
  const token = o.token ?? process.env.MINI_A_PROXY_TOKEN;
  if (token) registerSecret(token, 'token');
  if (o.transport === 'stdio' && (token || o.ratelimit)) throw new UsageError('token= and ratelimit= apply to transport=http only');
  let limiter: RateLimiter | undefined;
  if (o.ratelimit) {
    try {
      limiter = RateLimiter.parse(o.ratelimit);
    } catch (e) {
      throw new UsageError(errorMessage(e));
    }
  }

  const metrics = new ProxyMetrics();
  const rt = await createRuntime(o, specs, (e) => metrics.observe(e), { background: true });
  const id = { name: 'mini-a-proxy', version: VERSION };
  const newServer = () => (o.mode === 'transparent' ? buildTransparentServer(rt.pool, id, o.pagesize) : buildProxyServer(rt.dispatcher, id));

  // A client that dies without closing our stdin must not leave us (and our servers) behind.
  watchParent(() => void shutdownAndExit(0), startParent);

  if (o.transport === 'stdio') {
    await serveStdio(newServer());
    return 0; // stdin closed: the client is gone
  }
  const handle = await serveHttp({
    host: o.host,
    port: o.port,
    token,
    rateLimiter: limiter,
    metrics,
    newServer,
    health: (full) => ({ connections: rt.pool.connections.map((c) => (full ? rt.pool.summarize(c) : { alias: c.alias, name: c.name, state: c.state })) }),
  });
  onShutdown(() => handle.close());
  process.stderr.write(`mini-a-proxy: serving ${o.mode === 'transparent' ? 'transparent aggregation' : 'proxy-dispatch'} at ${handle.url} (health: /health, metrics: /metrics)${token ? ', bearer token required' : ''}\n`);
  return new Promise<number>(() => {}); // serves until SIGINT/SIGTERM, which shut down and exit
}
