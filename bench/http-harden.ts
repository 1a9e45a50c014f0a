/**
 * Memory of the HTTP server under hostile load (issue 14, items 4, 5, 6): heap (after a forced
 * GC) and RSS before and after N refused initializes (transparent mode), N sessions, and N
 * requests each with its own Authorization header under a rate limit; each beside a baseline of
 * N plain /health requests in the same run, which should retain nothing.
 */
import vm from 'node:vm';
import v8 from 'node:v8';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { Pool } from '../src/mcp/pool.js';
import { serveHttp } from '../src/server/http.js';
import { buildProxyServer } from '../src/server/proxy-server.js';
import { RateLimiter } from '../src/server/rate-limit.js';
import { Namespacer } from '../src/server/naming.js';
import { TransparentProxy } from '../src/server/transparent-server.js';
import { UpstreamRouter } from '../src/server/upstream.js';
import { report, SERVERS } from './util.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
const MB = 1024 * 1024;

function memory(): { heap: number; rss: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / MB, rss: m.rss / MB };
}

/** Runs `n` requests, `parallel` at a time; counts answers by status. */
async function flood(n: number, parallel: number, one: (i: number) => Promise<Response>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const r = await one(next++);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        await r.body?.cancel();
      }
    }),
  );
  return statuses;
}

/** Heap and RSS before and after `run`, as one report row. */
async function measured(label: string, run: () => Promise<string>): Promise<[string, string]> {
  const before = memory();
  const note = await run();
  const after = memory();
  return [label, `heap ${before.heap.toFixed(1)} → ${after.heap.toFixed(1)} MB (${(after.heap - before.heap >= 0 ? '+' : '') + (after.heap - before.heap).toFixed(1)}), RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB; ${note}`];
}

const fmtStatuses = (s: Record<number, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');

export async function benchHttpHarden(n = 5000): Promise<void> {
  const pool = new Pool(parseMcpOption(`(cmd: '${SERVERS.time}')`));
  await pool.connectAll();
  const dispatcher = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [] });
  const id = { name: 'bench', version: '1' };
  const rows: Array<[string, string]> = [];
  try {
    // Item 5: initializes refused by the transport (no Accept header: 406), transparent mode.
    const transparent = new TransparentProxy({ pool, router: new UpstreamRouter(), identity: id, startAll: async () => {}, listTimeoutMs: 3000 }, { namespace: new Namespacer('alias'), pageSize: 100 });
    const tr = await serveHttp({ host: '127.0.0.1', port: 0, newServer: () => transparent.newServer(), health: () => ({}) });
    const trBase = tr.url.replace('/mcp', '');
    await flood(n, 10, () => fetch(`${trBase}/health`)); // warm up (JIT, connection pool)
    rows.push(await measured(`baseline: ${n} GET /health`, async () => fmtStatuses(await flood(n, 10, () => fetch(`${trBase}/health`)))));
    const refused = () => fetch(tr.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: INIT });
    await flood(500, 10, refused); // warm up: the first ones load and compile the transport's code
    rows.push(await measured(`item 5: ${n} refused initializes (transparent)`, async () => fmtStatuses(await flood(n, 10, refused))));
    await tr.close();

    // Item 4: sessions that are opened and never ended (default limits).
    const px = await serveHttp({ host: '127.0.0.1', port: 0, newServer: () => buildProxyServer(dispatcher, id), health: () => ({}) });
    const sessions = 2000;
    rows.push(
      await measured(`item 4: ${sessions} initializes, never ended`, async () =>
        fmtStatuses(await flood(sessions, 10, () => fetch(px.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: INIT }))),
      ),
    );
    await px.close();

    // Item 6: a rate limit of 100/min, and every request with its own Authorization header.
    const limiter = new RateLimiter(100, 60_000);
    const rl = await serveHttp({ host: '127.0.0.1', port: 0, newServer: () => buildProxyServer(dispatcher, id), health: () => ({}), rateLimiter: limiter });
    const distinct = 10_000;
    rows.push(
      await measured(`item 6: ${distinct} POST /mcp, distinct Authorization, ratelimit=100/min`, async () => {
        const s = await flood(distinct, 10, (i) => fetch(rl.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer k${i}-${'x'.repeat(40)}` }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }));
        return `${fmtStatuses(s)}; ${distinct - (s[429] ?? 0)} got past the limit`;
      }),
    );
    await rl.close();
    const alone = new RateLimiter(100, 60_000);
    const keys = 1_000_000;
    rows.push(
      await measured(`item 6: the limiter alone, ${keys} distinct clients`, async () => {
        for (let i = 0; i < keys; i++) alone.take(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}|`);
        return `${(alone as unknown as { buckets: Map<string, unknown> }).buckets.size} buckets held`;
      }),
    );
  } finally {
    await pool.close();
  }
  report('HTTP server memory under hostile load (heap after forced GC)', rows);
}
