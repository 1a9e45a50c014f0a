/**
 * Learns which words of a tool's name a request's word points to when the right tool's own text
 * lacks it ("a typo in the title" → update, "notes of our retro" → figjam): a translation table from
 * users' words to tools' words, counted over labelled requests. bench/train-rerank.ts runs it on the
 * training sets and writes src/dispatch/learned-words.ts; the search reads each entry as a weak
 * synonym (SearchIndex) for the tools (by name) it was learned from, so a request word nothing in
 * the catalog says still finds the tool, and pulls no other tool towards it.
 *
 * Only words that recur: a pair must be seen in minRequests requests of minSets sets (writers),
 * say the tool word in at least minShare of the requests with the word, and minLift times more
 * often than the tool word is said by requests at large. Left out: ids and numbers (letters only),
 * the names of people and places (a word mostly capitalised mid-sentence: "ask Dana", "in Kyoto"), a
 * pair the hand-written synonyms have already, a request word the tool's text has (nothing to learn),
 * and one that names a server or a sub-product ("outlook", "bright data": the index reads those).
 */
import type { Catalog } from '../src/mcp/connection.js';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { normalizeQuery, requestWords, synonymsOf, termOfWord, terms, words } from '../src/dispatch/text.js';
import { readRequests, splitAnswer } from './requests.js';

// Chosen in the twenty-first round by cross-validation over the 17,860 requests of 66 sets, five
// folds by set, words and reranker learned without the scored sets: 3 requests of 3 sets at 0.4 gave
// 0.816 / 0.960, 2 of 2 at 0.55 0.820 / 0.961 (0.824 / 0.962 with the LambdaRank training). In the
// twenty-second, read for their own tools only, over 18,689 requests by set / by server: at 0.55
// 0.831 / 0.962 and 0.790 / 0.951, at 0.7 0.834 / 0.963 and 0.789 / 0.951, at 0.9 0.837 / 0.964
// and 0.787 / 0.951 (each learned word pulls harder on a tool of the same name elsewhere).
/** The thresholds and weight of learnWords (exported so an experiment can vary them). */
export const LEARN_OPTIONS = {
  minRequests: 2,
  minSets: 2,
  /** Servers whose tools a pair must have been seen for (1: any). */
  minServers: 1,
  minShare: 0.25,
  minLift: 10,
  perWord: 3,
  /** A learned word's weight at full share (≥ 0.5 of its requests); a synonym of the hand-written groups counts 0.5. */
  weight: 0.7,
};
const LETTERS = /^[a-z]{3,}$/;
const TOOL_WORD = /^[a-z]{2,}$/;
// A word mid-sentence (after a lower-case letter or a comma and a space) with its first letter.
const MID_WORD = /(?<=[a-z,;:] )[A-Za-z]+/g;

/** Request term → the tool-name terms it points to (term, weight, spelling), learned from the requests of `sets` that `keep` keeps, over `servers`. */
export function learnWords(
  sets: readonly string[],
  servers: ReadonlyArray<{ server: string; catalog: Catalog }>,
  o: typeof LEARN_OPTIONS = LEARN_OPTIONS,
  keep: (x: { q: string; expect: string[] }, set: string) => boolean = () => true,
): Map<string, Array<[string, number, string, string[]]>> {
  const tools = new Map<string, { name: Set<string>; all: Set<string> }>();
  // How tool names spell each term (the commonest spelling), for `why`.
  const spellings = new Map<string, Map<string, number>>();
  for (const { server, catalog } of servers) {
    for (const t of catalog.tools) {
      for (const w of words(t.name)) {
        const term = termOfWord(w);
        if (!term) continue;
        const m = spellings.get(term) ?? new Map<string, number>();
        m.set(w, (m.get(w) ?? 0) + 1);
        spellings.set(term, m);
      }
      const head = `${t.name} ${t.title ?? ''}`;
      const params = Object.keys((t.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).join(' ');
      tools.set(`${server}/${t.name}`, { name: new Set(terms(head)), all: new Set(terms(`${head} ${t.description ?? ''} ${params}`)) });
    }
  }
  // Words that name a server or a sub-product are the index's to read (a product is not a synonym).
  const index = new SearchIndex(servers.flatMap((s) => entriesOf(s.server, s.server, s.catalog)), new Map());
  const withWord = new Map<string, number>();
  const withToolWord = new Map<string, number>();
  const pairs = new Map<string, { n: number; sets: Set<string>; servers: Set<string>; tools: Set<string> }>();
  const capitals = new Map<string, [seen: number, capital: number]>();
  let requests = 0;
  for (const set of sets) {
    for (const x of readRequests(set).filter((r) => keep(r, set))) {
      for (const m of x.q.matchAll(MID_WORD)) {
        const t = termOfWord(m[0].toLowerCase());
        if (!t) continue;
        const c = capitals.get(t) ?? [0, 0];
        c[0]++;
        if (m[0][0] !== m[0][0]!.toLowerCase()) c[1]++;
        capitals.set(t, c);
      }
      const tool = tools.get(x.expect[0]!);
      if (!tool) continue;
      requests++;
      for (const t of tool.name) withToolWord.set(t, (withToolWord.get(t) ?? 0) + 1);
      const said = [...new Set(requestWords(normalizeQuery(x.q)).map((r) => r.term))];
      // (The request's own terms: its text is far under the search's bound, so they are the same.)
      const naming = index.namingTermsOf(said);
      for (const w of said) {
        withWord.set(w, (withWord.get(w) ?? 0) + 1);
        if (tool.all.has(w) || naming.has(w)) continue;
        for (const t of tool.name) {
          if (said.includes(t)) continue;
          const k = `${w} ${t}`;
          const p = pairs.get(k) ?? { n: 0, sets: new Set<string>(), servers: new Set<string>(), tools: new Set<string>() };
          p.n++;
          p.sets.add(set);
          const [server, name] = splitAnswer(x.expect[0]!);
          p.servers.add(server);
          p.tools.add(name);
          pairs.set(k, p);
        }
      }
    }
  }
  const out = new Map<string, Array<[string, number, string[]]>>();
  for (const [k, p] of pairs) {
    if (p.n < o.minRequests || p.sets.size < o.minSets || p.servers.size < o.minServers) continue;
    const [w, t] = k.split(' ') as [string, string];
    if (!LETTERS.test(w) || !TOOL_WORD.test(t)) continue;
    const share = p.n / withWord.get(w)!;
    if (share < o.minShare || share / (withToolWord.get(t)! / requests) < o.minLift) continue;
    const cap = capitals.get(w);
    if (cap && cap[1] * 2 >= cap[0]) continue;
    if (synonymsOf(w).includes(t)) continue;
    const l = out.get(w) ?? [];
    l.push([t, share, [...p.tools].sort()]);
    out.set(w, l);
  }
  const spelt = (t: string) => [...(spellings.get(t) ?? [])].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? t;
  const table = new Map<string, Array<[string, number, string, string[]]>>();
  for (const w of [...out.keys()].sort()) {
    const l = out.get(w)!.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    table.set(w, l.slice(0, o.perWord).map(([t, share, names]): [string, number, string, string[]] => [t, Number((o.weight * Math.min(1, share / 0.5)).toFixed(3)), spelt(t), names]));
  }
  return table;
}
