/**
 * Hostile inputs (issue 14): what they cost. Printed as figures of this run; run the same file
 * on an older build for "before" (it only uses APIs that older builds have).
 *  - item 9: peak RSS of `readresult op=read maxBytes:0` on a big spill (in a child process);
 *  - item 1: latency of a second client's request through mini-a-proxy over HTTP while a first
 *    client's grep runs: a runaway pattern, then a legitimate grep over the big spill;
 *  - item 2: redaction of a 40,000-dash tool name, text-mode parsing of 40,000 '[';
 *  - item 14: tail lines=100000 over 200,000 lines.
 * MINI_A_BENCH_HARDEN_MB sets the big spill's size (default 500).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseTextAction } from '../src/agent/text-actions.js';
import { SpillStore } from '../src/spill/store.js';
import { redact } from '../src/util/redact.js';
import { ms, report, ROOT, SERVERS } from './util.js';

const BIG_MB = Number(process.env.MINI_A_BENCH_HARDEN_MB ?? 500);
/** How long the second client waits before it counts as blocked. */
const WAIT_MS = 15_000;

function writeBig(store: SpillStore): string {
  const w = store.writer('result', 'text');
  const line = (i: number) => `2026-11-22T10:00:00.000Z info request ${i} served from cache node-${i % 17} ok\n`;
  let written = 0;
  for (let i = 0; written < BIG_MB * 1024 * 1024; ) {
    const parts: string[] = [];
    for (let k = 0; k < 10_000; k++, i++) parts.push(line(i));
    const chunk = parts.join('');
    w.write(chunk);
    written += chunk.length;
  }
  const meta = w.end();
  store.remember(meta);
  return meta.file;
}

/** One readresult op in a fresh child process: its time, peak RSS and outcome. */
function child(dir: string, file: string, req: Record<string, unknown>): { ms: number; rssMb: number; outcome: string } {
  const script = `
    import { SpillStore } from ${JSON.stringify(path.join(ROOT, 'dist/src/spill/store.js'))};
    import { readResult } from ${JSON.stringify(path.join(ROOT, 'dist/src/spill/readresult.js'))};
    const store = await SpillStore.create({ dir: ${JSON.stringify(dir)} });
    const t0 = process.hrtime.bigint();
    let outcome;
    try {
      const res = await readResult(store, ${JSON.stringify(file)}, ${JSON.stringify(req)});
      outcome = 'answered ' + Buffer.byteLength(String(res.text)) + ' bytes of text' + (res.hint ? ' and a paging hint' : '');
    } catch (e) { outcome = 'error: ' + e.message.slice(0, 80); }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(JSON.stringify({ ms, rssMb: process.resourceUsage().maxRSS / 1024, outcome }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return { ms: NaN, rssMb: NaN, outcome: `crashed: ${(r.stderr || '').trim().split('\n').pop()}` };
  return JSON.parse(r.stdout);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function startProxy(port: number, dir: string): Promise<ChildProcess> {
  const proxy = spawn(process.execPath, [path.join(ROOT, 'dist/src/cli/mini-a-proxy.js'), 'transport=http', `port=${port}`, `mcp=[(cmd: '${SERVERS.time}')]`, 'mcplazy=true', `spilldir=${dir}`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    proxy.stderr!.on('data', (d) => {
      err += d;
      if (/serving/.test(err)) resolve();
    });
    proxy.once('exit', () => reject(new Error(err)));
  });
  return proxy;
}

async function client(url: string): Promise<Client> {
  const c = new Client({ name: 'bench-harden', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

const dispatch = (c: Client, args: Record<string, unknown>, timeout: number) => c.callTool({ name: 'proxy-dispatch', arguments: args }, undefined, { timeout });

/** Client A sends `slow`; 300 ms later client B sends a stat. B's latency, and how A ended. */
async function secondClient(url: string, slow: Record<string, unknown>, quick: Record<string, unknown>): Promise<{ b: string; a: string }> {
  const [a, b] = await Promise.all([client(url), client(url)]);
  const t0 = process.hrtime.bigint();
  const aDone = dispatch(a, slow, 120_000).then(
    (r) => `${r.isError ? 'error' : 'answered'} after ${(ms(t0) / 1000).toFixed(1)} s${r.isError ? `: ${JSON.stringify(r.content).slice(0, 90)}` : ''}`,
    (e: Error) => `failed after ${(ms(t0) / 1000).toFixed(1)} s: ${e.message.slice(0, 60)}`,
  );
  await new Promise((r) => setTimeout(r, 300));
  const t1 = process.hrtime.bigint();
  const bRes = await dispatch(b, quick, WAIT_MS).then(
    () => `${ms(t1).toFixed(1)} ms`,
    () => `> ${WAIT_MS / 1000} s (no answer: blocked)`,
  );
  const aRes = await Promise.race([aDone, new Promise<string>((r) => setTimeout(() => r(`no answer within ${WAIT_MS / 1000} s more`), WAIT_MS))]);
  void a.close().catch(() => {});
  void b.close().catch(() => {});
  return { b: bRes, a: aRes };
}

function timeIt(fn: () => unknown): number {
  const t0 = process.hrtime.bigint();
  fn();
  return ms(t0);
}

export async function benchHarden(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-harden-'));
  const rows: Array<[string, string]> = [];
  try {
    const store = await SpillStore.create({ dir });
    const t0 = process.hrtime.bigint();
    const big = writeBig(store);
    const genS = ms(t0) / 1000;
    const evil = store.writeText('result', Array.from({ length: 50 }, () => 'a'.repeat(30) + 'b').join('\n') + '\n', 'text').file;
    const small = store.writeText('result', 'one\ntwo\n', 'text').file;
    const long = store.writeText('result', Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n', 'text').file;

    // Item 9: a read with maxBytes 0 on the big spill.
    const read = child(dir, big, { op: 'read', maxBytes: 0 });
    rows.push([`read maxBytes:0 on ${BIG_MB} MB (item 9)`, `peak RSS ${read.rssMb.toFixed(0)} MB, ${read.ms.toFixed(0)} ms; ${read.outcome}`]);
    const head = child(dir, long, { op: 'head', lines: 100_000, maxBytes: 0 });
    rows.push(['head lines=100000 maxBytes:0, 200,000 lines', `peak RSS ${head.rssMb.toFixed(0)} MB, ${head.ms.toFixed(0)} ms; ${head.outcome}`]);

    // Item 14: tail of 100,000 lines.
    const tail = child(dir, long, { op: 'tail', lines: 100_000 });
    rows.push(['tail lines=100000, 200,000 lines (item 14)', `${tail.ms.toFixed(0)} ms; ${tail.outcome}`]);

    // Item 2: quadratic regexes, run here.
    rows.push(['redact a 40,000-dash tool name (item 2)', `${timeIt(() => redact(`tool ${'-'.repeat(40_000)}`)).toFixed(1)} ms`]);
    rows.push(['text-mode parse of 40,000 "[" (item 2)', `${timeIt(() => parseTextAction('['.repeat(40_000))).toFixed(1)} ms`]);

    // Item 1: a second client while the first one's grep runs, through mini-a-proxy over HTTP.
    const port = await freePort();
    const proxy = await startProxy(port, dir);
    const url = `http://127.0.0.1:${port}/mcp`;
    try {
      const stat = { action: 'readresult', resultFile: small, op: 'stat' };
      const idle = await secondClient(url, { action: 'readresult', resultFile: small, op: 'head' }, stat);
      rows.push(['2nd client stat, nothing else running', idle.b]);
      const legit = await secondClient(url, { action: 'readresult', resultFile: big, op: 'grep', pattern: 'not-in-the-file' }, stat);
      rows.push([`2nd client stat during a grep over ${BIG_MB} MB`, `${legit.b} (the grep: ${legit.a})`]);
      const runaway = await secondClient(url, { action: 'readresult', resultFile: evil, op: 'grep', pattern: '(a+)+$' }, stat);
      rows.push(['2nd client stat during grep (a+)+$ (item 1)', `${runaway.b} (the grep: ${runaway.a})`]);
    } finally {
      proxy.kill('SIGKILL');
    }
    report(`hostile inputs (big spill of ${BIG_MB} MB generated in ${genS.toFixed(1)} s)`, rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
