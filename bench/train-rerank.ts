/**
 * Trains the reranker's weights (src/dispatch/rerank.ts) and writes src/dispatch/rerank-weights.ts.
 *
 * Data: bench/fresh-candidates.jsonl.gz (written by bench/capture-fresh.mjs), the first ranking's best
 * hits for every request of the sets scored once and then tuned on, as the ranking stood when each
 * was scored, before it was tuned on it. The ranking as it stands now has been tuned on all of those
 * requests and ranks them far better than it ranks a new one (the right tool among its best 20: 0.95
 * of new requests, 0.99 of these), so weights learned from it trust it too much. Never a set still
 * held out (bench/search.ts marks them), nor the small catalog's sets.
 *
 * Each request's pool is built by the index as it stands (SearchIndex.pool: those hits and the plain
 * rankings' best), and the model is a linear score per member, fitted listwise: the softmax over a
 * request's members should put its weight on the right ones (cross-entropy, L2), minimised by L-BFGS
 * from a fixed start, so the same data gives the same weights.
 *   node dist/bench/train-rerank.js          writes the weights
 *   node dist/bench/train-rerank.js --cv     also: each set scored by weights learned on the other folds (5, by set)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { entriesOf, SearchIndex, type SearchHit } from '../src/dispatch/search-index.js';
import { features, type Candidate } from '../src/dispatch/rerank.js';
import { loadLargeCatalogs } from './catalogs.js';
import { readRequests } from './requests.js';
import { ROOT } from './util.js';

/** The captured first rankings (bench/capture-fresh.mjs). */
export const FRESH_FILE = 'bench/fresh-candidates.jsonl.gz';
/** L2 penalty on the weights (on the summed loss over about 6,700 requests). */
const L2 = 1;
const MAX_ITERATIONS = 400;
const FOLDS = 5;

/** One request as the model learns it: each pool member's features, and which members are right. */
export interface Example {
  set: number;
  good: boolean[];
  f: Array<Map<string, number>>;
}

/** A captured hit: connection, name, identical tools' connections, score, local score, matches in name, title, description. */
type FreshHit = [string, string, string[], number, number, number, number, number];

/** Every captured request as an example, its pool built by the index as it stands. */
export function trainingData(): Example[] {
  const servers = loadLargeCatalogs();
  const entries = servers.flatMap((s) => entriesOf(s.server, s.server, s.catalog));
  const params = new Map(entries.map((e) => [`${e.connection}/${e.name}`, e.params.split('\n')[0] ?? '']));
  const index = new SearchIndex(entries);
  const sets = new Map<number, Array<{ q: string; expect: string[] }>>();
  const out: Example[] = [];
  for (const line of gunzipSync(readFileSync(path.join(ROOT, FRESH_FILE))).toString('utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as { set: number; line: number; q: string; cues: string[]; hits: FreshHit[] };
    let reqs = sets.get(r.set);
    if (!reqs) sets.set(r.set, (reqs = readRequests(`search-large-holdout-${r.set}.txt`)));
    const x = reqs[r.line];
    if (!x || x.q !== r.q) throw new Error(`${FRESH_FILE}: set ${r.set} line ${r.line} is not "${r.q}"`);
    const hits: SearchHit[] = r.hits.map(([connection, name, also]) => ({ connection, type: 'tool', name, score: 0, description: '', why: '', ...(also.length ? { also } : {}) }));
    const candidates: Candidate[] = r.hits.map(([connection, name, , score, local, inName, inTitle, inDescription]) => ({ name, connection, params: params.get(`${connection}/${name}`) ?? '', score, local, inName, inTitle, inDescription }));
    const pool = index.pool(r.q, { hits, candidates });
    const good = pool.members.map((m, i) => [m.connection, ...pool.also[i]!].some((c) => x.expect.includes(`${c}/${m.name}`)));
    const f = features(r.cues, pool.members);
    out.push({ set: r.set, good, f });
  }
  return out;
}

/** Examples as sparse rows over one vocabulary (feature keys in sorted order). */
interface Matrix {
  keys: string[];
  /** Per example, per member: feature indices and values. */
  rows: Array<Array<{ idx: Int32Array; val: Float64Array }>>;
  good: boolean[][];
}

function matrix(data: readonly Example[], keys?: string[]): Matrix {
  const ks = keys ?? [...new Set(data.flatMap((d) => d.f.flatMap((f) => [...f.keys()])))].sort();
  const at = new Map(ks.map((k, i) => [k, i]));
  return {
    keys: ks,
    rows: data.map((d) =>
      d.f.map((f) => {
        const known = [...f].filter(([k]) => at.has(k));
        return { idx: Int32Array.from(known, ([k]) => at.get(k)!), val: Float64Array.from(known, ([, v]) => v) };
      }),
    ),
    good: data.map((d) => d.good),
  };
}

/** Listwise loss and its gradient at `w`: −log of the softmax weight on a request's right members, summed, plus L2. */
function lossAndGradient(m: Matrix, w: Float64Array): { loss: number; grad: Float64Array } {
  const grad = new Float64Array(w.length);
  let loss = 0;
  for (let q = 0; q < m.rows.length; q++) {
    const rows = m.rows[q]!;
    const good = m.good[q]!;
    if (!good.some(Boolean)) continue;
    const s = rows.map((r) => {
      let v = 0;
      for (let j = 0; j < r.idx.length; j++) v += w[r.idx[j]!]! * r.val[j]!;
      return v;
    });
    const max = Math.max(...s);
    const e = s.map((v) => Math.exp(v - max));
    let z = 0;
    let zg = 0;
    for (let i = 0; i < e.length; i++) (z += e[i]!), good[i] && (zg += e[i]!);
    loss -= Math.log(zg) - Math.log(z);
    for (let i = 0; i < rows.length; i++) {
      const d = e[i]! / z - (good[i] ? e[i]! / zg : 0);
      if (!d) continue;
      const r = rows[i]!;
      for (let j = 0; j < r.idx.length; j++) grad[r.idx[j]!]! += d * r.val[j]!;
    }
  }
  for (let k = 0; k < w.length; k++) (loss += 0.5 * L2 * w[k]! * w[k]!), (grad[k]! += L2 * w[k]!);
  return { loss, grad };
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** Minimises the (convex) listwise loss by L-BFGS with a backtracking line search, from logrel = 1. */
function fit(m: Matrix): Float64Array {
  const w = new Float64Array(m.keys.length);
  const lr = m.keys.indexOf('logrel');
  if (lr >= 0) w[lr] = 1;
  let { loss, grad } = lossAndGradient(m, w);
  const hist: Array<{ s: Float64Array; y: Float64Array; rho: number }> = [];
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    // Two-loop recursion: the direction −H·grad.
    const q = Float64Array.from(grad);
    const alpha: number[] = [];
    for (let i = hist.length - 1; i >= 0; i--) {
      const h = hist[i]!;
      const a = h.rho * dot(h.s, q);
      alpha[i] = a;
      for (let k = 0; k < q.length; k++) q[k]! -= a * h.y[k]!;
    }
    const last = hist[hist.length - 1];
    const gamma = last ? dot(last.s, last.y) / dot(last.y, last.y) : 1 / Math.max(1, Math.sqrt(dot(grad, grad)));
    for (let k = 0; k < q.length; k++) q[k]! *= gamma;
    for (let i = 0; i < hist.length; i++) {
      const h = hist[i]!;
      const b = h.rho * dot(h.y, q);
      for (let k = 0; k < q.length; k++) q[k]! += h.s[k]! * (alpha[i]! - b);
    }
    const slope = -dot(grad, q);
    if (slope >= 0) break;
    let step = 1;
    let next: { loss: number; grad: Float64Array } | undefined;
    const trial = new Float64Array(w.length);
    for (let tries = 0; tries < 30; tries++, step /= 2) {
      for (let k = 0; k < w.length; k++) trial[k] = w[k]! - step * q[k]!;
      const r = lossAndGradient(m, trial);
      if (r.loss <= loss + 1e-4 * step * slope) {
        next = r;
        break;
      }
    }
    if (!next) break;
    const s = new Float64Array(w.length);
    const y = new Float64Array(w.length);
    for (let k = 0; k < w.length; k++) (s[k] = trial[k]! - w[k]!), (y[k] = next.grad[k]! - grad[k]!);
    const sy = dot(s, y);
    if (sy > 1e-12) hist.push({ s, y, rho: 1 / sy });
    if (hist.length > 10) hist.shift();
    w.set(trial);
    const done = loss - next.loss < 1e-7 * Math.max(1, Math.abs(loss));
    ({ loss, grad } = next);
    if (done) break;
  }
  return w;
}

/** Weights learned from `data`. */
export function train(data: readonly Example[]): Map<string, number> {
  const m = matrix(data);
  const w = fit(m);
  return new Map(m.keys.map((k, i) => [k, w[i]!]));
}

/** Top-1 and top-5 of the pool's own order and of the order under `w`; a request with no right member counts as missed. */
function score(data: readonly Example[], w: ReadonlyMap<string, number>): { before: [number, number]; after: [number, number] } {
  let b1 = 0, b5 = 0, a1 = 0, a5 = 0;
  for (const d of data) {
    if (d.good[0]) b1++;
    if (d.good.slice(0, 5).some(Boolean)) b5++;
    const v = d.f.map((f) => [...f].reduce((s, [k, x]) => s + (w.get(k) ?? 0) * x, 0));
    const order = d.f.map((_, i) => i).sort((a, b) => v[b]! - v[a]! || a - b);
    if (d.good[order[0]!]) a1++;
    if (order.slice(0, 5).some((i) => d.good[i])) a5++;
  }
  const n = data.length || 1;
  return { before: [b1 / n, b5 / n], after: [a1 / n, a5 / n] };
}

/** The weights as written: rounded, the negligible left out, in key order. */
export function shippedForm(w: ReadonlyMap<string, number>): Array<[string, number]> {
  return [...w].filter(([, v]) => Math.abs(v) >= 1e-4).map(([k, v]): [string, number] => [k, Number(v.toFixed(4))]).sort(([a], [b]) => (a < b ? -1 : 1));
}

function main(): void {
  const data = trainingData();
  const sets = [...new Set(data.map((d) => d.set))].sort((a, b) => a - b);
  if (process.argv.includes('--cv')) {
    // Folds by set (every FOLDS-th set), so no set is scored by weights that saw any of it.
    const fold = new Map(sets.map((s, i) => [s, i % FOLDS]));
    const sums = [0, 0, 0, 0];
    for (let k = 0; k < FOLDS; k++) {
      const w = train(data.filter((d) => fold.get(d.set) !== k));
      for (const s of sets.filter((x) => fold.get(x) === k)) {
        const r = score(data.filter((d) => d.set === s), w);
        [r.before[0], r.before[1], r.after[0], r.after[1]].forEach((x, i) => (sums[i]! += x));
        console.log(`holdout-${s}: pool order ${r.before.map((x) => x.toFixed(3)).join(' / ')} -> ${r.after.map((x) => x.toFixed(3)).join(' / ')} (weights learned on the other folds)`);
      }
    }
    console.log(`mean over ${sets.length} sets: ${sums.map((x) => (x / sets.length).toFixed(3)).join(' / ').replace(/^(\S+ \/ \S+) \/ /, '$1 -> ')}`);
  }
  const kept = shippedForm(train(data));
  const body = kept.map(([k, v]) => `  [${JSON.stringify(k)}, ${v}],`).join('\n');
  const out = path.join(ROOT, 'src/dispatch/rerank-weights.ts');
  writeFileSync(
    out,
    `// Written by bench/train-rerank.ts from ${FRESH_FILE} (search-large-holdout-${sets[0]}.txt to -${sets[sets.length - 1]}.txt, each as the first ranking stood when it was scored); do not edit by hand.\n` +
      `/** Learned weights of rerank.ts's features. */\n` +
      `export const RERANK_WEIGHTS: ReadonlyMap<string, number> = new Map<string, number>([\n${body}\n]);\n`,
  );
  console.log(`${kept.length} weights from ${data.length} requests -> ${path.relative(ROOT, out)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
