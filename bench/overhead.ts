/**
 * Proxy overhead per call: 1,000 `echo` calls through proxy-dispatch (validation, resolution,
 * response building) vs the same calls on a plain SDK client, each to its own `everything`
 * server, interleaved so that both see the same machine load.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { Pool } from '../src/mcp/pool.js';
import { ms, nm, pct, report } from './util.js';

export async function benchOverhead(n = 1000): Promise<void> {
  const everything = nm('@modelcontextprotocol/server-everything/dist/index.js');
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [everything], stderr: 'ignore' }));
  const pool = new Pool(parseMcpOption(`(cmd: 'node ${everything}')`));
  const dispatcher = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [] });
  await pool.connectAll();

  const direct: number[] = [];
  const proxied: number[] = [];
  const once = async (i: number, record: boolean) => {
    const msg = `hello ${i}`;
    let t0 = process.hrtime.bigint();
    await client.callTool({ name: 'echo', arguments: { message: msg } });
    if (record) direct.push(ms(t0));
    t0 = process.hrtime.bigint();
    const r = await dispatcher.dispatch({ action: 'call', tool: 'echo', arguments: { message: msg } });
    if (record) proxied.push(ms(t0));
    if (r.isError) throw new Error(String(r.error));
  };
  for (let i = 0; i < 200; i++) await once(i, false); // warm up JITs and caches
  for (let i = 0; i < n; i++) await once(i, true);
  await client.close();
  await pool.close();
  const p = (xs: number[], q: number) => pct(xs, q).toFixed(3);
  const d50 = pct(proxied, 50) - pct(direct, 50);
  report(`proxy call overhead: ${n} echo calls, proxy-dispatch vs a direct SDK call`, [
    ['direct SDK call', `p50 ${p(direct, 50)} ms  p95 ${p(direct, 95)} ms`],
    ['through proxy-dispatch', `p50 ${p(proxied, 50)} ms  p95 ${p(proxied, 95)} ms`],
    ['overhead', `p50 ${d50 >= 0 ? '+' : ''}${d50.toFixed(3)} ms (goal ≤ +0.3 ms: ${d50 <= 0.3 ? 'met' : 'NOT met'})  p95 ${(pct(proxied, 95) - pct(direct, 95)).toFixed(3)} ms  ratio p50 ${(pct(proxied, 50) / pct(direct, 50)).toFixed(2)}×`],
  ]);
}
