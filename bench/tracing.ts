/**
 * Tracing overhead per call: 1,000 `echo` calls through proxy-dispatch with tracing off and 1,000
 * with it on, in alternating blocks of 50 so that both see the same machine load. With tracing on, each call
 * makes two spans (dispatch and the downstream call, whose traceparent goes in _meta) that go in batches
 * (OTLP/HTTP protobuf, the default) to a receiver in this process. Also the one-time cost of
 * loading the SDK when an endpoint is set.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { Pool } from '../src/mcp/pool.js';
import { ms, nm, pct, report } from './util.js';

/** A receiver that accepts OTLP/HTTP exports and counts them. */
async function receiver(): Promise<{ url: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const BLOCK = 50;

export async function benchTracing(n = 1000): Promise<void> {
  const rx = await receiver();
  // The exporter takes its settings from the environment, as in mini-a itself.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = rx.url;
  let t0 = process.hrtime.bigint();
  const { setUpTracing } = await import('../src/util/tracing-setup.js');
  const handle = await setUpTracing('mini-a-bench', '0');
  const loadMs = ms(t0);
  if (!handle) throw new Error('tracing did not start');

  const everything = nm('@modelcontextprotocol/server-everything/dist/index.js');
  const pool = new Pool(parseMcpOption(`(cmd: 'node ${everything}')`));
  const dispatcher = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [] });
  await pool.connectAll();

  const off: number[] = [];
  const on: number[] = [];
  // Off means off: no backend and no async context (AsyncLocalStorage's promise hooks cost on
  // every await once active), as in a process started without an endpoint.
  const run = async (traced: boolean, count: number, record: boolean) => {
    if (traced) handle.resume();
    else handle.suspend();
    for (let i = 0; i < count; i++) {
      const t = process.hrtime.bigint();
      const r = await dispatcher.dispatch({ action: 'call', tool: 'echo', arguments: { message: `hello ${i}` } });
      if (record) (traced ? on : off).push(ms(t));
      if (r.isError) throw new Error(String(r.error));
    }
  };
  await run(false, 100, false); // warm up JITs and caches
  await run(true, 100, false);
  // Blocks of 50, alternating, so that both see the same machine load.
  for (let b = 0; b < (2 * n) / BLOCK; b++) await run(b % 2 === 1, BLOCK, true);
  handle.suspend();
  t0 = process.hrtime.bigint();
  await handle.shutdown();
  const flushMs = ms(t0);
  await pool.close();
  await rx.close();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

  const p = (xs: number[], q: number) => pct(xs, q).toFixed(3);
  const d50 = pct(on, 50) - pct(off, 50);
  report(`tracing overhead: ${n} echo calls through proxy-dispatch, tracing off vs on (OTLP/HTTP protobuf to an in-process receiver)`, [
    ['tracing off', `p50 ${p(off, 50)} ms  p95 ${p(off, 95)} ms`],
    ['tracing on', `p50 ${p(on, 50)} ms  p95 ${p(on, 95)} ms`],
    ['overhead', `p50 ${d50 >= 0 ? '+' : ''}${d50.toFixed(3)} ms  p95 ${(pct(on, 95) - pct(off, 95)).toFixed(3)} ms  ratio p50 ${(pct(on, 50) / pct(off, 50)).toFixed(3)}×`],
    ['exported', `${rx.exports()} export request(s), ${(rx.bytes() / 1024).toFixed(0)} KiB (${Math.round(rx.bytes() / (n + 100))} bytes per traced call, warm-up included)`],
    ['SDK load + set-up (once, endpoint set)', `${loadMs.toFixed(1)} ms; final flush ${flushMs.toFixed(1)} ms`],
  ]);
}
