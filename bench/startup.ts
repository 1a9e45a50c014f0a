/**
 * Start-up: (0) the command line against `node -e 0` and mcporter (bench/cli-startup.ts); (1) a whole `mini-a` process with 10 mcplazy connections vs 0 connections (nothing
 * should spawn, so ≈1×); (2) eager start of 10 servers in one pool vs the slowest of them alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMcpOption } from '../src/config/spec.js';
import { Pool } from '../src/mcp/pool.js';
import { benchCliStartup } from './cli-startup.js';
import { median, ms, report, ratio, ROOT, SERVERS } from './util.js';

function runCliCold(args: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli/mini-a.js'), ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mini-a failed: ${r.stderr}`);
  return ms(t0);
}

async function startPool(mcp: string): Promise<number> {
  const p = new Pool(parseMcpOption(mcp));
  const t0 = process.hrtime.bigint();
  await p.connectAll();
  const t = ms(t0);
  const failed = p.connections.filter((c) => c.state !== 'ready');
  await p.close();
  if (failed.length) throw new Error(`not ready: ${failed.map((c) => c.label).join(', ')}`);
  return t;
}

export async function benchStartup(): Promise<void> {
  await benchCliStartup();
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-'));
  const ten = [SERVERS.everything, SERVERS.filesystem(dir), SERVERS.memory, SERVERS.time, SERVERS.utils(dir), SERVERS.everything, SERVERS.filesystem(ROOT), SERVERS.memory, SERVERS.time, SERVERS.utils(ROOT)];
  const list = (cmds: string[]) => `[${cmds.map((c, i) => `(cmd: '${c}', id: s${i})`).join(', ')}]`;
  const request = 'dispatch={"action":"list","includeTools":false}';
  const runCli = (args: string[]) => runCliCold([...args, 'usedaemon=false']);

  // (1) lazy: the process start-up cost of 10 configured connections.
  const zero: number[] = [];
  const lazy: number[] = [];
  runCli([request]); // warm the file cache
  for (let i = 0; i < 20; i++) {
    zero.push(runCli([request]));
    lazy.push(runCli([request, `mcp=${list(ten)}`, 'mcplazy=true']));
  }
  const lz = median(lazy) / median(zero);
  report('start-up to ready: 10 mcplazy connections vs none (whole process, median of 20 alternating runs)', [
    ['0 connections', `${median(zero).toFixed(1)} ms`],
    ['10 lazy connections', `${median(lazy).toFixed(1)} ms`],
    ['ratio', ratio(lz, 1.1)],
  ]);

  // (2) eager: 10 servers started in parallel vs the slowest single one.
  // (a) servers whose start-up is latency (1 s to initialize, like an npx resolve or a remote
  // handshake): isolates the pool's parallelism from CPU contention.
  const slow = `node ${path.join(ROOT, 'bench/fixtures/slow-init-server.mjs')}`;
  const slowList = (n: number) => `[${Array.from({ length: n }, (_, i) => `(cmd: '${slow}', id: w${i}, env: (INIT_DELAY_MS: '1000'))`).join(', ')}]`;
  const slowSingle: number[] = [];
  const slowAll: number[] = [];
  for (let round = 0; round < 3; round++) {
    slowSingle.push(await startPool(slowList(1)));
    slowAll.push(await startPool(slowList(10)));
  }
  report('eager start of 10 servers that each take 1 s to initialize vs one of them (median of 3)', [
    ['one server', `${median(slowSingle).toFixed(1)} ms`],
    ['10 servers, one pool', `${median(slowAll).toFixed(1)} ms`],
    ['one after another would be', `≈${(median(slowSingle) * 10).toFixed(0)} ms`],
    ['ratio', ratio(median(slowAll) / median(slowSingle), 1.3)],
  ]);

  // (b) ten real Node servers: their start-up is CPU (module loading), so on this machine the
  // floor is their total CPU time divided by the cores, whatever the pool does.
  const singles: Record<string, number[]> = {};
  const all: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const [i, c] of ten.entries()) (singles[i] ??= []).push(await startPool(list([c])));
    all.push(await startPool(list(ten)));
  }
  const slowest = Math.max(...Object.values(singles).map(median));
  const sum = Object.values(singles).map(median).reduce((a, b) => a + b, 0);
  const cores = os.availableParallelism();
  report(`eager start of 10 real servers (everything, filesystem, memory, time, utils ×2) vs the slowest alone (median of 3)`, [
    ['slowest single server', `${slowest.toFixed(1)} ms`],
    ['sum of the ten alone', `${sum.toFixed(1)} ms (one after another)`],
    ['10 servers, one pool', `${median(all).toFixed(1)} ms`],
    [`CPU floor on ${cores} cores`, `≈${(sum / cores).toFixed(0)} ms (their start-up is CPU-bound)`],
    ['ratio', ratio(median(all) / slowest, 1.3)],
    ['vs one after another', `${(median(all) / sum).toFixed(2)}×`],
  ]);
}
