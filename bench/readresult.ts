/**
 * readresult on a 1 GB spilled file: grep against GNU `grep -i -c` on the same file in the same
 * run (ratio of speeds and peak RSS), and stat / tail latency. Each of ours runs in a fresh child
 * process so that its peak RSS is its own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpillStore } from '../src/spill/store.js';
import { median, ms, report, ROOT } from './util.js';

const SIZE = Number(process.env.MINI_A_BENCH_GB ?? 1) * 1024 ** 3;

async function generate(dir: string): Promise<string> {
  const store = await SpillStore.create({ dir });
  const w = store.writer('result', 'text');
  const levels = ['info', 'debug', 'warn', 'INFO', 'Debug'];
  let written = 0;
  let i = 0;
  while (written < SIZE) {
    const lines: string[] = [];
    for (let k = 0; k < 10_000; k++, i++) {
      // About one line in 1,000 has the pattern, in mixed case.
      const lvl = i % 997 === 0 ? (i % 2 ? 'ERROR' : 'Error') : levels[i % levels.length];
      lines.push(`2026-11-22T10:${String(i % 60).padStart(2, '0')}:00.000Z ${lvl} request ${i} served in ${i % 500} ms from cache node-${i % 17} ok\n`);
    }
    const chunk = lines.join('');
    w.write(chunk);
    written += Buffer.byteLength(chunk);
  }
  store.remember(w.end());
  return w.file;
}

/** Runs one readresult op in a child process; returns its time (ms), peak RSS (MB) and answer. */
function child(dir: string, file: string, req: Record<string, unknown>): { ms: number; rssMb: number; res: Record<string, unknown> } {
  const script = `
    import { SpillStore } from ${JSON.stringify(path.join(ROOT, 'dist/src/spill/store.js'))};
    import { readResult } from ${JSON.stringify(path.join(ROOT, 'dist/src/spill/readresult.js'))};
    const store = await SpillStore.create({ dir: ${JSON.stringify(dir)} });
    const t0 = process.hrtime.bigint();
    const res = await readResult(store, ${JSON.stringify(file)}, ${JSON.stringify(req)});
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(JSON.stringify({ ms, rssMb: process.resourceUsage().maxRSS / 1024, res }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/** The naive way, for reference: a readline loop testing each line. */
function readlineChild(file: string, pattern: string): number {
  const script = `
    import { createReadStream } from 'node:fs'; import readline from 'node:readline';
    const re = new RegExp(${JSON.stringify(pattern)}, 'i'); let n = 0; const t0 = process.hrtime.bigint();
    for await (const l of readline.createInterface({ input: createReadStream(${JSON.stringify(file)}), crlfDelay: Infinity })) if (re.test(l)) n++;
    process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));`;
  return Number(spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).stdout);
}

export async function benchReadresult(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-grep-'));
  try {
    const t0 = process.hrtime.bigint();
    const file = await generate(dir);
    const genMs = ms(t0);
    const pattern = 'error';
    // Warm the page cache for both sides.
    execFileSync('cat', [file], { stdio: ['ignore', 'ignore', 'ignore'] });
    const gnu: number[] = [];
    const ours: Array<{ ms: number; rssMb: number }> = [];
    let gnuCount = 0;
    let ourCount = 0;
    for (let i = 0; i < 3; i++) {
      const g0 = process.hrtime.bigint();
      gnuCount = Number(execFileSync('grep', ['-i', '-c', pattern, file], { encoding: 'utf8' }).trim());
      gnu.push(ms(g0));
      const o = child(dir, file, { op: 'grep', pattern, lines: 50 });
      ourCount = o.res.matchingLines as number;
      ours.push(o);
    }
    if (gnuCount !== ourCount) throw new Error(`counts differ: GNU grep ${gnuCount}, ours ${ourCount}`);
    const rl = readlineChild(file, pattern);
    const stat = [0, 1, 2].map(() => child(dir, file, { op: 'stat' }));
    const tail = [0, 1, 2].map(() => child(dir, file, { op: 'tail', lines: 50 }));
    const gnuRss = Number(spawnSync('/usr/bin/time', ['-f', '%M', 'grep', '-i', '-c', pattern, file], { encoding: 'utf8' }).stderr.trim().split('\n').pop()) / 1024;
    const speed = median(gnu) / median(ours.map((o) => o.ms));
    const peak = Math.max(...ours.map((o) => o.rssMb));
    report(`readresult on a ${(SIZE / 1024 **3).toFixed(1)} GB spilled file (${ourCount} matching lines; generated in ${(genMs / 1000).toFixed(1)} s)`, [
      ['GNU grep -i -c', `${median(gnu).toFixed(0)} ms${Number.isFinite(gnuRss) ? `, peak RSS ${gnuRss.toFixed(0)} MB` : ''}`],
      ['readresult grep', `${median(ours.map((o) => o.ms)).toFixed(0)} ms, peak RSS ${peak.toFixed(0)} MB (goal < 150 MB: ${peak < 150 ? 'met' : 'NOT met'})`],
      ['speed vs GNU grep', `${speed.toFixed(2)}× (goal ≥ 0.3×: ${speed >= 0.3 ? 'met' : 'NOT met'})`],
      ['naive readline loop', `${rl.toFixed(0)} ms (${(median(gnu) / rl).toFixed(2)}× GNU grep)`],
      ['readresult stat', `${median(stat.map((s) => s.ms)).toFixed(2)} ms (goal < 50 ms)`],
      ['readresult tail 50 lines', `${median(tail.map((s) => s.ms)).toFixed(2)} ms (goal < 50 ms)`],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
