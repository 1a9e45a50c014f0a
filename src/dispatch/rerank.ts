/**
 * A learned second look at the best candidates of a search. The first ranking (search-index.ts) is
 * lexical: it finds the right server far more often than the right tool of it. Which sibling is meant
 * (get or list, create or update) depends on how the request is put: a question, a plural, a number,
 * a first word that is a verb. Those cues, crossed with the kind of act each candidate's name says,
 * are weighed by a linear model trained pairwise on labelled requests (bench/train-rerank.ts writes
 * rerank-weights.ts); no vocabulary of any one product is in it.
 */
import { ACTION_VERBS, synonymsOf, terms, words, type RequestWord } from './text.js';

/** How many of the first ranking's hits the model reorders. */
export const RERANK_DEPTH = 10;

/** Kinds of act a tool's name can say, by its first action word. */
const ACT_KINDS: Record<string, string> = {
  read: 'get read fetch retrieve view show describe info detail inspect',
  list: 'list browse enumerate',
  search: 'search find lookup query',
  create: 'create add new make insert generate',
  update: 'update edit modify change set rename patch put replace move',
  delete: 'delete remove archive destroy drop clear purge cancel revoke',
  run: 'run execute trigger start invoke deploy',
  send: 'send post reply forward share invite publish',
  check: 'check validate analyze test audit',
  count: 'count stat summary',
};
const KIND = new Map<string, string>();
for (const [k, ws] of Object.entries(ACT_KINDS)) for (const t of terms(ws)) if (!KIND.has(t)) KIND.set(t, k);
const ACTS = new Set(terms(ACTION_VERBS));

function kindOf(term: string): string | undefined {
  return KIND.get(term) ?? synonymsOf(term).map((s) => KIND.get(s)).find((k) => k !== undefined);
}

/** The kind of act a tool's name says: its first action word's kind, another act, or none. */
export function actKind(name: string): string {
  for (const t of terms(name)) {
    const k = KIND.get(t);
    if (k) return k;
    if (ACTS.has(t)) return 'otherverb';
  }
  return 'none';
}

const MANY = /\b(?:all|every|each|any)\b/;
const NEW = /\bnew\b/;
const TO_VALUE = /\b(?:to|as|into)\s+["'#\d]/;
const QUOTE = /["'`\u201c\u2018]/;
const DIGIT = /\d/;
const NEGATION = /\b(?:not|don't|dont|never|without|no)\b/;
const MINE = /\b(?:my|our)\b/;

/**
 * What in a request's form says which act is meant (lower-case `text`, its words, whether it asks, and
 * the words a question asks about: "which lists are on the board" asks about a thing, not an act).
 */
export function requestCues(lower: string, req: readonly RequestWord[], question: boolean, asked: ReadonlySet<string> = new Set()): string[] {
  const c = new Set<string>(['bias']);
  if (question) c.add('q');
  const first = req[0];
  if (first) c.add(`first:${asked.has(first.word) ? 'noun' : (kindOf(first.term) ?? (ACTS.has(first.term) ? 'otherverb' : 'noun'))}`);
  for (const r of req) {
    const k = asked.has(r.word) ? undefined : kindOf(r.term);
    if (k) c.add(`has:${k}`);
    if (r.plural && r.role === 'head') c.add('plural');
  }
  if (MANY.test(lower)) c.add('many');
  if (NEW.test(lower)) c.add('new');
  if (TO_VALUE.test(lower)) c.add('tovalue');
  if (QUOTE.test(lower)) c.add('quoted');
  if (DIGIT.test(lower)) c.add('digit');
  if (NEGATION.test(lower)) c.add('neg');
  if (MINE.test(lower)) c.add('mine');
  if (req.length <= 4) c.add('short');
  return [...c];
}

/** One candidate as the model sees it. */
export interface Candidate {
  name: string;
  connection: string;
  /** Parameter names, space-separated. */
  params: string;
  /** The first ranking's score. */
  score: number;
  /** How well it matches the request against its own server's other tools (SearchIndex.localScore). */
  local: number;
  /** How many request words matched in the name, the title and the description. */
  inName: number;
  inTitle: number;
  inDescription: number;
}

const PLURAL_LAST = /[^s]s$/;
const BULK_WORD = new Set(['all', 'bulk', 'batch', 'many', 'multiple']);
const ID_PARAM = /\bid\b|Id\b|_id\b/;

/** The features of each candidate (cues crossed with its act, its number, its place in the first ranking). */
export function features(cues: readonly string[], cands: readonly Candidate[]): Array<Map<string, number>> {
  const top = cands[0]?.score || 1;
  const plural = cues.includes('plural');
  const q = cues.includes('q');
  const digit = cues.includes('digit');
  const many = cues.includes('many');
  // The best local match among the candidates of each server: siblings are weighed against each other.
  const bestLocal = new Map<string, number>();
  for (const h of cands) bestLocal.set(h.connection, Math.max(bestLocal.get(h.connection) ?? 0, h.local));
  return cands.map((h, i) => {
    const f = new Map<string, number>();
    const kind = actKind(h.name);
    for (const c of cues) f.set(`${kind}|${c}`, 1);
    const ws = words(h.name);
    const pl = PLURAL_LAST.test(ws[ws.length - 1] ?? '');
    f.set(`tpl${pl}|rpl${plural}`, 1);
    f.set(`tpl${pl}|q${q}`, 1);
    // "approve every pending request": the sibling made for all of them at once.
    f.set(`tall${ws.some((w) => BULK_WORD.has(w))}|many${many}`, 1);
    f.set('logrel', Math.log(Math.max(1e-3, h.score / top)));
    f.set(`rank${Math.min(i, 5)}`, 1);
    const nl = terms(h.name).length || 1;
    f.set('namefrac', Math.min(1, h.inName / nl));
    f.set('noname', h.inName === 0 ? 1 : 0);
    f.set('desconly', h.inName === 0 && h.inTitle === 0 ? 1 : 0);
    f.set('sameserver', h.connection === cands[0]!.connection ? 1 : 0);
    f.set(`namelen${Math.min(nl, 5)}`, 1);
    f.set(`pid${ID_PARAM.test(h.params)}|digit${digit}`, 1);
    const best = bestLocal.get(h.connection)!;
    f.set('loc', best > 0 ? h.local / best : 0);
    f.set('locbest', best > 0 && h.local >= best ? 1 : 0);
    return f;
  });
}

/** A feature vector's value under `weights`. */
export function value(weights: ReadonlyMap<string, number>, f: ReadonlyMap<string, number>): number {
  let s = 0;
  for (const [k, v] of f) s += (weights.get(k) ?? 0) * v;
  return s;
}

/** The candidates' order under `weights`, best first (the first ranking's order breaks ties). */
export function rerankOrder(weights: ReadonlyMap<string, number>, cues: readonly string[], cands: readonly Candidate[]): number[] {
  const fs = features(cues, cands);
  const v = fs.map((f) => value(weights, f));
  return cands.map((_, i) => i).sort((a, b) => v[b]! - v[a]! || a - b);
}
