import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench files run from dist/bench). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const nm = (p: string) => path.join(ROOT, 'node_modules', p);

/** Command lines of the servers the benchmarks use. */
export const SERVERS = {
  everything: `node ${nm('@modelcontextprotocol/server-everything/dist/index.js')}`,
  filesystem: (dir: string) => `node ${nm('@modelcontextprotocol/server-filesystem/dist/index.js')} ${dir}`,
  memory: `node ${nm('@modelcontextprotocol/server-memory/dist/index.js')}`,
  time: `node ${path.join(ROOT, 'dist/mcps/time.js')}`,
  utils: (root: string) => `node ${path.join(ROOT, 'dist/mcps/utils.js')} --root ${root}`,
};

/** Percentile of a list of numbers (p in 0..100). */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export const median = (xs: number[]) => pct(xs, 50);

/** Prints a titled block of rows. */
export function report(title: string, rows: Array<[string, string | number]>): void {
  console.log(`\n== ${title}`);
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${typeof v === 'number' ? fmt(v) : v}`);
}

export function fmt(n: number, digits = 2): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

/** "ratio 1.05× (goal ≤ 1.1×: met)" */
export function ratio(value: number, goal: number, better: 'lower' | 'higher' = 'lower'): string {
  const met = better === 'lower' ? value <= goal : value >= goal;
  return `${value.toFixed(2)}× (goal ${better === 'lower' ? '≤' : '≥'} ${goal}×: ${met ? 'met' : 'NOT met'})`;
}

export const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
