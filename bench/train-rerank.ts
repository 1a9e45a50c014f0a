/**
 * Learns the words (bench/learn-words.ts → src/dispatch/learned-words.ts), then trains the reranker's
 * weights (src/dispatch/rerank.ts) on the first ranking those words give and writes
 * src/dispatch/rerank-weights.ts. Data: the labelled requests over the large catalog already scored and tuned on (TRAINING_SETS);
 * never a set still held out (bench/search.ts marks them), nor the small catalog's sets. For each request, the lexical ranking's best RERANK_DEPTH hits; every right hit
 * among them should outscore every wrong one (pairwise logistic loss, plain SGD in a fixed order,
 * so the same data gives the same weights). The order takes one request from each set in turn: set
 * after set, plain SGD fitted the sets read last best (cross-validated, 0.774 -> 0.777 top-1).
 *   node dist/bench/train-rerank.js          writes the words and the weights
 *   node dist/bench/train-rerank.js --cv     also: five folds by set, each scored by words and weights learned on the other sets (about nine minutes)
 *   node dist/bench/train-rerank.js --cv-servers   also: five folds by server, each fold's servers' requests scored by words and weights learned without them
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { features, RERANK_DEPTH, value } from '../src/dispatch/rerank.js';
import { loadLargeCatalogs } from './catalogs.js';
import { LEARN_OPTIONS, learnWords } from './learn-words.js';
import type { LearnedWords } from '../src/dispatch/learned-words.js';
import { readRequests, splitAnswer } from './requests.js';
import { ROOT } from './util.js';

/** The sets trained on; a set written later is scored by the bench before anything learns from it. */
export const TRAINING_SETS = ['search-large.txt', ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68].map((i) => `search-large-holdout-${i}.txt`)];
const EPOCHS = 10;
const RATE = 0.005;
const L2 = 0.001;
/** Scales the LambdaRank pair weights (each below 1 - 1/log2(11) ≈ 0.71 at depth 10, most far smaller) to about plain pairwise's step. */
const LAMBDA = 3;

export interface Example {
  good: boolean[];
  f: Array<Map<string, number>>;
}

/** Each request's candidates as the reranker sees them, and which are right. */
function examplesOf(index: SearchIndex, requests: ReadonlyArray<{ q: string; expect: string[] }>): Example[] {
  return requests.map((x) => {
    const first = index.firstRanking(x.q, {}, RERANK_DEPTH);
    return {
      good: first.hits.map((h) => [h.connection, ...(h.also ?? [])].some((c) => x.expect.includes(`${c}/${h.name}`))),
      f: features(first.cues, first.candidates),
    };
  });
}

/**
 * Pairwise logistic regression: a right candidate should outscore each wrong one of the same request.
 * Each pair counts by how much swapping the two would change the order's discounted gain (LambdaRank):
 * a wrong hit above the right one at the top matters, two far down barely. Cross-validated by set
 * (five folds over 66 sets, words learned without the scored sets too): 0.820 / 0.961 → 0.824 / 0.962.
 */
export function train(data: Example[]): Map<string, number> {
  // The lexical score starts as the whole model: untrained, the order is the first ranking's.
  const w = new Map<string, number>([['logrel', 1]]);
  const gain = (rank: number) => 1 / Math.log2(2 + rank);
  for (let e = 0; e < EPOCHS; e++) {
    for (const d of data) {
      // Where each candidate stands under the weights so far.
      const v = d.f.map((f) => value(w, f));
      const rank: number[] = [];
      d.f.map((_, i) => i).sort((a, b) => v[b]! - v[a]! || a - b).forEach((i, r) => { rank[i] = r; });
      for (let p = 0; p < d.f.length; p++) {
        if (!d.good[p]) continue;
        for (let n = 0; n < d.f.length; n++) {
          if (d.good[n]) continue;
          const lambda = LAMBDA * Math.abs(gain(rank[p]!) - gain(rank[n]!));
          const g = lambda / (1 + Math.exp(value(w, d.f[p]!) - value(w, d.f[n]!)));
          // Each feature of either candidate once (each key's step depends on its own weight only).
          const fp = d.f[p]!, fn = d.f[n]!;
          const step = (k: string, x: number) => {
            if (!x) return;
            const cur = w.get(k) ?? 0;
            w.set(k, cur + RATE * (g * x - L2 * cur));
          };
          for (const [k, v] of fp) step(k, v - (fn.get(k) ?? 0));
          for (const [k, v] of fn) if (!fp.has(k)) step(k, -v);
        }
      }
    }
  }
  return w;
}

/** The training order: one request from each set in turn, so no set is all read last. */
export function interleaved(bySet: ReadonlyMap<string, Example[]> | Example[][]): Example[] {
  const lists = Array.isArray(bySet) ? bySet : [...bySet.values()];
  const out: Example[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** Top-1 and top-5 of the first ranking and of the reranked one. */
function score(data: Example[], w: Map<string, number>): { before: [number, number]; after: [number, number] } {
  let b1 = 0, b5 = 0, a1 = 0, a5 = 0;
  for (const d of data) {
    if (d.good[0]) b1++;
    if (d.good.slice(0, 5).some(Boolean)) b5++;
    const v = d.f.map((f) => value(w, f));
    const order = d.f.map((_, i) => i).sort((a, b) => v[b]! - v[a]! || a - b);
    if (d.good[order[0]!]) a1++;
    if (order.slice(0, 5).some((i) => d.good[i])) a5++;
  }
  const n = data.length || 1;
  return { before: [b1 / n, b5 / n], after: [a1 / n, a5 / n] };
}

/** Each training set's examples, from the lexical ranking over the large catalog (with `learned` words: the shipped ones unless given). */
export function trainingData(learned?: LearnedWords): Map<string, Example[]> {
  const servers = loadLargeCatalogs();
  const index = new SearchIndex(servers.flatMap((s) => entriesOf(s.server, s.server, s.catalog)), learned);
  return new Map(TRAINING_SETS.map((f) => [f, examplesOf(index, readRequests(f))]));
}

/** The weights as written: rounded, the negligible left out, in key order. */
export function shippedForm(w: Map<string, number>): Array<[string, number]> {
  return [...w].filter(([, v]) => Math.abs(v) >= 1e-4).map(([k, v]): [string, number] => [k, Number(v.toFixed(4))]).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The learned words of the training sets (bench/learn-words.ts). */
export function trainingWords(): Map<string, Array<[string, number, string, string[]]>> {
  return learnWords(TRAINING_SETS, loadLargeCatalogs());
}

/** The fold of a server in a cross-validation by server: a stable hash of its name. */
const serverFold = (server: string, folds: number) => createHash('sha1').update(server).digest()[0]! % folds;
const serverOf = (answer: string) => splitAnswer(answer)[0];

/**
 * Five folds, each scored by words and weights learned without it (the words too: words learned on
 * the scored requests would flatter them). By set: each fold's sets are scored, as new writers' requests
 * over the same servers. By server: the requests for each fold's servers are scored, learned from the
 * requests that name none of them, as requests over servers the learning never saw. Prints top-1 /
 * top-5 of the word matching and of the reranked order over all training requests.
 */
function crossValidate(by: 'set' | 'server', folds = 5): void {
  const servers = loadLargeCatalogs();
  const entries = servers.flatMap((s) => entriesOf(s.server, s.server, s.catalog));
  const all = TRAINING_SETS.map((f, i) => readRequests(f).map((x) => ({ ...x, set: i })));
  let n = 0, b1 = 0, b5 = 0, a1 = 0, a5 = 0;
  for (let k = 0; k < folds; k++) {
    type X = (typeof all)[number][number];
    // Left out of the learning, and scored.
    const out = (x: X) => (by === 'set' ? x.set % folds === k : x.expect.some((e) => serverFold(serverOf(e), folds) === k));
    const scoredHere = (x: X) => (by === 'set' ? out(x) : serverFold(serverOf(x.expect[0]!), folds) === k);
    const index = new SearchIndex(entries, learnWords(TRAINING_SETS, servers, LEARN_OPTIONS, (x, set) => !out({ ...x, set: TRAINING_SETS.indexOf(set) })));
    const w = train(interleaved(all.map((list) => examplesOf(index, list.filter((x) => !out(x))))));
    const scored = examplesOf(index, all.flat().filter(scoredHere));
    const s = score(scored, w);
    n += scored.length;
    b1 += s.before[0] * scored.length; b5 += s.before[1] * scored.length;
    a1 += s.after[0] * scored.length; a5 += s.after[1] * scored.length;
    console.log(`fold ${k + 1}/${folds}: ${scored.length} requests, ${s.before.map((x) => x.toFixed(3)).join(' / ')} -> ${s.after.map((x) => x.toFixed(3)).join(' / ')}`);
  }
  const f = (x: number) => (x / n).toFixed(4);
  console.log(`cross-validated by ${by} over ${n} requests: word matching ${f(b1)} / ${f(b5)}, reranked ${f(a1)} / ${f(a5)}`);
}

function main(): void {
  // The words first: the reranker learns from the first ranking they give.
  const learned = trainingWords();
  const wordsOut = path.join(ROOT, 'src/dispatch/learned-words.ts');
  writeFileSync(
    wordsOut,
    `// Written by bench/train-rerank.ts (bench/learn-words.ts) from the same sets as rerank-weights.ts; do not edit by hand.\n` +
      `/** Request words → tool-name words (term, weight, the word as tool names spell it, the tools it was learned for: the only ones it reads for), learned from labelled requests (bench/learn-words.ts). */\n` +
      `export type LearnedWords = ReadonlyMap<string, ReadonlyArray<readonly [term: string, weight: number, word: string, tools: readonly string[]]>>;\n` +
      `/** A request word's tool words; see bench/learn-words.ts for how they are chosen. */\n` +
      `export const LEARNED_WORDS: LearnedWords = new Map<string, ReadonlyArray<readonly [string, number, string, readonly string[]]>>([\n` +
      [...learned].map(([w, l]) => `  [${JSON.stringify(w)}, [${l.map(([t, v, s, names]) => `[${JSON.stringify(t)}, ${v}, ${JSON.stringify(s)}, ${JSON.stringify(names)}]`).join(', ')}]],`).join('\n') +
      `\n]);\n`,
  );
  console.log(`${[...learned.values()].reduce((n, l) => n + l.length, 0)} learned words of ${learned.size} request words -> ${path.relative(ROOT, wordsOut)}`);
  const bySet = trainingData(learned);
  if (process.argv.includes('--cv')) crossValidate('set');
  if (process.argv.includes('--cv-servers')) crossValidate('server');
  const w = train(interleaved(bySet));
  const kept = shippedForm(w);
  const body = kept.map(([k, v]) => `  [${JSON.stringify(k)}, ${v}],`).join('\n');
  const out = path.join(ROOT, 'src/dispatch/rerank-weights.ts');
  writeFileSync(
    out,
    `// Written by bench/train-rerank.ts from ${TRAINING_SETS.join(', ')}; do not edit by hand.\n` +
      `/** Learned weights of rerank.ts's features. */\n` +
      `export const RERANK_WEIGHTS: ReadonlyMap<string, number> = new Map<string, number>([\n${body}\n]);\n`,
  );
  console.log(`${kept.length} weights from ${[...bySet.values()].reduce((n, d) => n + d.length, 0)} requests -> ${path.relative(ROOT, out)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
