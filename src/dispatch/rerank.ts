/**
 * A learned second look at a pool of candidates. The first ranking (search-index.ts) matches words:
 * it finds the right server far more often than the right tool of it, and on a request it was never
 * tuned on it ranks the right tool below its best 20 one time in twenty. So the pool is its best 20
 * and the best 20 of two plain rankings of the words as written (all text, and names alone), and the
 * model weighs each member by how the request is put (a question, a plural, a number, a first word
 * that is a verb) crossed with the kind of act its name says, by where each ranking put it, and by
 * how much of the request, and of its rarest word, it has. The weights are a linear model trained
 * listwise on labelled requests as the first ranking saw them before it was tuned on them
 * (bench/train-rerank.ts writes rerank-weights.ts); no vocabulary of any one product is in it.
 */
import { ACTION_VERBS, synonymsOf, terms, words, type RequestWord } from './text.js';

/** How many of the first ranking's best hits join the pool. */
export const LEXICAL_DEPTH = 20;
/** How many of each plain ranking's best hits join the pool. */
export const PLAIN_DEPTH = 20;

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

/** One candidate of the first ranking as the model sees it. */
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

/** What a tool has of a request's words (each weighed by its idf; shares of the request's total). */
export interface Overlap {
  /** Share of the request in the tool's name, and in its name, title, lead sentence, parameter names or server name. */
  name: number;
  all: number;
  /** Share in the lead sentence of its description. */
  lead: number;
  /** Share of the name's words that are request words. */
  namePrecision: number;
  /** A request word names its server; another server is named and this one is not. */
  serverNamed: boolean;
  otherServerNamed: boolean;
  /** The request's rarest word is in the tool (anywhere above), in its name. */
  rareHit: boolean;
  rareName: boolean;
  /** Share of request words the tool has nowhere above. */
  missing: number;
}

/** A place in a plain ranking: the rank and the score relative to that ranking's best. */
export interface PlainPlace {
  rank: number;
  rel: number;
}

/** One member of the pool: from the first ranking, a plain ranking, or several. */
export interface PoolMember {
  name: string;
  connection: string;
  /** Parameter names, space-separated. */
  params: string;
  /** Its place and record in the first ranking, when among its best LEXICAL_DEPTH; `cover`: the share of request words it matched there. */
  lexical?: { rank: number; candidate: Candidate; cover?: number };
  /** Its place in the plain ranking of all text, and of names alone. */
  plain?: PlainPlace;
  names?: PlainPlace;
  overlap: Overlap;
  descriptionLength: number;
  /** How many identical tools of other connections are folded into it. */
  twins: number;
}

const PLURAL_LAST = /[^s]s$/;
const ID_PARAM = /\bid\b|Id\b|_id\b/;

/** `0`..`4`, `5-9`, `10-19`, `20+`: a rank in few enough buckets to learn each. */
function bucket(rank: number): string {
  return rank < 5 ? String(rank) : rank < 10 ? '5-9' : rank < 20 ? '10-19' : '20+';
}

/** The features of each pool member (cues crossed with its act, its number, its places in each ranking, its overlap). */
export function features(cues: readonly string[], pool: readonly PoolMember[]): Array<Map<string, number>> {
  const lexTop = pool.find((m) => m.lexical?.rank === 0);
  const top = lexTop?.lexical?.candidate.score || 1;
  const second = pool.find((m) => m.lexical?.rank === 1)?.lexical?.candidate.score ?? 0;
  const plural = cues.includes('plural');
  const q = cues.includes('q');
  const digit = cues.includes('digit');
  // The best local match among the first ranking's candidates of each server: siblings are weighed against each other.
  const bestLocal = new Map<string, number>();
  for (const m of pool) if (m.lexical) bestLocal.set(m.connection, Math.max(bestLocal.get(m.connection) ?? 0, m.lexical.candidate.local));
  const perServer = new Map<string, number>();
  for (const m of pool) perServer.set(m.connection, (perServer.get(m.connection) ?? 0) + 1);
  const seen = new Map<string, number>();
  return pool.map((m) => {
    const f = new Map<string, number>();
    const kind = actKind(m.name);
    for (const c of cues) f.set(`${kind}|${c}`, 1);
    const ws = words(m.name);
    const pl = PLURAL_LAST.test(ws[ws.length - 1] ?? '');
    f.set(`tpl${pl}|rpl${plural}`, 1);
    f.set(`tpl${pl}|q${q}`, 1);
    const nl = terms(m.name).length || 1;
    f.set(`namelen${Math.min(nl, 5)}`, 1);
    f.set(`pid${ID_PARAM.test(m.params)}|digit${digit}`, 1);
    f.set('sameserver', lexTop && m.connection === lexTop.connection ? 1 : 0);
    const own = seen.get(m.connection) ?? 0;
    seen.set(m.connection, own + 1);
    f.set(`srvrank${Math.min(own, 3)}`, 1);
    f.set('srvn', Math.log(1 + perServer.get(m.connection)!));
    if (m.lexical) {
      const h = m.lexical.candidate;
      f.set('logrel', Math.log(Math.max(1e-3, h.score / top)));
      f.set(`rank${bucket(m.lexical.rank)}`, 1);
      f.set('namefrac', Math.min(1, h.inName / nl));
      f.set('noname', h.inName === 0 ? 1 : 0);
      f.set('desconly', h.inName === 0 && h.inTitle === 0 ? 1 : 0);
      const best = bestLocal.get(m.connection)!;
      f.set('loc', best > 0 ? h.local / best : 0);
      f.set('locbest', best > 0 && h.local >= best ? 1 : 0);
      f.set('lexcover', m.lexical.cover ?? 0);
      // How far the first ranking's best stands above its second: a clear lead is seldom wrong.
      if (m.lexical.rank === 0) f.set('lead', Math.min(3, -Math.log(Math.max(1e-3, second / top))));
    } else f.set('nolex', 1);
    for (const [key, place] of [['plain', m.plain], ['names', m.names]] as const) {
      if (!place) f.set(`no${key}`, 1);
      else {
        f.set(`${key}${place.rank < 3 ? place.rank : place.rank < 10 ? '3-9' : '10+'}`, 1);
        f.set(`${key}rel`, place.rel);
      }
    }
    const o = m.overlap;
    f.set('ovname', o.name);
    f.set('ovall', o.all);
    f.set('ovlead', o.lead);
    f.set('nameprec', o.namePrecision);
    if (o.serverNamed) f.set('srvnamed', 1);
    if (o.otherServerNamed) f.set('othernamed', 1);
    if (o.rareHit) f.set('rarehit', 1);
    if (o.rareName) f.set('rarename', 1);
    f.set('missing', o.missing);
    f.set('desclen', Math.log(1 + m.descriptionLength) / 5);
    f.set('twins', Math.log(1 + m.twins));
    return f;
  });
}

/** A feature vector's value under `weights`. */
export function value(weights: ReadonlyMap<string, number>, f: ReadonlyMap<string, number>): number {
  let s = 0;
  for (const [k, v] of f) s += (weights.get(k) ?? 0) * v;
  return s;
}

/** The pool's order under `weights`, best first (the pool's own order breaks ties), with each member's value. */
export function rerankOrder(weights: ReadonlyMap<string, number>, cues: readonly string[], pool: readonly PoolMember[]): { order: number[]; values: number[] } {
  const values = features(cues, pool).map((f) => value(weights, f));
  return { order: pool.map((_, i) => i).sort((a, b) => values[b]! - values[a]! || a - b), values };
}
