/**
 * The learned request vectors (src/dispatch/dense.ts) on real catalogs: read for the tools they were trained
 * on only, fused with the ranking where its best hit is one of those, within the search's filters and the
 * servers a request names; trained the same way from the same data.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DENSE_WEIGHTS } from '../src/dispatch/dense-weights.js';
import { DenseModel, denseModel, knownKey } from '../src/dispatch/dense.js';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { captured, capturedServers } from './helpers/catalogs.js';

const ROOT = path.join(import.meta.dirname, '..');
// The bench's own readers and trainer, built (they find the request files from dist/bench).
const { readRequests } = (await import(path.join(ROOT, 'dist/bench/requests.js'))) as typeof import('../bench/requests.js');
const { trainDense } = (await import(path.join(ROOT, 'dist/bench/train-dense.js'))) as typeof import('../bench/train-dense.js');

const large = capturedServers().flatMap((s) => entriesOf(s, s, captured(s)));
const model = denseModel()!;
const withVectors = new SearchIndex(large);
const without = new SearchIndex(large, undefined, null);
const key = (h: { connection: string; name: string }) => `${h.connection}/${h.name}`;
const right = (x: { expect: string[] }, h: { connection: string; name: string; also?: string[] }) => [h.connection, ...(h.also ?? [])].some((c) => x.expect.includes(`${c}/${h.name}`));

describe('the shipped model', () => {
  it('is there, whole, and knows the large catalog tool by tool', () => {
    expect(DENSE_WEIGHTS).not.toBeNull();
    expect(model.size).toBeGreaterThan(1000);
    const known = large.filter((e) => model.knows(e.name, e.description)).length;
    expect(known).toBe(large.length);
    // A tool whose description changed is another tool to it.
    const e = large.find((x) => x.name === 'create_issue')!;
    expect(model.knows(e.name, e.description + ' Now with labels.')).toBe(false);
    expect(knownKey('a', 'bc')).not.toBe(knownKey('ab', 'c'));
    expect(() => new DenseModel({ ...DENSE_WEIGHTS!, df: DENSE_WEIGHTS!.df.slice(1) })).toThrow(/inconsistent/);
  });
});

describe('fused with the ranking', () => {
  // A set no part of the search learned from (bench/search.ts scores it as the held-out half).
  const held = readRequests('search-large-holdout-69.txt');

  it('ranks more held-out requests right first over the tools it knows', () => {
    let fused = 0;
    let words = 0;
    for (const x of held) {
      if (right(x, withVectors.search(x.q, { limit: 1 })[0] ?? { connection: '', name: '' })) fused++;
      if (right(x, without.search(x.q, { limit: 1 })[0] ?? { connection: '', name: '' })) words++;
    }
    expect(fused).toBeGreaterThan(words + held.length * 0.03);
  });

  it('says why a tool it alone found is there, and keeps to the servers a request names and to the filters', () => {
    let learned = 0;
    for (const x of held) {
      const hits = withVectors.search(x.q, { limit: 10 });
      const named = withVectors.firstRanking(x.q).named;
      for (const h of hits.filter((h) => h.why.startsWith('learned'))) {
        learned++;
        if (named.size) expect(named.has(h.connection)).toBe(true);
      }
    }
    expect(learned).toBeGreaterThan(0);
    const q = 'who reviewed the pull request and did they approve it';
    expect(withVectors.search(q, { limit: 10, connections: new Set(['gitlab']) }).every((h) => h.connection === 'gitlab')).toBe(true);
    expect(withVectors.search(q, { limit: 10, type: 'prompt' })).toEqual([]);
  });

  it('keeps the word ranking’s best two among the five shown', () => {
    for (const x of held.slice(0, 120)) {
      const lex = withVectors.search(x.q, { limit: 2, rerank: false }).map(key);
      const shown = withVectors.search(x.q, { limit: 5 }).map(key);
      for (const h of lex) expect(shown).toContain(h);
    }
  });

  it('holds when the index is rebuilt with a fresh lexicon (a server whose list keeps changing)', () => {
    // A server gone first: the rebuilt index holds fewer documents than it had places.
    const idx = new SearchIndex(large);
    idx.removeConnection('hostinger');
    const churn = (k: number) => ({ tools: Array.from({ length: 50 }, (_, i) => ({ name: `tool_${k}_${i}`, description: Array.from({ length: 40 }, (_, j) => `w${k}x${i}y${j}`).join(' '), inputSchema: { type: 'object' as const } })), resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 });
    const before = idx.vocabulary;
    let fewer = false;
    for (let k = 0; k < 40; k++) {
      idx.setConnection('churn', entriesOf('churn', 'churn', churn(k)));
      if (idx.vocabulary < before + 2_000 * k) fewer = true;
    }
    expect(fewer).toBe(true); // the lexicon was rebuilt on the way
    idx.removeConnection('churn');
    const fresh = new SearchIndex(large.filter((e) => e.connection !== 'hostinger'));
    for (const x of held.slice(0, 40)) expect(idx.search(x.q, { limit: 5 })).toEqual(fresh.search(x.q, { limit: 5 }));
  });

  it('leaves a catalog it never saw as the word ranking has it', () => {
    const unseen = capturedServers('catalogs-unseen-5').flatMap((s) => entriesOf(s, s, captured(s, 'catalogs-unseen-5')));
    expect(unseen.filter((e) => model.knows(e.name, e.description))).toEqual([]);
    const a = new SearchIndex(unseen);
    const b = new SearchIndex(unseen, undefined, null);
    for (const x of readRequests('search-unseen-13.txt').slice(0, 60)) expect(a.search(x.q, { limit: 10 })).toEqual(b.search(x.q, { limit: 10 }));
  });
});

describe('training', () => {
  it('gives the same model from the same data', () => {
    const sets = ['search-large-holdout-2.txt'];
    const quiet = () => undefined;
    const a = trainDense(sets, quiet);
    const b = trainDense(sets, quiet);
    expect(a.rows).toBe(b.rows);
    expect(a.scales).toBe(b.scales);
    expect(a.vocab).toBe(b.vocab);
    expect(new DenseModel(a).size).toBe(a.df.length);
  });
});
