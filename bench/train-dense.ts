/**
 * Trains the learned request vectors (src/dispatch/dense.ts) and writes src/dispatch/dense-weights.ts. Data:
 * the labelled requests of bench/train-rerank.ts's TRAINING_SETS over the large catalog (never a held-out
 * set). Each term gets a vector; a request's vector (its terms', idf-weighted) should be closer to a right
 * tool's vector (its fields' terms') than to the wrong ones: softmax over the right tools, the search's own
 * best wrong hits and random tools of the catalog, cosine over a temperature, Adagrad. A fixed seed and
 * order: the same data gives the same model. Run after bench/train-rerank.ts (its best wrong hits are the
 * search's with the words and weights it wrote):
 *   node dist/bench/train-dense.js                       writes the model
 *   node dist/bench/train-dense.js --without 66,67,68    trains without those holdout sets, to score them (writes nothing unless --out)
 *   node dist/bench/train-dense.js --out <file>          writes there instead (<file>.json: the data alone)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DenseModel, denseTerms, distinctWords, knownKey, toolBag, type DenseData } from '../src/dispatch/dense.js';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { normalizeQuery, requestWords } from '../src/dispatch/text.js';
import { loadLargeCatalogs } from './catalogs.js';
import { readRequests } from './requests.js';
import { TRAINING_SETS } from './train-rerank.js';
import { ROOT } from './util.js';

const DIM = 64;
const EPOCHS = 8;
/** Cosines are divided by this before the softmax: small, so a right tool must stand clearly apart. */
const TEMPERATURE = 0.05;
const RATE = 0.05;
/** Random wrong tools per request, besides the search's best wrong hits. */
const RANDOM_NEGATIVES = 40;
/** At most this many right tools of a request count as right. */
const MAX_RIGHT = 5;
/** A term gets a vector when requests and tools use it at least this often. */
const MIN_COUNT = 2;
const INIT = 0.1;
const SEED = 12345;

/** A request's terms, as the search reads them for the model (requestWords of the normalised request). */
export function requestTerms(q: string): string[] {
  return denseTerms(distinctWords(requestWords(normalizeQuery(q))));
}

interface Sparse {
  ids: number[];
  ws: number[];
}

/** Trains on the sets given; returns the model's data. */
export function trainDense(sets: readonly string[], log = (s: string) => console.log(s)): DenseData {
  let seed = SEED;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const servers = loadLargeCatalogs();
  const entries = servers.flatMap((s) => entriesOf(s.server, s.server, s.catalog));
  const bags = entries.map((e) => toolBag(e));
  const byKey = new Map(entries.map((e, i) => [`${e.connection}/${e.name}`, i]));
  const n = entries.length;
  const df = new Map<string, number>();
  for (const b of bags) for (const t of b.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (n - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  // The search's best wrong hits, with the words and weights as shipped and no vectors (they are what is trained).
  const index = new SearchIndex(entries, undefined, null);
  const reqs: Array<{ terms: string[]; pos: number[]; hard: number[]; vec?: Sparse }> = [];
  for (const f of sets) {
    for (const x of readRequests(f)) {
      const pos = [...new Set(x.expect.map((k) => byKey.get(k)).filter((i): i is number => i !== undefined))];
      if (!pos.length) continue;
      const hard = index
        .search(x.q, { limit: 10 })
        .map((h) => byKey.get(`${h.connection}/${h.name}`))
        .filter((i): i is number => i !== undefined && !pos.includes(i));
      reqs.push({ terms: requestTerms(x.q), pos: pos.slice(0, MAX_RIGHT), hard });
    }
  }
  const count = new Map<string, number>();
  for (const r of reqs) for (const t of r.terms) count.set(t, (count.get(t) ?? 0) + 1);
  for (const b of bags) for (const t of b.keys()) count.set(t, (count.get(t) ?? 0) + 1);
  const vocab = [...count].filter(([, c]) => c >= MIN_COUNT).map(([t]) => t).sort();
  const vid = new Map(vocab.map((t, i) => [t, i]));
  const V = vocab.length;
  log(`${reqs.length} requests from ${sets.length} sets, ${n} tools, ${V} terms`);
  const sparse = (pairs: Iterable<readonly [string, number]>): Sparse => {
    const out: Sparse = { ids: [], ws: [] };
    for (const [t, w] of pairs) {
      const i = vid.get(t);
      if (i !== undefined) out.ids.push(i), out.ws.push(w);
    }
    return out;
  };
  const tools = bags.map((b) => sparse([...b].map(([t, w]) => [t, w * idf(t)] as const)));
  for (const r of reqs) r.vec = sparse(r.terms.map((t) => [t, Math.max(0.5, idf(t))] as const));
  const d = DIM;
  const E = new Float64Array(V * d);
  for (let i = 0; i < E.length; i++) E[i] = (rnd() - 0.5) * 2 * INIT;
  const G = new Float64Array(V * d).fill(1e-6);
  const pool = (sv: Sparse, out: Float64Array): number => {
    out.fill(0);
    for (let j = 0; j < sv.ids.length; j++) {
      const o = sv.ids[j]! * d;
      const w = sv.ws[j]!;
      for (let k = 0; k < d; k++) out[k]! += w * E[o + k]!;
    }
    let norm = 0;
    for (let k = 0; k < d; k++) norm += out[k]! * out[k]!;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < d; k++) out[k]! /= norm;
    return norm;
  };
  const step = (sv: Sparse, g: Float64Array) => {
    for (let j = 0; j < sv.ids.length; j++) {
      const o = sv.ids[j]! * d;
      const w = sv.ws[j]!;
      for (let k = 0; k < d; k++) {
        const gr = w * g[k]!;
        G[o + k]! += gr * gr;
        E[o + k]! -= (RATE * gr) / Math.sqrt(G[o + k]!);
      }
    }
  };
  const qv = new Float64Array(d);
  const gq = new Float64Array(d);
  const gt = new Float64Array(d);
  const maxC = MAX_RIGHT + 10 + RANDOM_NEGATIVES;
  const tv = Array.from({ length: maxC }, () => new Float64Array(d));
  const tn = new Float64Array(maxC);
  for (let ep = 0; ep < EPOCHS; ep++) {
    for (let i = reqs.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [reqs[i], reqs[j]] = [reqs[j]!, reqs[i]!];
    }
    let loss = 0;
    for (const r of reqs) {
      if (!r.vec!.ids.length) continue;
      const cands = [...r.pos, ...r.hard];
      while (cands.length < r.pos.length + r.hard.length + RANDOM_NEGATIVES) {
        const i = Math.floor(rnd() * n);
        if (!r.pos.includes(i)) cands.push(i);
      }
      const qn = pool(r.vec!, qv);
      const s = new Float64Array(cands.length);
      for (let c = 0; c < cands.length; c++) {
        tn[c] = pool(tools[cands[c]!]!, tv[c]!);
        let dot = 0;
        for (let k = 0; k < d; k++) dot += qv[k]! * tv[c]![k]!;
        s[c] = dot / TEMPERATURE;
      }
      const mx = Math.max(...s);
      const p = s.map((x) => Math.exp(x - mx));
      let z = 0;
      let right = 0;
      for (let c = 0; c < cands.length; c++) (z += p[c]!), c < r.pos.length && (right += p[c]!);
      loss -= Math.log(right / z);
      gq.fill(0);
      for (let c = 0; c < cands.length; c++) {
        // d(loss)/d(cosine): the candidate's share of all, less its share of the right ones.
        const g = (p[c]! / z - (c < r.pos.length ? p[c]! / right : 0)) / TEMPERATURE;
        if (Math.abs(g) < 1e-6) continue;
        let u = 0;
        for (let k = 0; k < d; k++) u += qv[k]! * tv[c]![k]!;
        for (let k = 0; k < d; k++) {
          gq[k]! += (g * (tv[c]![k]! - u * qv[k]!)) / qn;
          gt[k] = (g * (qv[k]! - u * tv[c]![k]!)) / tn[c]!;
        }
        step(tools[cands[c]!]!, gt);
      }
      step(r.vec!, gq);
    }
    log(`epoch ${ep + 1}: loss ${(loss / reqs.length).toFixed(4)}`);
  }
  const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  // int8 rows with a scale each: a quarter of the size, cosines within about 0.01 of the float ones.
  const scales = new Float32Array(V);
  const rows = new Int8Array(V * d);
  for (let i = 0; i < V; i++) {
    let mx = 0;
    for (let k = 0; k < d; k++) mx = Math.max(mx, Math.abs(E[i * d + k]!));
    const sc = mx / 127 || 1;
    scales[i] = sc;
    for (let k = 0; k < d; k++) rows[i * d + k] = Math.round(E[i * d + k]! / sc);
  }
  // The known tools' vectors from the quantised rows (as the search would work them out), each tool once:
  // the first of identical ones (name and description) on several servers.
  const model = new DenseModel({ dim: d, vocab: vocab.join(' '), scales: b64(scales), rows: b64(rows), df: vocab.map((t) => df.get(t) ?? 0), n, known: '', tools: '' });
  const byHash = new Map<number, number>();
  entries.forEach((e, i) => {
    const h = knownKey(e.name, e.description);
    if (!byHash.has(h)) byHash.set(h, i);
  });
  const known = new Uint32Array([...byHash.keys()].sort((a, b) => a - b));
  const toolRows = new Int8Array(known.length * d);
  known.forEach((h, k) => {
    const v = model.toolVector(entries[byHash.get(h)!]!);
    if (v) for (let j = 0; j < d; j++) toolRows[k * d + j] = Math.round(v[j]! * 127);
  });
  return { dim: d, vocab: vocab.join(' '), scales: b64(scales), rows: b64(rows), df: vocab.map((t) => df.get(t) ?? 0), n, known: b64(known), tools: b64(toolRows) };
}

/** The TypeScript module of a model's data. */
export function weightsModule(data: DenseData, sets: readonly string[]): string {
  return (
    `// Written by bench/train-dense.ts from ${sets.length} sets (bench/train-rerank.ts's TRAINING_SETS); do not edit by hand.\n` +
    `import type { DenseData } from './dense.js';\n\n` +
    `/** The learned request vectors' data (dense.ts): ${data.vocab.split(' ').length} terms of ${data.dim} dimensions, ${Buffer.from(data.known, 'base64').length / 4} tools known. */\n` +
    `export const DENSE_WEIGHTS: DenseData | null = {\n` +
    `  dim: ${data.dim},\n  n: ${data.n},\n  vocab: ${JSON.stringify(data.vocab)},\n  scales: ${JSON.stringify(data.scales)},\n  rows: ${JSON.stringify(data.rows)},\n` +
    `  df: [${data.df.join(',')}],\n  known: ${JSON.stringify(data.known)},\n  tools: ${JSON.stringify(data.tools)},\n};\n`
  );
}

function main(): void {
  const at = process.argv.indexOf('--without');
  const without = new Set(at > 0 ? process.argv[at + 1]!.split(',').map((i) => `search-large-holdout-${i}.txt`) : []);
  const sets = TRAINING_SETS.filter((f) => !without.has(f));
  const o = process.argv.indexOf('--out');
  const out = o > 0 ? path.resolve(process.argv[o + 1]!) : without.size ? undefined : path.join(ROOT, 'src/dispatch/dense-weights.ts');
  const data = trainDense(sets);
  new DenseModel(data); // checks the data is whole
  if (out) {
    writeFileSync(out, out.endsWith('.json') ? JSON.stringify(data) : weightsModule(data, sets));
    console.log(`-> ${path.relative(ROOT, out)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
