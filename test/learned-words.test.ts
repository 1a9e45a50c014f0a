/**
 * The learned words (src/dispatch/learned-words.ts): what bench/learn-words.ts learns from the
 * training sets, nothing edited by hand, and read by the search as weak synonyms.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { LEARNED_WORDS } from '../src/dispatch/learned-words.js';
import { synonymsOf } from '../src/dispatch/text.js';
import { captured, capturedServers } from './helpers/catalogs.js';

const ROOT = path.join(import.meta.dirname, '..');
const entries = capturedServers().flatMap((s) => entriesOf(s, s, captured(s)));
const shipped = new SearchIndex(entries);
const without = new SearchIndex(entries, new Map());
const top5 = (idx: SearchIndex, q: string) => idx.search(q, { limit: 5 }).map((h) => `${h.connection}/${h.name}`);

describe('the learned words', () => {
  it('are what bench/learn-words.ts learns from the training sets (nothing edited by hand)', async () => {
    const trainer = (await import(path.join(ROOT, 'dist/bench/train-rerank.js'))) as typeof import('../bench/train-rerank.js');
    const learned = trainer.trainingWords();
    expect(learned.size).toBeGreaterThan(100);
    expect([...LEARNED_WORDS.keys()]).toEqual([...learned.keys()]);
    for (const [w, l] of learned) expect(LEARNED_WORDS.get(w), w).toEqual(l);
  }, 240_000);

  it('are words of letters, no hand-written synonym again, each a little stronger than a synonym at most', () => {
    for (const [w, l] of LEARNED_WORDS) {
      expect(w).toMatch(/^[a-z]{3,}$/);
      expect(l.length).toBeLessThanOrEqual(3);
      for (const [t, weight] of l) {
        expect(synonymsOf(w)).not.toContain(t);
        expect(weight).toBeGreaterThan(0);
        // bench/learn-words.ts's weight at full share: 0.7 (read for their own tools only), a hand-written synonym counts 0.5.
        expect(weight).toBeLessThanOrEqual(0.7);
      }
    }
  });

  it('find a tool by a word its text never says, and say so in why', () => {
    const q = 'put our retro notes on a whiteboard';
    expect(top5(without, q).some((n) => n.startsWith('figma-console/figjam_'))).toBe(false);
    const hits = shipped.search(q, { limit: 5 });
    const hit = hits.find((h) => h.name.startsWith('figjam_'));
    expect(hit?.why).toMatch(/→figjam/);
  });

  it('are read only for the tools they were learned for: another tool whose name has the word gains nothing', () => {
    // Read everywhere, a word learned for one server's tools pulled other servers' tools towards it
    // (cross-validated by server: 0.788 / 0.948 against 0.791 / 0.952 without learned words).
    const github = entriesOf('github', 'github', captured('github'));
    const learned = new Map([['zorblax', [['comment', 0.55, 'comment', ['add_issue_comment']] as const]]]);
    const hits = new SearchIndex(github, learned).search('zorblax on issue 5 in the web repo', { limit: 10, rerank: false });
    expect(hits.find((h) => h.name === 'add_issue_comment')?.why).toMatch(/zorblax→comment/);
    // get_pull_request_comments and the tools with a comment parameter have the word too.
    expect(hits.filter((h) => h.name !== 'add_issue_comment' && /zorblax/.test(h.why ?? '')).map((h) => h.name)).toEqual([]);
    for (const [, l] of LEARNED_WORDS) for (const [, , , tools] of l) expect(tools.length).toBeGreaterThan(0);
  });

  it('are read only where the request says the word', () => {
    const q = 'list the open pull requests on acme/api';
    expect(top5(shipped, q)).toEqual(top5(without, q));
  });
});
