// Captures what the word-matching ranking gave each request set at its one score: for every set
// tuned on since, the code as it stood just before that tuning (the parent of the commit that tuned
// on it), built in a temporary git worktree, and its best FRESH_DEPTH hits per request with what the
// reranker reads of them. The reranker (src/dispatch/rerank.ts) learns from these: a request the
// ranking was already tuned on is ranked far better than a new one, so weights learned from the
// tuned ranking trust it too much (bench/train-rerank.ts).
//   npm run build && node bench/capture-fresh.mjs        (2 to 4 minutes a set; writes bench/fresh-candidates.jsonl.gz)
//   node bench/capture-fresh.mjs --only 11,35 --out /tmp/x.jsonl.gz     (some sets, elsewhere: to check the committed file)
// Needs the repository's history (a full clone) and its node_modules; changes no file but its output.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const OUT = path.resolve(arg('--out') ?? path.join(ROOT, 'bench/fresh-candidates.jsonl.gz'));
const ONLY = arg('--only')?.split(',').map(Number);
/** How many of each request's best hits are kept (the reranker reads at most this many of them). */
const FRESH_DEPTH = 20;

/**
 * Each set and the commit that first tuned the ranking on it: its parent is the code that scored it
 * (the README gives each set's figures at that score; the shipped order printed here must match).
 */
export const SCORED_AT = [
  [11, '4d4754a'], [12, '7a952a7'], [13, '230e7eb'], [14, '128fb74'], [15, 'f9cecb1'], [16, 'bb33ec9'], [17, 'bf3d609'],
  [18, '58b0be9'], [19, 'eb01ad2'], [20, 'c6c96e4'], [21, 'b5851de'], [22, 'c7d645b'], [23, '6db1545'], [24, '8b807a9'],
  [25, '744929d'], [26, 'f7eacda'], [27, '5ca18d6'], [28, 'd7379c1'], [29, 'f176e90'], [30, '8d23c24'], [31, '773c3ba'],
  [32, '8ed74cd'], [33, '8c38fb2'], [34, 'cfd734f'], [35, '4a5bfaa'],
];

const round = (x, d) => Number(x.toFixed(d));
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

async function captureSet(set, tuned) {
  const file = `search-large-holdout-${set}.txt`;
  const wt = mkdtempSync(path.join(os.tmpdir(), `mini-a-fresh-${set}-`));
  try {
    git('worktree', 'add', '--detach', '--force', wt, `${tuned}^`);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(wt, 'node_modules'));
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: wt, stdio: 'ignore' });
    const { entriesOf, SearchIndex } = await import(path.join(wt, 'dist/src/dispatch/search-index.js'));
    const { loadLargeCatalogs } = await import(path.join(ROOT, 'dist/bench/catalogs.js'));
    const { readRequests } = await import(path.join(ROOT, 'dist/bench/requests.js'));
    const index = new SearchIndex(loadLargeCatalogs().flatMap((s) => entriesOf(s.server, s.server, s.catalog)));
    const lines = [];
    let top1 = 0;
    let top5 = 0;
    const requests = readRequests(file);
    requests.forEach((x, i) => {
      const first = index.firstRanking(x.q, {}, FRESH_DEPTH);
      const shipped = index.search(x.q, { limit: 5 });
      const ok = (h) => [h.connection, ...(h.also ?? [])].some((c) => x.expect.includes(`${c}/${h.name}`));
      if (shipped[0] && ok(shipped[0])) top1++;
      if (shipped.some(ok)) top5++;
      const hits = first.hits.map((h, j) => {
        const c = first.candidates[j];
        return [h.connection, h.name, h.also ?? [], round(c.score, 5), round(c.local, 4), c.inName, c.inTitle, c.inDescription];
      });
      lines.push(JSON.stringify({ set, line: i, q: x.q, cues: first.cues, hits }));
    });
    console.log(`${file} at ${tuned}^: ${requests.length} requests; scored then ${(top1 / requests.length).toFixed(3)} / ${(top5 / requests.length).toFixed(3)}`);
    return lines;
  } finally {
    git('worktree', 'remove', '--force', wt);
    rmSync(wt, { recursive: true, force: true });
  }
}

const all = [];
for (const [set, tuned] of SCORED_AT) if (!ONLY || ONLY.includes(set)) all.push(...(await captureSet(set, tuned)));
writeFileSync(OUT, gzipSync(all.join('\n') + '\n', { level: 9 }));
console.log(`${all.length} requests -> ${OUT} (${readFileSync(OUT).length} bytes)`);
