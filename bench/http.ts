/**
 * HTTP serving: calls/s and p50/p95 latency through mini-a-proxy (Streamable HTTP, in front of
 * `everything` over stdio) at 1, 10 and 100 concurrent clients, against the same `echo` calls made
 * directly to `everything` served over Streamable HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ms, nm, pct, report, ROOT } from './util.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function start(cmd: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      if (ready.test(err)) resolve();
    });
    child.once('exit', () => reject(new Error(err)));
  });
  return child;
}

/** `clients` sessions, each making calls back to back for `durationMs`. */
async function load(url: string, clients: number, durationMs: number, call: (c: Client, i: number) => Promise<unknown>) {
  const cs = await Promise.all(Array.from({ length: clients }, async () => {
    const c = new Client({ name: 'bench', version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url)));
    return c;
  }));
  for (const c of cs) await call(c, 0); // warm up each session
  const lat: number[] = [];
  const end = Date.now() + durationMs;
  await Promise.all(cs.map(async (c, k) => {
    for (let i = 0; Date.now() < end; i++) {
      const t0 = process.hrtime.bigint();
      await call(c, k * 1e6 + i);
      lat.push(ms(t0));
    }
  }));
  await Promise.all(cs.map((c) => c.close()));
  return { rps: lat.length / (durationMs / 1000), p50: pct(lat, 50), p95: pct(lat, 95), n: lat.length };
}

export async function benchHttp(durationMs = 3000): Promise<void> {
  const everything = nm('@modelcontextprotocol/server-everything/dist/index.js');
  const directPort = await freePort();
  const proxyPort = await freePort();
  const direct = await start([everything, 'streamableHttp'], { PORT: String(directPort) }, /listening/i);
  const proxy = await start([path.join(ROOT, 'dist/src/cli/mini-a-proxy.js'), 'transport=http', `port=${proxyPort}`, `mcp=[(cmd: 'node ${everything}')]`], {}, /serving/);
  try {
    const rows: Array<[string, string]> = [];
    for (const n of [1, 10, 100]) {
      const d = await load(`http://127.0.0.1:${directPort}/mcp`, n, durationMs, (c, i) => c.callTool({ name: 'echo', arguments: { message: `m${i}` } }));
      const p = await load(`http://127.0.0.1:${proxyPort}/mcp`, n, durationMs, (c, i) => c.callTool({ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'echo', arguments: { message: `m${i}` } } }));
      rows.push([`${n} client(s), direct`, `${d.rps.toFixed(0)} calls/s  p50 ${d.p50.toFixed(2)} ms  p95 ${d.p95.toFixed(2)} ms`]);
      rows.push([`${n} client(s), via mini-a-proxy`, `${p.rps.toFixed(0)} calls/s  p50 ${p.p50.toFixed(2)} ms  p95 ${p.p95.toFixed(2)} ms  (throughput ${(p.rps / d.rps).toFixed(2)}×, p50 ${(p.p50 / d.p50).toFixed(2)}×)`]);
    }
    report(`HTTP mode: echo calls for ${durationMs / 1000} s per level; direct = everything over Streamable HTTP`, rows);
  } finally {
    direct.kill('SIGKILL');
    proxy.kill('SIGTERM');
  }
}
