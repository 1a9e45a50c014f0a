import type { Catalog } from '../mcp/connection.js';
import type { CapabilityType } from './schema.js';
import { LEARNED_WORDS, type LearnedWords } from './learned-words.js';
import { THESAURUS } from './thesaurus-words.js';
import { ACTION_VERBS, isPlural, isVerbWord, normalizeQuery, requestWords, spelling, synonymsOf, termOfWord, terms, weightedSynonymsOf, words as splitWords, type RequestWord, type Role } from './text.js';
import { productKinds, toolKinds } from './products.js';
import { Lexicon } from './lexicon.js';
import { RERANK_DEPTH, requestCues, rerankOrder, type Candidate } from './rerank.js';
import { RERANK_WEIGHTS } from './rerank-weights.js';
import { shortDescription } from './short-description.js';
import { cosine, denseModel, denseTerms, distinctWords, toolBag, type DenseModel } from './dense.js';

export { shortDescription };

/** One searchable capability. */
export interface IndexEntry {
  id: string;
  connection: string;
  type: CapabilityType;
  /** Tool or prompt name, or resource URI. */
  name: string;
  title: string;
  description: string;
  params: string;
  annotations: string;
  server: string;
  /** Same for identical capabilities on different connections (name, description, parameters). */
  signature: string;
}

/** A ranked search hit. */
export interface SearchHit {
  connection: string;
  type: CapabilityType;
  name: string;
  score: number;
  description: string;
  /** The request's words that matched, by field: `name: read file; desc: contents`. */
  why: string;
  /** Other connections offering an identical capability (folded into this hit). */
  also?: string[];
}

/** Options of a search. */
export interface SearchOptions {
  limit?: number;
  type?: CapabilityType;
  /** Only these connections (aliases); all when absent. */
  connections?: ReadonlySet<string>;
  /** Only entries this accepts (a client's token may see fewer tools than the index holds). */
  accept?: (connection: string, type: CapabilityType, name: string) => boolean;
  /** false: the lexical ranking alone, without the learned second look at its best hits (rerank.ts). */
  rerank?: boolean;
}

/** A search's hits before the learned second look, with what that model reads of them. */
export interface FirstRanking {
  hits: SearchHit[];
  candidates: Candidate[];
  cues: string[];
  /** Each hit's document. */
  ids: number[];
  /** Each hit's verb and number factors (at most 1): below 1 where its name's act, state or number is not the one asked for. */
  fit: number[];
  /** The request's distinct words as requestWords reads the normalised request (what the learned vectors read). */
  words: RequestWord[];
  /** The connections the request names (or a sub-product of which it names). */
  named: ReadonlySet<string>;
}

// Bounds on indexed text: a schema walk stops this deep, a field keeps this many characters.
const SCHEMA_DEPTH = 2;
const MAX_PARAMS_CHARS = 1500;

function schemaText(schema: unknown, names: string[], prose: string[], depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > SCHEMA_DEPTH) return;
  const props = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const [k, v] of Object.entries(props)) {
    names.push(k);
    const d = (v as { description?: unknown })?.description;
    if (typeof d === 'string') prose.push(d);
    const en = (v as { enum?: unknown })?.enum;
    if (Array.isArray(en)) prose.push(en.filter((x) => typeof x === 'string').join(' '));
    schemaText(v, names, prose, depth + 1);
    const items = (v as { items?: unknown })?.items;
    if (items) schemaText(items, names, prose, depth + 1);
  }
}

function annotationText(a: Record<string, unknown> | undefined): string {
  if (!a) return '';
  const out: string[] = [];
  if (a.readOnlyHint === true) out.push('read only');
  if (a.destructiveHint === true) out.push('destructive');
  return out.join(' ');
}

/** Entries for every tool, resource, resource template and prompt of one connection's catalog. */
export function entriesOf(alias: string, serverName: string, cat: Catalog): IndexEntry[] {
  const out: IndexEntry[] = [];
  for (const t of cat.tools) {
    const names: string[] = [];
    const prose: string[] = [];
    schemaText(t.inputSchema, names, prose);
    const params = `${names.join(' ')}\n${prose.join(' ')}`.slice(0, MAX_PARAMS_CHARS);
    const title = t.title ?? (t.annotations?.title as string | undefined) ?? '';
    out.push({
      id: `${alias}\u0000tool\u0000${t.name}`, connection: alias, type: 'tool', name: t.name, title,
      description: t.description ?? '', params, annotations: annotationText(t.annotations as Record<string, unknown> | undefined), server: serverName,
      signature: `tool\u0000${t.name}\u0000${t.description ?? ''}\u0000${names.join(',')}`,
    });
  }
  for (const r of cat.resources) {
    out.push({ id: `${alias}\u0000resource\u0000${r.uri}`, connection: alias, type: 'resource', name: r.uri, title: `${r.name} ${r.title ?? ''}`, description: r.description ?? '', params: r.mimeType ?? '', annotations: '', server: serverName, signature: `resource\u0000${r.uri}\u0000${r.description ?? ''}` });
  }
  for (const r of cat.resourceTemplates) {
    out.push({ id: `${alias}\u0000resource\u0000${r.uriTemplate}`, connection: alias, type: 'resource', name: r.uriTemplate, title: `${r.name} ${r.title ?? ''}`, description: r.description ?? '', params: r.mimeType ?? '', annotations: '', server: serverName, signature: `template\u0000${r.uriTemplate}\u0000${r.description ?? ''}` });
  }
  for (const p of cat.prompts) {
    const params = (p.arguments ?? []).map((a) => `${a.name} ${a.description ?? ''}`).join(' ');
    out.push({
      id: `${alias}\u0000prompt\u0000${p.name}`, connection: alias, type: 'prompt', name: p.name, title: p.title ?? '', description: p.description ?? '',
      params, annotations: '', server: serverName, signature: `prompt\u0000${p.name}\u0000${p.description ?? ''}\u0000${params}`,
    });
  }
  return out;
}

/** Indexed fields, in the order of the arrays below (params: their names, then their descriptions). */
const FIELDS = ['name', 'title', 'lead', 'rest', 'params', 'paramText', 'server'] as const;
const NF = FIELDS.length;
const SERVER_FIELD = NF - 1;
/** How much a word in each field says: the tool's name most, long usage notes least. */
export const FIELD_WEIGHT = [3, 2, 1.5, 0.4, 0.6, 0.2, 1];
/** Length normalisation per field (BM25 b): a word in a 5,000-word description says almost nothing. */
const FIELD_B = [0.3, 0.3, 0.5, 0.9, 0.5, 0.8, 0.2];
/** The lexicon is rebuilt when it holds more than this many times the live terms, plus the slack. */
const DEAD_TERMS_FACTOR = 3;
const DEAD_TERMS_SLACK = 50_000;
/** What the `why` of a hit calls each field. */
const FIELD_LABEL = ['name', 'title', 'desc', 'desc', 'params', 'params', 'server'];
/** A request word counts as covered in full by this weighted frequency (a match in the name). */
const FULL_MATCH = 3;
/** How much a tool whose name is all request words gains over one whose name has none of them. */
const NAME_PRECISION = 1;
/** A description beyond its lead sentence is indexed up to this many words (long usage notes are noise). */
const MAX_REST_WORDS = 300;
const K1 = 1.2;
/** A synonym counts this much of the word it stands for; a word found by prefix, this much. */
const SYNONYM_WEIGHT = 0.5;
/** Among a server's own tools (localScore), a word in the name or title counts most, in the parameter names least. */
const LOCAL_FIELD_WEIGHT = [3, 3, 1, 1, 0.5];
const PREFIX_WEIGHT = 0.5;
/** A thesaurus word's weight (a learned word's, read for its own tools only, is up to 0.7). */
const THESAURUS_WEIGHT = 0.4;
/** Longer words are not looked up for a typo: the edits to try grow with the length. */
const MAX_TYPO_WORD = 20;
/** At most this many words of one request are looked up for a typo (each is compared with every server's name). */
const MAX_TYPO_GUESSES = 4;
const MAX_PREFIX_TERMS = 12;
/** Tools of a server the request names ("…with tavily", "in our gitlab") count this much more. */
const SERVER_NAMED = 3;
/** What the naming word adds to each tool of the server it names (a fraction of its idf). */
const NAMED_CREDIT = 0.5;
/** A hit's description is cut here: with `why`, a 10-hit answer stays within its former size. */
const DESCRIPTION_CHARS = 64;
const MAX_QUERY_CHARS = 2000;
const MAX_QUERY_TERMS = 32;
/** Hits scoring below this fraction of the best one are left out. */
const MIN_RELATIVE_SCORE = 0.05;
/** Words that name no server even when a server's name contains them. */
const GENERIC_SERVER_WORDS = new Set(['mcp', 'server', 'serv', 'api', 'tool', 'client', 'official', 'modelcontextprotocol', 'io', 'com', 'ai']);

const VERSION = /^v\d{1,3}$/;
/** Verbs that destroy or undo: a tool named by one ranks lower unless the request asks for it. */
const DESTRUCTIVE = new Set(terms('delete remove archive drop destroy purge cancel revoke uninstall clear reset truncate kill terminate wipe empty decline reject unlink unpublish deactivate disable unassign stop'));
const UNASKED_DESTRUCTIVE = 0.7;
/** Verbs that say what a tool does: when the request has one, a tool named by other verbs only ranks lower. */
const ACTIONS = new Set(terms(ACTION_VERBS));
const OTHER_VERB = 0.8;
const SAME_VERB = 1.1;
/**
 * Verbs tool names use for one kind of act: `get_deployments` is what "list deployments" asks for,
 * so a verb of the asked verb's family is no other verb.
 */
const FAMILY = new Map<string, number>();
['get list read fetch retrieve show describe view display load open info', 'search find query lookup locate', 'create add new make insert post generate write', 'update edit modify set change patch put rename'].forEach((f, i) => {
  for (const t of terms(f)) FAMILY.set(t, i);
});
/** Common words that are also server names (the reference server "everything", monday.com): after these words, they name it. */
const AMBIGUOUS_NAMES = new Map<string, string[]>([
  ...['everything', 'anything', 'something', 'nothing', 'everyone', 'anyone', 'someone'].map((w) => [w, ['in', 'on', 'with', 'using', 'via', 'from', 'through']] as [string, string[]]),
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((w) => [w, ['in', 'with', 'using', 'via', 'from', 'through', 'into', 'the', 'our', 'my']] as [string, string[]]),
]);
/** True when `w` in `text` is used as a name: "on everything", "in monday", "the everything server". */
function namesPlace(text: string, w: string): boolean {
  const by = AMBIGUOUS_NAMES.get(w)!;
  for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) {
    const before = text.slice(Math.max(0, i - 12), i).trim().split(/\s+/).pop() ?? '';
    const after = text.slice(i + w.length, i + w.length + 8).trim().split(/[\s.]+/)[0] ?? '';
    if (by.includes(before) || ['server', 'mcp', 'com'].includes(after)) return true;
  }
  return false;
}
/** Words that ask to undo an act ("undo that mute"). */
const UNDO = new Set(terms('undo reverse revert drop restore'));
const UPDATE = terms('update')[0]!;
/** What is changed by doing it again (retitle, reassign, retarget); not "remember" or "record". */
const RE_CHANGES = new Set('title assign target name label size schedule order prioritize tag categorize color word format style price number date'.split(' '));
/** A request asking a question: it reads. At the start, or after a product named first ("onenote: which notebooks do i have?"). */
const QUESTION = /^\s*(?:[\w .-]{1,30}:\s*)?(what|what's|whats|which|who|who's|whose|where|when|why|how|is|are|was|were|does|did|has|have|had)\b/i;
/** A question by its end (also a full-width ？ or a Chinese or Japanese question particle) or by a CJK question word. */
const ASKS = /[?\uff1f]\s*$|[吗嗎呢か][?\uff1f\u3002]?\s*$|哪|什么|什麼|谁|誰|どの|どれ|どこ|いつ/;
/** The word a question asks about ("which lists are on the board"): a noun, even when spelled like a verb. */
const ASKED_ABOUT = /\b(?:which|what|how many)\s+([a-z]+)/gi;
/** A tool whose name has the asked act only as a state (get_completed_tasks for "complete the task") ranks this much lower. */
const STATE_NOT_ACT = 0.7;
/** A verb's form that says a state in a question: assigned, watching. */
const STATE_FORM = /(ed|ing)$/;
/** A word after a form of "be" says a state ("which pull requests are open", "what's linked", "WEB-88 is done"), not an act. */
const AFTER_BE = /(?:\b(?:is|are|was|were|been|being)|\b(?:what|that|it|who|which|there|where)['\u2019]s)\s+(?:(?:not|still|already|currently|now|all|being)\s+)?([a-z]+)/gi;
const READ_VERBS = terms('get list read fetch retrieve show describe view display info search find query lookup count check status analyze debug diagnose inspect explain monitor');
/** Words in a tool's name that say it works on many at once (batch_delete_emails), and in a request that asks for many. */
const BATCH = new Set(terms('batch bulk multiple many'));
const MANY = new Set(terms('all every batch bulk multiple many several bunch each'));
/** A batch tool for a request about one thing, or a one-at-a-time tool for one about many, ranks this much lower. */
const UNASKED_BATCH = 0.85;
/** Words in a tool's name that make it a special case of a plainer tool (create-draft-email beside send-mail). */
const SPECIAL = new Set(terms('draft preview template pending'));
const UNASKED_SPECIAL = 0.85;
/** How much a word counts by its part of the request (see `requestWords`). */
const ROLE_WEIGHT: Record<Role, number> = { head: 1, place: 0.7, topic: 0.5, quoted: 0.5 };
/**
 * A plain word of the request that a phrase rule took out counts this much (firstRanking). Rules are
 * written for the products they were read from; a new product may name its tool in the very words a
 * rule rewrote. Acts and function words are not read back (withoutValues, firstRanking): a rule that
 * takes an act out decides the act. At 0.5 (0.3–1 measured) the never-read unseen sets 9–10 went from
 * 0.788 to 0.801 top-5 among 9,022 tools and the tuned sets did not move; at 0.3 nothing moved.
 */
const LOST_WEIGHT = 0.5;

/**
 * The request's plain content words only: each whitespace-separated token that, its surrounding
 * punctuation trimmed, is letters (with inner ' or -) in one case or capitalised, of four letters or
 * more and no function word. Left out: a value (a URL, a path, an address, an id), a name in mixed
 * case (arXiv would split into "ar xiv"), and the two words after a negation ("don't publish it": a
 * rule took "publish" out on purpose).
 */
export function withoutValues(text: string): string {
  const out: string[] = [];
  let skip = 0;
  for (const tok of text.split(/\s+/)) {
    let a = 0, b = tok.length;
    while (a < b && TRIM.has(tok[a]!)) a++;
    while (b > a && TRIM.has(tok[b - 1]!)) b--;
    const w = tok.slice(a, b);
    const lower = w.toLowerCase();
    if (NEGATION_WORDS.has(lower) || lower.endsWith("n't")) {
      skip = 2;
      continue;
    }
    if (skip > 0) {
      skip--;
      continue;
    }
    if (w.length >= 4 && PLAIN_TOKEN.test(w) && ONE_CASE.test(w) && !FUNCTION_WORDS.has(lower)) out.push(w);
  }
  return out.join(' ');
}
const TRIM = new Set('()[]{}"\'`,.;:!?\u201c\u201d\u2018\u2019\u00ab\u00bb'.split(''));
const PLAIN_TOKEN = /^\p{L}[\p{L}'-]*$/u;
// All small, all capitals, or a capital then small letters: not a mixed-case name (arXiv, iPhone).
const ONE_CASE = /^(?:\p{Lu}?[\p{Ll}'-]*|[\p{Lu}'-]+)$/u;
const NEGATION_WORDS = new Set(['not', 'no', 'never', 'without', 'nothing', 'dont', 'nor', 'none']);
const FUNCTION_WORDS = new Set('once also just even ever only very much many more most less such than then them they their there these those what when where which while with from into onto over under about after before again really maybe please thing things stuff some every each other another anything something everything same like'.split(' '));
/** A name word in the request's number ("deployments" for get_deployments) counts this much more, in the other number this much less. */
const SAME_NUMBER = 1.08;
const OTHER_NUMBER = 0.88;
/** A word that only one server's tool names use (a sub-product: onedrive, outlook, figjam) counts its server's tools this much more. */
const SUBPRODUCT_NAMED = 1.5;
/** Within a named server, its name in a tool's name still counts this much (search_apple_docs for "search apple docs"). */
const NAMING_IN_NAME = 0.3;

/** What a tool's name says besides its words: its verb, its destructive and special words, the number of its nouns, and states. */
function nameParts(nameWords: readonly string[], name: string[]): Pick<Doc, 'undoes' | 'verbs' | 'plural' | 'singular' | 'batch' | 'special' | 'states'> {
  const plural: string[] = [];
  const singular: string[] = [];
  const states: string[] = [];
  for (const w of nameWords) {
    const t = termOfWord(w);
    if (t && !isVerbWord(w)) (isPlural(w) ? plural : singular).push(t);
    // get_completed_tasks: "completed" says which tasks, not what the tool does.
    if (t && w.endsWith('ed') && ACTIONS.has(t)) states.push(t);
  }
  return { undoes: name.filter((t) => DESTRUCTIVE.has(t)), verbs: name.filter((t) => ACTIONS.has(t)).slice(0, 1), plural, singular, batch: name.some((t) => BATCH.has(t)), special: name.filter((t) => SPECIAL.has(t)), states };
}

interface Doc {
  entry: IndexEntry;
  /** Words per field. */
  len: Float64Array;
  /** Distinct terms (lexicon ids), for removal and lookup. */
  terms: number[];
  /** Each of `terms`' packed frequencies in this document (its posting). */
  values: number[];
  alive: boolean;
  /** Destructive verbs in the name (delete, cancel, …). */
  undoes: string[];
  /** The name's verb: its first action word (`update` in update-todo-task-list, not `list`). */
  verbs: string[];
  /** Name terms spelled plural (`getDeployments`) and singular (`listDeploymentFiles`). */
  plural: string[];
  singular: string[];
  /** The name says it works on many at once (batch, bulk, multiple). */
  batch: boolean;
  /** Special-case words in the name (draft, preview, …). */
  special: string[];
  /** Action words in the name in a state's form (`completed` in get_completed_tasks). */
  states: string[];
}

/**
 * Per-field term frequencies of one document for one term, packed 7 bits a field into one number
 * (a frequency above 127 is saturated long before): no small array per posting to allocate.
 */
type Posting = number;
const TF_MAX = 127;
const SHIFT = [1, 128, 128 ** 2, 128 ** 3, 128 ** 4, 128 ** 5, 128 ** 6];
const tfOf = (p: Posting, f: number) => Math.floor(p / SHIFT[f]!) % 128;

/**
 * One term's documents in the order they were indexed, with their packed frequencies: two arrays
 * appended to (a Map per term spent half of indexing's own time on 161,000 inserts into growing hash tables).
 */
class Postings {
  // Made with their first document: an array literal of one has room for one, where an empty array's
  // first push makes room for seventeen, and most terms are in one or two documents.
  readonly ids: number[];
  readonly values: number[];

  constructor(id: number, value: number) {
    this.ids = [id];
    this.values = [value];
  }
  /** Each document's weighted frequency (SearchIndex.weighted), kept for the length normalisers `tfNorms` it was worked out with. */
  tf?: Float64Array;
  tfNorms?: Float64Array;

  get size(): number {
    return this.ids.length;
  }

  /** Removes the documents in `gone`, keeping the others' order. */
  drop(gone: Set<number>): void {
    let k = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (gone.has(this.ids[i]!)) continue;
      this.ids[k] = this.ids[i]!;
      this.values[k++] = this.values[i]!;
    }
    this.ids.length = k;
    this.values.length = k;
  }
}

/** The packed frequencies of term id `t` in `d`, if it has the term: a scan of its own terms (a few dozen), not a map per term. */
function postingIn(d: Doc, t: number): Posting | undefined {
  const k = d.terms.indexOf(t);
  return k < 0 ? undefined : d.values[k];
}
/** A posting's frequencies below this are those of the fields localScore reads (name to parameter names). */
const LOCAL_FIELDS_MASK = SHIFT[LOCAL_FIELD_WEIGHT.length]!;

/**
 * BM25F index over capabilities, updated one connection at a time. Every field (tool name split into
 * words, title, lead sentence, the rest of the description, parameters, server name) has its own
 * weight and length normalisation, and a term's weighted frequencies are summed across fields
 * before saturation, so matching a word in many places barely beats matching it once in the name,
 * and a very long description cannot win on vocabulary. A request is scored per word (its best
 * form: the word, a synonym at a discount, or index terms it is a prefix of), coverage of the
 * request's rarer words is rewarded, and tools of a server the request names are preferred.
 * (MiniSearch, used before, scores fields independently and cannot remove one connection cheaply.)
 */
export class SearchIndex {
  private readonly docs: Doc[] = [];
  /** Each document's connection, read for every matched document when a request names a server (one array read, not two records). */
  private readonly docConn: string[] = [];
  /** Per document, its learned vector (dense.ts), for the tools the model knows. */
  private readonly docVec: Array<Float32Array | undefined> = [];
  private lex = new Lexicon();
  /** Per term id, its postings (document id → packed frequencies); undefined when no live document has it. */
  private byTerm: Array<Postings | undefined> = [];
  /** Terms with postings. */
  private liveTerms = 0;
  /** The document being added: its packed frequencies per term id, and the ids it has. */
  private tf = new Float64Array(1024);
  private readonly touched: number[] = [];
  private readonly byConnection = new Map<string, number[]>();
  private readonly serverTerms = new Map<string, Set<string>>();
  /** Each connection's names of several words written as one (browsertools): they name it too. */
  private readonly serverJoined = new Map<string, Set<string>>();
  /** What each connection's products are (products.ts), as terms. */
  private readonly serverKinds = new Map<string, Set<string>>();
  /** Per connection, in how many of its tools each term id is (name to parameter names), and how many tools it has. */
  private readonly localDf = new Map<string, { df: Map<number, number>; n: number }>();
  private readonly fieldTotal = new Float64Array(NF);
  private live = 0;
  /** Live terms of four letters or more by their first four: a prefix's terms are in its bucket (built at the first prefix looked up after a change). */
  private prefixBuckets: Map<string, string[]> | null = null;
  /** Which servers a word can name: by a term or joined name of theirs, or as a short prefix of one (namedServers' candidates). */
  private nameLookup: { whole: Map<string, Set<string>>; prefix: Map<string, Set<string>> } | null = null;
  /** Per document and field, BM25F's length normaliser for the index as it is, and each name's length: built at the first search after a change. */
  private lengths?: { norms: Float64Array; nameLen: Float64Array };
  private readonly free: number[] = [];
  private buf?: Scratch;

  /**
   * `learned`: request words → tool-name words learned from labelled requests (learned-words.ts), read
   * as weak synonyms; the trainer passes the table it is learning. `dense`: the learned request vectors
   * (dense.ts), null for none (their trainer's own search).
   */
  constructor(
    entries: IndexEntry[] = [],
    private readonly learned: LearnedWords = LEARNED_WORDS,
    private readonly dense: DenseModel | null = denseModel(),
  ) {
    const groups = new Map<string, IndexEntry[]>();
    for (const e of entries) {
      const g = groups.get(e.connection) ?? [];
      g.push(e);
      groups.set(e.connection, g);
    }
    for (const [c, es] of groups) this.setConnection(c, es);
  }

  /** Number of indexed capabilities. */
  get size(): number {
    return this.live;
  }

  /** Connections with entries in the index. */
  get connections(): string[] {
    return [...this.byConnection.keys()];
  }

  /** Replaces every entry of `connection` with `entries` (none: the connection leaves the index). */
  setConnection(connection: string, entries: IndexEntry[]): void {
    this.removeConnection(connection);
    if (!entries.length) return;
    const ids: number[] = [];
    const server = new Set<string>();
    const joined = new Set<string>();
    const kinds = new Set<string>();
    // The server field's ids, looked up once per server name rather than once per tool.
    const extras = new Map<string, number[]>();
    const localDf = new Map<number, number>();
    for (const e of entries) {
      let x = extras.get(e.server);
      if (!x) {
        const own = terms(e.server);
        const joinedTerms = joinedNames(e.server);
        const kind = terms(productKinds(e.server));
        for (const t of own) if (!GENERIC_SERVER_WORDS.has(t) && t.length > 1) server.add(t);
        for (const t of joinedTerms) joined.add(t);
        for (const t of kind) kinds.add(t);
        extras.set(e.server, (x = this.lex.internAll([...own, ...joinedTerms, ...kind])));
      }
      // The name split once, for all that is read from it (its terms, its parts, its sub-products).
      const nameWords = splitWords(e.name);
      const sub = terms(toolKinds(nameWords));
      ids.push(this.addDoc(e, nameWords, sub.length ? [...x, ...this.lex.internAll(sub)] : x, localDf));
      for (const t of sub) kinds.add(t);
    }
    this.byConnection.set(connection, ids);
    this.serverTerms.set(connection, server);
    this.serverJoined.set(connection, joined);
    this.serverKinds.set(connection, kinds);
    this.localDf.set(connection, { df: localDf, n: ids.length });
    this.forgetDerived();
  }

  /**
   * How well a tool matches the request against its own server's other tools: each request word's
   * best form, weighed by how rare it is among that server's tools. Siblings share the server's
   * vocabulary ("issue" in every GitHub tool); what tells them apart is the word few of them have.
   */
  private localScore(id: number, allVariants: Variant[][], naming: Set<string>, words: string[], nouns: ReadonlySet<string>): number {
    const d = this.docs[id]!;
    const local = this.localDf.get(d.entry.connection);
    if (!local) return 0;
    let s = 0;
    words.forEach((w, i) => {
      if (naming.has(w)) return;
      let best = 0;
      for (const v of allVariants[i]!) {
        if (v.prefix) continue; // a prefix's guesses are not a sibling's difference
        if (v.only && !v.only.has(d.entry.name)) continue;
        // "which lists are on the board": a thing asked about is not list_boards's act.
        if (nouns.has(w) && d.verbs.includes(v.term)) continue;
        const t = this.lex.id(v.term);
        const n = t !== undefined && local.df.get(t);
        const p = n && postingIn(d, t!);
        if (!p) continue;
        let fw = 0;
        for (let f = 0; f < LOCAL_FIELD_WEIGHT.length; f++) if (tfOf(p, f)) fw = Math.max(fw, LOCAL_FIELD_WEIGHT[f]!);
        best = Math.max(best, v.weight * fw * Math.log(1 + (local.n - n + 0.5) / (n + 0.5)));
      }
      s += best;
    });
    return s;
  }

  /** Drops what is worked out from the entries at the first search after a change (prefix buckets, name lookups, length normalisers). */
  private forgetDerived(): void {
    this.prefixBuckets = null;
    this.nameLookup = null;
    this.lengths = undefined;
  }

  /** Removes every entry of `connection`. */
  removeConnection(connection: string): void {
    const ids = this.byConnection.get(connection);
    if (!ids) return;
    // Each term's postings are filtered once, however many of the leaving documents have it.
    const gone = new Set(ids);
    const affected = new Set<number>();
    for (const id of ids) {
      const d = this.docs[id]!;
      for (const t of d.terms) affected.add(t);
      for (let f = 0; f < NF; f++) this.fieldTotal[f]! -= d.len[f]!;
      d.alive = false;
      d.terms = [];
      d.values = [];
      this.live--;
    }
    for (const t of affected) {
      const p = this.byTerm[t]!;
      p.drop(gone);
      if (!p.size) (this.byTerm[t] = undefined), this.liveTerms--;
    }
    for (const id of ids) this.free.push(id);
    this.byConnection.delete(connection);
    this.serverTerms.delete(connection);
    this.serverJoined.delete(connection);
    this.serverKinds.delete(connection);
    this.localDf.delete(connection);
    this.forgetDerived();
    if (this.lex.size > DEAD_TERMS_FACTOR * this.liveTerms + DEAD_TERMS_SLACK) this.compact();
  }

  /** Terms held, live or not (servers that came and went leave theirs until the index is compacted). */
  get vocabulary(): number {
    return this.lex.size;
  }

  /**
   * Indexes the live entries afresh with a new lexicon: a server whose lists keep changing (or
   * inventing words) would otherwise grow the lexicon without bound.
   */
  private compact(): void {
    const groups = [...this.byConnection].map(([c, ids]) => [c, ids.map((id) => this.docs[id]!.entry)] as const);
    this.docs.length = 0;
    this.docConn.length = 0;
    this.docVec.length = 0;
    this.lex = new Lexicon();
    this.byTerm = [];
    this.liveTerms = 0;
    this.live = 0;
    this.free.length = 0;
    this.fieldTotal.fill(0);
    for (const m of [this.byConnection, this.serverTerms, this.serverJoined, this.serverKinds, this.localDf]) m.clear();
    for (const [c, es] of groups) this.setConnection(c, es);
  }

  /**
   * Indexes one entry; `nameWords` are its name's `words`, `server` its server-field term ids (the
   * server name's, its joined name, product and sub-product kinds). `localDf` counts the terms its
   * connection's tools have from name to parameter names.
   */
  private addDoc(e: IndexEntry, nameWords: string[], server: number[], localDf: Map<number, number>): number {
    // Three small steps, not one long function: a first build runs while the compiler works through
    // its functions one at a time, and a step that meets something new is recompiled on its own.
    const { fields, name, joined } = this.fieldIds(e, nameWords, server);
    const id = this.free.pop() ?? this.docs.length;
    const { len, terms, values } = this.post(id, fields, joined, localDf);
    this.docConn[id] = e.connection;
    // Only the tools the model was trained on get a vector: it knows next to nothing of others.
    this.docVec[id] = this.dense && e.type === 'tool' ? this.dense.knownVector(e.name, e.description) : undefined;
    this.docs[id] = { entry: e, len, terms, values, alive: true, ...nameParts(nameWords, name) };
    this.live++;
    return id;
  }

  /** The lexicon ids of each field of `e` (FIELDS' order), its name's terms, and its adjacent name words joined. */
  private fieldIds(e: IndexEntry, nameWords: string[], server: number[]): { fields: number[][]; name: string[]; joined: number[] } {
    const lex = this.lex;
    const lead = shortDescription(e.description, 400);
    const restText = e.description.slice(lead.replace(/…$/, '').length);
    const nl = e.params.indexOf('\n');
    // Version suffixes (hostinger's VPS_getSnapshotV1) say nothing about what a tool does.
    const name: string[] = [];
    for (const w of nameWords) {
      const t = termOfWord(w);
      if (t !== undefined && !VERSION.test(t)) name.push(t);
    }
    const texts = [e.title, lead, restText.slice(0, MAX_REST_WORDS * 12), nl < 0 ? e.params : e.params.slice(0, nl), `${nl < 0 ? '' : e.params.slice(nl + 1)} ${e.annotations}`];
    // Every field's ids in an array made by pushes: map's arrays are of another kind, and the compiled build was thrown away for reading both.
    const fields = [lex.internAll(name)];
    // One call site: the compiler inlines the word splitter once, not once per field.
    for (let k = 0; k < texts.length; k++) fields.push(lex.termIds(texts[k]!, [], k === 2 ? MAX_REST_WORDS : Infinity));
    fields.push(server);
    // Adjacent name words joined ("runNextJSAudit" is also found as "nextjs", "whoAmI" as "whoami").
    const joined: number[] = [];
    for (let i = 0; i + 1 < name.length; i++) joined.push(lex.intern(name[i]! + name[i + 1]!));
    return { fields, name, joined };
  }

  /** Counts document `id`'s terms per field into its postings; its field lengths, distinct terms and their packed frequencies. */
  private post(id: number, fields: number[][], joined: number[], localDf: Map<number, number>): { len: Float64Array; terms: number[]; values: number[] } {
    const lex = this.lex;
    if (this.tf.length < lex.size) {
      const grown = new Float64Array(Math.max(lex.size, this.tf.length * 2));
      grown.set(this.tf);
      this.tf = grown;
    }
    const len = new Float64Array(NF);
    const tf = this.tf;
    const touched = this.touched;
    touched.length = 0;
    for (let f = 0; f < NF; f++) {
      const ts = fields[f]!;
      const shift = SHIFT[f]!;
      // A field of fewer words than TF_MAX cannot saturate a frequency: no need to look.
      const saturates = ts.length > TF_MAX;
      // Indexed loops here and below: this runs for every word before the JIT has compiled it, where for-of calls an iterator per step.
      for (let k = 0; k < ts.length; k++) {
        const t = ts[k]!;
        const p = tf[t]!;
        if (p === 0) touched.push(t);
        if (!saturates || Math.floor(p / shift) % 128 < TF_MAX) tf[t] = p + shift;
      }
      // Pairs of CJK characters are extra ways in, not length: English matches score as they did.
      let cjk = 0;
      if (lex.hasCjk) for (let k = 0; k < ts.length; k++) if (lex.isCjk(ts[k]!)) cjk++;
      len[f] = ts.length - cjk;
      this.fieldTotal[f]! += len[f]!;
    }
    for (let k = 0; k < joined.length; k++) {
      const j = joined[k]!;
      const p = tf[j]!;
      if (p === 0) touched.push(j);
      if (!tfOf(p, 0)) tf[j] = p + 1;
    }
    const byTerm = this.byTerm;
    // The document's frequencies in an array of its own size (pushes would leave room to spare in every document).
    const values = new Array<number>(touched.length);
    for (let k = 0; k < touched.length; k++) {
      const t = touched[k]!;
      const p = tf[t]!;
      values[k] = p;
      tf[t] = 0;
      const m = byTerm[t];
      if (m) m.ids.push(id), m.values.push(p);
      else (byTerm[t] = new Postings(id, p)), this.liveTerms++;
      if (p % LOCAL_FIELDS_MASK) localDf.set(t, (localDf.get(t) ?? 0) + 1);
    }
    return { len, terms: touched.slice(), values };
  }

  /**
   * True when `w` is a product name rather than a common word: no other server has it in a tool
   * name, or (for a longer word) at most two do: "github" is in firecrawl_research_search_github,
   * but "chart", "line", "console", "time" are in many.
   */
  private distinctive(w: string): boolean {
    const m = this.posting(w);
    if (!m) return false;
    const others = new Set<string>();
    const allowed = w.length >= 6 ? 2 : 0;
    for (let k = 0; k < m.ids.length; k++) {
      const id = m.ids[k]!;
      const p = m.values[k]!;
      if (!tfOf(p, 0) || tfOf(p, SERVER_FIELD)) continue;
      others.add(this.docConn[id]!);
      if (others.size > allowed) return false;
    }
    return true;
  }

  /** The postings of `term`, if any live document has it. */
  private posting(term: string): Postings | undefined {
    const t = this.lex.id(term);
    return t === undefined ? undefined : this.byTerm[t];
  }

  private idf(df: number): number {
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5));
  }

  /** Index terms that start with `t`, the first few in sorted order (bounded). */
  private prefixed(t: string): string[] {
    if (t.length < 4) return [];
    // Buckets, not one sorted array of every term: sorting 25,000 terms was a third of the first search after a change.
    if (!this.prefixBuckets) {
      const buckets = new Map<string, string[]>();
      this.lex.terms.forEach((term, id) => {
        if (term.length < 4 || this.byTerm[id] === undefined) return;
        const k = term.slice(0, 4);
        const b = buckets.get(k);
        if (b) b.push(term);
        else buckets.set(k, [term]);
      });
      this.prefixBuckets = buckets;
    }
    const bucket = this.prefixBuckets.get(t.slice(0, 4));
    if (!bucket) return [];
    return bucket.filter((x) => x !== t && x.startsWith(t)).sort().slice(0, MAX_PREFIX_TERMS);
  }

  /** The word of a server's name one edit (a letter left out, added, changed or two swapped) from `term` that most tools have, if any. */
  private corrected(term: string): string | undefined {
    let best: string | undefined;
    let bestN = 0;
    for (const [c, ts] of this.serverTerms) {
      for (const t of [...ts, ...(this.serverJoined.get(c) ?? [])]) {
        if (t === best || !oneEditApart(term, t) || (ts.has(t) && !this.distinctive(t))) continue;
        const n = this.posting(t)?.size ?? 0;
        if (n > bestN) (best = t), (bestN = n);
      }
    }
    return best;
  }

  /** Weighted, length-normalised frequency of one posting (BM25F's tf~); `fieldOut[0]` gets its best field (the name if any). */
  private weighted(id: number, p: Posting, norms: Float64Array, fieldOut?: number[]): number {
    const at = id * NF;
    let tf = 0;
    let best = -1;
    let bestV = 0;
    let rest = p;
    for (let f = 0; f < NF && rest; f++) {
      const n = rest % 128;
      rest = Math.floor(rest / 128);
      if (!n) continue;
      const v = (FIELD_WEIGHT[f]! * n) / norms[at + f]!;
      tf += v;
      if (v > bestV) (bestV = v), (best = f);
    }
    if (fieldOut) fieldOut[0] = p % 128 ? 0 : best;
    return tf;
  }

  /**
   * A term's weighted frequencies in each of its documents, worked out at the first request that reads
   * them after the index changed (the normalisers are new then): a request's common words are then
   * array reads, not a field-by-field unpacking per document.
   */
  private weightedAll(m: Postings, norms: Float64Array): Float64Array {
    if (m.tfNorms === norms) return m.tf!;
    const tf = new Float64Array(m.ids.length);
    for (let k = 0; k < tf.length; k++) tf[k] = this.weighted(m.ids[k]!, m.values[k]!, norms);
    m.tfNorms = norms;
    return (m.tf = tf);
  }

  /** The length normalisers of every live document's fields (1 − b + b·length/average), and its name's length. */
  private lengthNorms(): { norms: Float64Array; nameLen: Float64Array } {
    if (this.lengths) return this.lengths;
    const avg = new Float64Array(NF);
    for (let f = 0; f < NF; f++) avg[f] = this.fieldTotal[f]! / this.live || 1;
    const norms = new Float64Array(this.docs.length * NF);
    const nameLen = new Float64Array(this.docs.length);
    this.docs.forEach((d, id) => {
      if (!d.alive) return;
      for (let f = 0; f < NF; f++) norms[id * NF + f] = 1 - FIELD_B[f]! + FIELD_B[f]! * (d.len[f]! / avg[f]!);
      nameLen[id] = d.len[0]!;
    });
    return (this.lengths = { norms, nameLen });
  }

  /** Servers the request names, and the request words that name them. */
  private namedServers(words: string[]): { named: Set<string>; naming: Set<string> } {
    // By every word of the server's name ("search console"), by one that other servers' tools
    // rarely use ("tavily", "vercel"; not "search", "google", "console"), by two words that make it
    // ("argo cd", "draw io"), or by a word that begins it and is mostly its own ("mongo").
    const named = new Set<string>();
    const naming = new Set<string>();
    const wordSet = new Set(words);
    // Only servers one of the words can name are read below (a few of 137, not each of them per word).
    const lookup = this.nameLookups();
    const maybe = new Set<string>();
    words.forEach((w, i) => {
      for (const key of [w, w + (words[i + 1] ?? '')]) for (const c of lookup.whole.get(key) ?? []) maybe.add(c);
      for (const c of lookup.prefix.get(w) ?? []) maybe.add(c);
    });
    for (const [c, ts] of this.serverTerms) {
      if (!maybe.has(c)) continue;
      for (const w of words) if (this.serverJoined.get(c)?.has(w)) (named.add(c), naming.add(w));
      if (!ts.size) continue;
      if (ts.size > 1 && [...ts].every((t) => wordSet.has(t))) {
        named.add(c);
        for (const t of ts) naming.add(t);
        continue;
      }
      for (const [i, w] of words.entries()) {
        if (ts.has(w) && this.distinctive(w)) (named.add(c), naming.add(w));
        const next = words[i + 1];
        if (next && ts.has(w + next)) (named.add(c), naming.add(w), naming.add(next));
        if (w.length >= 4 && !ts.has(w)) {
          for (const t of ts) if (t.startsWith(w) && t.length - w.length <= 4 && this.mostlyIn(w, c)) (named.add(c), naming.add(w));
        }
      }
    }
    return { named, naming };
  }

  /** namedServers' candidates per word, built after the servers change. */
  private nameLookups(): { whole: Map<string, Set<string>>; prefix: Map<string, Set<string>> } {
    if (this.nameLookup) return this.nameLookup;
    const whole = new Map<string, Set<string>>();
    const prefix = new Map<string, Set<string>>();
    const add = (m: Map<string, Set<string>>, k: string, c: string) => (m.get(k) ?? m.set(k, new Set()).get(k)!).add(c);
    for (const [c, ts] of this.serverTerms) {
      for (const t of [...ts, ...(this.serverJoined.get(c) ?? [])]) add(whole, t, c);
      // A word of 4 letters or more that begins a name term and is at most 4 letters short of it ("mongo").
      for (const t of ts) for (let n = Math.max(4, t.length - 4); n < t.length; n++) add(prefix, t.slice(0, n), c);
    }
    return (this.nameLookup = { whole, prefix });
  }

  /** True when `w` is part of a joined or prefixed form of one of the server's name terms. */
  private namesBy(ts: Set<string>, w: string): boolean {
    for (const t of ts) if (t !== w && t.startsWith(w)) return true;
    for (const t of ts) if (t.endsWith(w) && t.length > w.length) return true;
    return false;
  }

  /** True when `w` is in no other server's tool names and most of the tools that have it are `c`'s ("mongo" from "MongoDB"). */
  private mostlyIn(w: string, c: string): boolean {
    const m = this.posting(w);
    if (!m) return true;
    if (!this.distinctive(w)) return false;
    let own = 0;
    for (const id of m.ids) if (this.docConn[id]! === c) own++;
    return own * 2 >= m.size;
  }

  /** The one connection whose tool names (two or more) use `w`, a sub-product's name ("onedrive", "figjam"), if any. */
  private subproduct(w: string): string | undefined {
    const m = this.posting(w);
    // A word of the trade that tools name things by (checklist, oncall, sprint's kin) is no product,
    // however few servers use it: the thesaurus lists what users say for those words.
    if (!m || ACTIONS.has(w) || toolWordTerms().has(w)) return undefined;
    let c: string | undefined;
    let n = 0;
    for (let k = 0; k < m.ids.length; k++) {
      const id = m.ids[k]!;
      if (!tfOf(m.values[k]!, 0)) continue;
      const conn = this.docConn[id]!;
      if (c === undefined) c = conn;
      else if (c !== conn) return undefined;
      n++;
    }
    return n >= 2 ? c : undefined;
  }

  /**
   * The one connection whose products are what `w` says ("crm": HubSpot, "whiteboard": FigJam's
   * tools), if any, and only where no other connection's tool names use the word ("docs" is
   * Notion's, but many servers have docs tools).
   */
  private kindOwner(w: string): string | undefined {
    let owner: string | undefined;
    for (const [c, ks] of this.serverKinds) {
      if (!ks.has(w)) continue;
      if (owner !== undefined) return undefined;
      owner = c;
    }
    if (owner === undefined) return undefined;
    const m = this.posting(w);
    if (m) for (let k = 0; k < m.ids.length; k++) if (tfOf(m.values[k]!, 0) && this.docConn[m.ids[k]!]! !== owner) return undefined;
    return owner;
  }

  /** The forms a request word is looked up in: itself, synonyms, longer terms it begins, joined with the next word. */
  private variants(w: string, next: string | undefined, said: Map<string, string>, claimed: Set<string>, naming: boolean): Variant[] {
    const word = said.get(w) ?? w;
    const out: Variant[] = [{ term: w, weight: 1, label: word }];
    // A synonym that is another word of the request counts as that word, not twice; one that an
    // earlier word already stands for, likewise ("list open …": "get" for list, not for open too).
    for (const [s, weight] of weightedSynonymsOf(w)) if (!said.has(s) && !claimed.has(s) && claimed.add(s)) out.push({ term: s, weight: weight === 0.5 ? SYNONYM_WEIGHT : weight, label: `${word}→${spelling(s)}` });
    // A word users say for what tools name otherwise ("retro": figjam), learned, read for the tools it
    // was learned for only: read for every tool, it pulled other servers' tools towards it (cross-
    // validated by server: 0.791 / 0.952 without learned words, 0.788 / 0.948 read everywhere, 0.789 /
    // 0.951 so; by set 0.823 / 0.961 → 0.834 / 0.963).
    for (const [s, weight, spelt, tools] of this.learned.get(w) ?? []) if (!said.has(s) && !claimed.has(s) && claimed.add(s)) out.push({ term: s, weight, label: `${word}→${spelt}`, only: toolSet(tools) });
    // The words tool names use for a request word ("fake": mock, "price": quote; thesaurus-words.ts),
    // weakly. Read only for a word the catalog says in 3 tools or fewer, it missed a stock quote for
    // "price" (said by 40 tools of other servers) on servers the ranking never saw (bench/catalogs-unseen).
    if (!naming) {
      for (const [s, spelt] of THESAURUS.get(w) ?? []) if (!said.has(s) && !claimed.has(s) && claimed.add(s)) out.push({ term: s, weight: THESAURUS_WEIGHT, label: `${word}→${spelt}` });
    }
    for (const t of this.prefixed(w)) out.push({ term: t, weight: PREFIX_WEIGHT * (w.length / t.length), label: word, prefix: true });
    if (next) {
      const joined = w + next;
      const label = `${word} ${said.get(next) ?? next}`;
      out.push({ term: joined, weight: 1, label });
      for (const t of this.prefixed(joined)) out.push({ term: t, weight: PREFIX_WEIGHT * (joined.length / t.length), label, prefix: true });
    }
    return out;
  }

  private scratch(n: number): Scratch {
    if (!this.buf || this.buf.score.length < n) {
      const m = Math.max(n, 1024);
      this.buf = { score: new Float64Array(m), covered: new Float64Array(m), nameHits: new Float64Array(m), bestV: new Float64Array(m), bestS: new Float64Array(m), bestN: new Float64Array(m), matches: new Float64Array(m), serverFactor: new Float64Array(m), seen: new Uint8Array(m), wordSeen: new Uint8Array(m) };
    }
    return this.buf;
  }

  /** Best matches for a request in words, best first; identical capabilities are folded into one hit. */
  search(query: string, opts: SearchOptions = {}): SearchHit[] {
    const limit = opts.limit ?? 10;
    const rerank = opts.rerank !== false;
    const dense = rerank ? this.dense : null;
    const first = this.firstRanking(query, opts, rerank ? Math.max(limit, RERANK_DEPTH, dense ? FUSE_DEPTH : 0) : limit);
    if (!rerank || !first.hits.length) return first.hits.slice(0, limit);
    // The model was trained on the best RERANK_DEPTH hits: it reorders those, whatever the limit.
    const order = first.hits.length < 2 ? [0] : keepLexicalBest(rerankOrder(RERANK_WEIGHTS, first.cues, first.candidates.slice(0, RERANK_DEPTH)));
    // Each place's hit in the word ranking.
    const at = [...order, ...first.hits.slice(RERANK_DEPTH).map((_, k) => RERANK_DEPTH + k)];
    return (dense ? this.fused(dense, at, first, opts) : at.map((i) => first.hits[i]!)).slice(0, limit);
  }

  /**
   * The ranking fused with the learned vectors' (reciprocal ranks): the tools the model knows whose vector
   * is near the request's. Only where the best hit is itself such a tool: where it is one the model never
   * saw, the request is most likely about that server, and the model's favourites would crowd it out.
   */
  private fused(model: DenseModel, at: number[], first: FirstRanking, opts: SearchOptions): SearchHit[] {
    const hits = at.map((i) => first.hits[i]!);
    if (!this.docVec[first.ids[at[0]!]!]) return hits;
    const { words, named } = first;
    const q = model.requestVector(denseTerms(words));
    if (!q) return hits;
    const near: Array<[number, number]> = [];
    for (let id = 0; id < this.docVec.length; id++) {
      const v = this.docVec[id];
      // A server the request names is the one to use: the model's favourites elsewhere are not asked for.
      if (!v || !this.docs[id]!.alive || !this.allowed(id, opts) || (named.size && !named.has(this.docConn[id]!))) continue;
      const c = cosine(q, v);
      if (c >= DENSE_MIN_COSINE) near.push([c, id]);
    }
    if (!near.length) return hits;
    near.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    // `lexical`: the place in the ranking (after the second look), `words`: in the word ranking's own.
    const bySig = new Map<string, { hit: SearchHit; s: number; lexical: number; words: number; fit: number }>();
    at.forEach((i, r) => bySig.set(this.docs[first.ids[i]!]!.entry.signature, { hit: hits[r]!, s: 1 / (FUSE_K + r), lexical: r, words: i, fit: first.fit[i]! }));
    // Each tool counts once, at its best place: its twins on other connections share it.
    const credited = new Set<string>();
    let r = 0;
    for (const [c, id] of near) {
      if (r >= FUSE_DEPTH) break;
      const e = this.docs[id]!.entry;
      let x = bySig.get(e.signature);
      if (credited.has(e.signature)) {
        // A twin of a tool listed by its vector alone: one more connection offering it (the ranking's hits list theirs already).
        if (x!.lexical === Infinity && x!.hit.connection !== e.connection && !x!.hit.also?.includes(e.connection)) (x!.hit.also ??= []).push(e.connection);
        continue;
      }
      credited.add(e.signature);
      if (!x) bySig.set(e.signature, (x = { hit: this.learnedHit(id, words), s: 0, lexical: Infinity, words: Infinity, fit: 1 }));
      const sure = Math.min(1, (c - DENSE_MIN_COSINE) / (DENSE_FULL_COSINE - DENSE_MIN_COSINE));
      x.s += (DENSE_WEIGHT * sure * x.fit ** FIT_POWER) / (FUSE_K + r++);
    }
    const fusedOrder = keptInSight([...bySig.values()].sort((a, b) => b.s - a.s || a.lexical - b.lexical));
    return fusedOrder.map((x) => x.hit);
  }

  /** A hit found by its learned vector alone: `why` names the request's words its fields have. */
  private learnedHit(id: number, words: RequestWord[]): SearchHit {
    const e = this.docs[id]!.entry;
    const bag = toolBag(e);
    const shared = [...new Set(words.filter((r) => bag.has(r.term)).map((r) => r.word))];
    return { connection: e.connection, type: e.type, name: e.name, score: 0, description: shortDescription(e.description, DESCRIPTION_CHARS), why: shared.length ? `learned: ${shared.join(' ')}` : 'learned' };
  }

  /** Whether a search's filters let document `id` through. */
  private allowed(id: number, opts: SearchOptions): boolean {
    const e = this.docs[id]!.entry;
    return (!opts.type || e.type === opts.type) && (!opts.connections || opts.connections.has(e.connection)) && (!opts.accept || opts.accept(e.connection, e.type, e.name));
  }

  /** The terms of a request that name a server or a sub-product of one ("outlook", "bright data"): bench/learn-words.ts learns nothing from them. */
  namingTerms(query: string): Set<string> {
    return this.namingTermsOf([...new Set(requestWords(normalizeQuery(query.slice(0, MAX_QUERY_CHARS))).map((r) => r.term))]);
  }

  /** The same, of a request's distinct terms (requestWords' terms, in order) when the caller has them already. */
  namingTermsOf(terms: readonly string[]): Set<string> {
    const said = terms.slice(0, MAX_QUERY_TERMS);
    const { naming } = this.namedServers(said);
    const out = new Set(naming);
    for (const w of said) if (this.subproduct(w) ?? this.kindOwner(w)) out.add(w);
    return out;
  }

  /** The lexical ranking's best `depth` hits, as the reranker reads them (also what bench/train-rerank.ts learns from). */
  firstRanking(query: string, opts: SearchOptions = {}, depth = RERANK_DEPTH): FirstRanking {
    // A request is untrusted: its text and its distinct words are bounded, so is the work.
    const text = query.slice(0, MAX_QUERY_CHARS);
    const lower = text.toLowerCase();
    // "forget everything you know", "next monday at 9": a common word that is also a server's name
    // counts only where it reads as that name ("on everything", "in monday").
    const reads = new Map<string, boolean>();
    const readsAsName = (w: string) => {
      let v = reads.get(w);
      if (v === undefined) reads.set(w, (v = namesPlace(lower, w)));
      return v;
    };
    const plain = requestWords(normalizeQuery(text));
    const plainWords = distinctWords(plain);
    const req = plain.filter((r) => !AMBIGUOUS_NAMES.has(r.word) || readsAsName(r.word));
    // "retitle the merge request", "reassign it": doing again to a thing is changing it (its title, its assignee).
    for (const r of [...req]) {
      if (r.role !== 'head' || !r.word.startsWith('re') || !RE_CHANGES.has(r.word.slice(2).replace(/(ed|s)$/, '')) || this.posting(r.term) !== undefined) continue;
      const base = terms(r.word.slice(2))[0];
      if (base && this.posting(base) !== undefined) req.push({ term: base, word: r.word.slice(2), role: 'head', plural: false }, { term: UPDATE, word: 'update', role: 'head', plural: false });
    }
    // "we muted db-7, undo that": undoing an act is its un- tool (unmute_host), where the index has one.
    // The act may be said as a noun ("take my approval back": unapprove, "drop the protection": unprotect).
    if (req.some((r) => UNDO.has(r.term))) {
      for (const r of [...req]) {
        if (UNDO.has(r.term)) continue;
        for (const base of new Set([r.word, r.word.replace(/(ion|al|ment)$/, ''), r.word.replace(/(al|ment)$/, 'e')])) {
          const un = terms(`un${base}`)[0];
          if (un && this.posting(un) !== undefined) {
            req.push({ term: un, word: `un${base}`, role: 'head', plural: false });
            break;
          }
        }
      }
    }
    // "airtabel", "netlfy": a word the index has neither whole nor as a prefix is read as a server's name
    // one edit away (a product's name misspelt), where there is one. Other words are not guessed at: an
    // unknown word is more often a name or a foreign word than a typo of a tool's word.
    let guesses = 0;
    for (const [i, r] of req.entries()) {
      if (guesses >= MAX_TYPO_GUESSES) break;
      if (r.word.length < 5 || r.word.length > MAX_TYPO_WORD || this.posting(r.term) !== undefined || !/^[a-z]+$/.test(r.word) || this.prefixed(r.term).length) continue;
      guesses++;
      const fix = this.corrected(r.term) ?? commonWordFix(r.word, (t) => this.posting(t) !== undefined);
      if (fix) req[i] = { ...r, term: fix };
    }
    const cueWords = [...req];
    // A phrase rule rewrites what it reads ("core web vitals" → performance trace): the plain words it
    // took out still count, weakly, where the index has them, so a tool named in them is still found.
    const lost = new Set<string>();
    const kept = new Set(req.map((r) => r.term));
    for (const r of requestWords(withoutValues(text))) {
      // An act a rule took out was its decision ("a restore point" is a snapshot to create): not read back.
      if (kept.has(r.term) || ACTIONS.has(r.term) || this.posting(r.term) === undefined || AMBIGUOUS_NAMES.has(r.word)) continue;
      kept.add(r.term);
      lost.add(r.term);
      req.push(r);
    }
    const words = [...new Set(req.map((r) => r.term))].slice(0, MAX_QUERY_TERMS);
    if (!words.length || !this.live) return { hits: [], candidates: [], cues: [], ids: [], fit: [], words: plainWords, named: new Set() };
    // The request's own spelling of each term (for `why`), its weightiest part, and its number.
    const said = new Map<string, string>();
    const roleOf = new Map<string, number>();
    const plural = new Map<string, boolean>();
    // In a question, a verb in a state's form ("which cards are assigned to me") says which things, not what to do.
    const question = QUESTION.test(text) || ASKS.test(text);
    // "which lists": a thing asked about, so a tool whose verb it is (list_boards) was not asked for by it.
    const askedAbout = new Set<string>();
    if (question) for (const m of text.matchAll(ASKED_ABOUT)) askedAbout.add(m[1]!.toLowerCase());
    const nouns = new Set<string>();
    for (const w of askedAbout) {
      const t = terms(w)[0];
      if (t && ACTIONS.has(t)) nouns.add(t);
    }
    const states = new Set<string>();
    for (const m of text.matchAll(AFTER_BE)) states.add(m[1]!.toLowerCase());
    const stateSaid = (r: RequestWord) => STATE_FORM.test(r.word) || states.has(r.word);
    for (const r of req) {
      if (!said.has(r.term)) said.set(r.term, r.word);
      const role = question && ACTIONS.has(r.term) && stateSaid(r) ? 'topic' : r.role;
      roleOf.set(r.term, lost.has(r.term) ? LOST_WEIGHT : Math.max(roleOf.get(r.term) ?? 0, ROLE_WEIGHT[role]));
      if (r.role === 'head' && !isVerbWord(r.word)) plural.set(r.term, plural.get(r.term) || r.plural);
    }
    const { norms, nameLen } = this.lengthNorms();
    const filtered = !!(opts.type || opts.connections || opts.accept);
    const allowed = (id: number) => this.allowed(id, opts);
    // A product's name in quotes is a value ("search for 'hubspot alternatives'"), not the server to use.
    const unquoted = new Set(req.filter((r) => r.role !== 'quoted').map((r) => r.term));
    const { named, naming } = this.namedServers(words.filter((w) => unquoted.has(w)));
    // A request's first word is its verb ("rotate the phone"), not a product.
    const sub = new Set<string>();
    for (const w of words) {
      const c = naming.has(w) || w === req[0]!.term || !unquoted.has(w) ? undefined : (this.subproduct(w) ?? this.kindOwner(w));
      if (c && !named.has(c)) sub.add(c);
    }
    // Within a named server its name is a given, not evidence: "trello" must not favour the trello
    // tools that repeat the word. (A request of nothing but server names is scored on them.)
    const onlyNames = words.every((w) => naming.has(w));
    const b = this.scratch(this.docs.length);
    const touched: number[] = [];
    const allVariants: Variant[][] = [];
    const claimed = new Set<string>();
    let totalIdf = 0;
    for (const [i, w] of words.entries()) {
      const wIdf = this.idf(this.posting(w)?.size ?? 0);
      const isNaming = naming.has(w);
      // Where a thing is, or what it is about, says less about the tool than what to do to what.
      const rw = isNaming ? 1 : roleOf.get(w)!;
      totalIdf += wIdf * rw;
      const vs = this.variants(w, words[i + 1], said, claimed, isNaming);
      allVariants.push(vs);
      const skipNamed = isNaming && !onlyNames;
      // Per document, the word's best form, BM25F-saturated, and how strongly it is covered.
      const wordTouched: number[] = [];
      for (const v of vs) {
        const m = this.posting(v.term);
        if (!m) continue;
        const tIdf = Math.min(wIdf, this.idf(m.size)) || this.idf(m.size);
        const tfs = this.weightedAll(m, norms);
        for (let k = 0; k < m.ids.length; k++) {
          const id = m.ids[k]!;
          const p0 = m.values[k]!;
          if (filtered && !allowed(id)) continue;
          if (v.only && !v.only.has(this.docs[id]!.entry.name)) continue;
          // In its own server's tools a naming word is little evidence (they all get the same credit
          // below), whichever of them repeats the product's name in a description; in a name it
          // counts a little ("search apple docs": search_apple_docs).
          const inNamed = skipNamed && named.has(this.docConn[id]!);
          if (inNamed && !(p0 % 128)) continue;
          const p = inNamed ? p0 % 128 : p0;
          const tf = inNamed ? this.weighted(id, p, norms) : tfs[k]!;
          const val = ((inNamed ? NAMING_IN_NAME : 1) * v.weight * tIdf * (tf * (K1 + 1))) / (tf + K1);
          if (!b.wordSeen[id]) {
            b.wordSeen[id] = 1;
            wordTouched.push(id);
            b.bestV[id] = -1;
            b.bestS[id] = 0;
            b.bestN[id] = 0;
          }
          // The best form's value; how strongly and whether in the name, by any form ("list" is in
          // the description of get_deployments, its synonym "get" in the name).
          if (val > b.bestV[id]!) b.bestV[id] = val;
          if (!inNamed) b.bestS[id] = Math.max(b.bestS[id]!, v.weight * Math.min(1, tf / FULL_MATCH));
          if (p % 128) b.bestN[id] = Math.max(b.bestN[id]!, v.weight);
        }
      }
      for (const id of wordTouched) {
        b.wordSeen[id] = 0;
        if (!b.seen[id]) (b.seen[id] = 1), touched.push(id), (b.score[id] = 0), (b.covered[id] = 0), (b.nameHits[id] = 0);
        b.score[id]! += b.bestV[id]! * rw;
        // A word counts as covered by a strong match (the name), a little by a trace in a long note.
        b.covered[id]! += wIdf * b.bestS[id]! * rw;
        b.nameHits[id]! += b.bestN[id]! * rw;
      }
    }
    // Every tool of a named server is matched by the naming word, the same for each of them.
    if (named.size && !onlyNames) {
      for (const c of named) {
        const ts = this.serverTerms.get(c)!;
        for (const id of this.byConnection.get(c)!) {
          if (filtered && !allowed(id)) continue;
          for (const w of naming) {
            if (!ts.has(w) && !this.namesBy(ts, w) && !this.serverJoined.get(c)?.has(w)) continue;
            const wIdf = this.idf(this.posting(w)?.size ?? 0);
            if (!b.seen[id]) (b.seen[id] = 1), touched.push(id), (b.score[id] = 0), (b.covered[id] = 0), (b.nameHits[id] = 0);
            b.score[id]! += NAMED_CREDIT * wIdf;
            b.covered[id]! += wIdf;
          }
        }
      }
    }
    // Which verbs the request asks for, itself or by a synonym ("get rid of" -> delete), and of which families.
    const asked = new Set(words.flatMap((w) => [w, ...synonymsOf(w)]));
    let askedVerb = words.some((w) => ACTIONS.has(w) || synonymsOf(w).some((s) => ACTIONS.has(s)));
    // A question asks to read ("which boards are there"), and a verb in it that says a state
    // ("which cards are assigned to me", "which issues am I watching") is no act to look for.
    if (question && req.every((r) => !ACTIONS.has(r.term) || stateSaid(r))) {
      if (askedVerb) for (const r of req) if (ACTIONS.has(r.term)) for (const t of [r.term, ...synonymsOf(r.term)]) asked.delete(t);
      askedVerb = true;
      for (const t of READ_VERBS) asked.add(t);
    }
    const families = new Set<number>();
    for (const t of words) if (FAMILY.has(t)) families.add(FAMILY.get(t)!);
    const many = words.some((w) => MANY.has(w) || (plural.get(w) && !naming.has(w)));
    // Per word said in a number: its forms (the word, then its synonyms), each with its place in that order.
    const numbered: Array<[Map<string, number>, boolean]> = [];
    for (const [w, pl] of plural) {
      if (naming.has(w)) continue;
      const forms = new Map<string, number>();
      for (const t of [w, ...synonymsOf(w)]) if (!forms.has(t)) forms.set(t, forms.size);
      numbered.push([forms, pl]);
    }
    // The acts asked for in a verb's plain form ("complete the task"), to tell from a name's state ("get_completed_tasks").
    const acts = new Set(req.filter((r) => r.role === 'head' && ACTIONS.has(r.term) && !stateSaid(r)).map((r) => r.term));
    const ranked: Array<{ id: number; s: number; f: number }> = [];
    // A tool's score is its matches' (below) times factors for its verb and number, which the ones
    // below at most multiply by `most` and at least by `least`. A tool whose matches score, at the
    // most, under MIN_RELATIVE_SCORE of the best's at the least cannot be shown: those factors are
    // not worked out for it (most tools a common word touches), and the answer is the same.
    const most = SAME_VERB * SAME_NUMBER ** numbered.length;
    const least = OTHER_VERB * OTHER_VERB * STATE_NOT_ACT * UNASKED_DESTRUCTIVE * UNASKED_BATCH * UNASKED_SPECIAL * OTHER_NUMBER ** numbered.length;
    let floor = 0;
    for (const id of touched) {
      b.seen[id] = 0;
      const coord = Math.min(1, b.covered[id]! / (totalIdf || 1));
      // A name made of request words ("list_boards" for "list trello boards") beats one that only
      // contains them ("add_list_to_board").
      const precision = Math.min(1, b.nameHits[id]! / (nameLen[id]! || 1));
      b.matches[id] = b.score[id]! * coord * coord * (1 + NAME_PRECISION * precision);
      // (Most requests name no server: then no tool's record is read here, thousands of them for a common word.)
      const c = named.size || sub.size ? this.docConn[id]! : '';
      b.serverFactor[id] = named.has(c) ? SERVER_NAMED : sub.has(c) ? SUBPRODUCT_NAMED : 1;
      floor = Math.max(floor, b.matches[id]! * b.serverFactor[id]! * least * MIN_RELATIVE_SCORE);
    }
    // (Less a margin for rounding: the bound must never leave out a tool the exact score keeps.)
    floor *= 1 - 1e-9;
    for (const id of touched) {
      if (b.matches[id]! * b.serverFactor[id]! * most < floor) continue;
      const d = this.docs[id]!;
      const otherVerb = askedVerb && d.verbs.length && !d.verbs.some((t) => asked.has(t) || families.has(FAMILY.get(t) ?? -1));
      // The name's verb is the one asked for (close_tasks for "complete the task", not get_completed_tasks).
      const sameVerb = askedVerb && d.verbs.some((t) => asked.has(t));
      const stateOnly = d.states.some((t) => acts.has(t)) && !d.verbs.some((t) => acts.has(t));
      const verbIsNoun = d.verbs.some((t) => nouns.has(t));
      let unasked = (verbIsNoun ? OTHER_VERB : 1) * (stateOnly ? STATE_NOT_ACT : 1) * (sameVerb ? SAME_VERB : 1) * (d.undoes.some((t) => !asked.has(t)) ? UNASKED_DESTRUCTIVE : 1) * (otherVerb ? OTHER_VERB : 1) * (d.batch !== many ? UNASKED_BATCH : 1) * (d.special.some((t) => !asked.has(t)) ? UNASKED_SPECIAL : 1);
      // "list deployments": get_deployments rather than list_deployment_files.
      // By the word itself or the synonym the name uses ("book a meeting": create-event, not create-events).
      // The first form, in the word's order, that the name spells in one number only decides.
      for (const [forms, pl] of numbered) {
        let first = Infinity;
        let firstPl = false;
        for (const t of d.plural) {
          const i = forms.get(t);
          if (i !== undefined && i < first && !d.singular.includes(t)) (first = i), (firstPl = true);
        }
        for (const t of d.singular) {
          const i = forms.get(t);
          if (i !== undefined && i < first && !d.plural.includes(t)) (first = i), (firstPl = false);
        }
        if (first !== Infinity) unasked *= firstPl === pl ? SAME_NUMBER : OTHER_NUMBER;
      }
      ranked.push({ id, s: b.matches[id]! * unasked * b.serverFactor[id]!, f: unasked });
    }
    // A hit far below the best is noise (a trace of a word in a long note): not worth its bytes. Only
    // the tools above that line are sorted (about a seventh of those scored, on average); the rest are read only
    // for twins of the hits shown, in the order a full sort would give them.
    const cutoff = ranked.reduce((m, r) => Math.max(m, r.s), 0) * MIN_RELATIVE_SCORE;
    const byScore = (x: { id: number; s: number }, y: { id: number; s: number }) => y.s - x.s || x.id - y.id;
    const outFit: number[] = [];
    const above = ranked.filter((r) => r.s >= cutoff).sort(byScore);

    const out: SearchHit[] = [];
    const outIds: number[] = [];
    const candidates: Candidate[] = [];
    const bySig = new Map<string, SearchHit>();
    const twinOf = (id: number) => {
      const e = this.docs[id]!.entry;
      const twin = bySig.get(e.signature);
      if (twin) (twin.also ??= []).push(e.connection);
      return !!twin;
    };
    for (const { id, s, f } of above) {
      const e = this.docs[id]!.entry;
      if (twinOf(id)) continue;
      if (out.length >= depth) continue;
      const matched = this.matched(id, words, allVariants, norms, named.has(e.connection) ? naming : undefined);
      const hit: SearchHit = { connection: e.connection, type: e.type, name: e.name, score: Math.round(s * 100) / 100, description: shortDescription(e.description, DESCRIPTION_CHARS), why: explain(matched) };
      bySig.set(e.signature, hit);
      out.push(hit);
      outIds.push(id);
      outFit.push(Math.min(1, f));
      const nl = e.params.indexOf('\n');
      candidates.push({ name: e.name, connection: e.connection, params: nl < 0 ? e.params : e.params.slice(0, nl), score: s, local: this.localScore(id, allVariants, naming, words, nouns), ...matchedIn(matched) });
    }
    // Below the line, twins of shown hits up to the first tool that is none.
    if (ranked.some((r) => r.s < cutoff && bySig.has(this.docs[r.id]!.entry.signature))) {
      for (const { id } of ranked.filter((r) => r.s < cutoff).sort(byScore)) if (!twinOf(id)) break;
    }
    return { hits: out, candidates, cues: requestCues(lower, cueWords, question, askedAbout), ids: outIds, fit: outFit, words: plainWords, named: new Set([...named, ...sub]) };
  }

  /** For one hit: each request word's best form and the field it matched in. */
  private matched(id: number, words: string[], allVariants: Variant[][], norms: Float64Array, naming: Set<string> | undefined): Array<[string, number]> {
    const list: Array<[string, number]> = [];
    const field = [0];
    words.forEach((w, i) => {
      if (naming?.has(w)) return; // the hit names its connection already
      let best = 0;
      let bestLabel = '';
      let bestField = 0;
      const wIdf = this.idf(this.posting(w)?.size ?? 0);
      for (const v of allVariants[i]!) {
        if (v.only && !v.only.has(this.docs[id]!.entry.name)) continue;
        const t = this.lex.id(v.term);
        const m = t === undefined ? undefined : this.byTerm[t];
        const p = m && postingIn(this.docs[id]!, t!);
        if (p === undefined) continue;
        // The same value the ranking gave this form.
        const tIdf = Math.min(wIdf, this.idf(m!.size)) || this.idf(m!.size);
        const tf = this.weighted(id, p, norms, field);
        const val = (v.weight * tIdf * (tf * (K1 + 1))) / (tf + K1);
        if (val > best) (best = val), (bestLabel = v.label), (bestField = field[0]!);
      }
      if (bestLabel) list.push([bestLabel, bestField]);
    });
    return list;
  }
}

/** A server's names of two or more words written as one ("browser-tools": browsertools), as people type them. */
function joinedNames(server: string): string[] {
  const out: string[] = [];
  for (const part of server.split(/\s+/)) {
    const ws = splitWords(part);
    if (ws.length < 2) continue;
    const t = terms(ws.join(''))[0];
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * The reranked order with the word ranking's best KEEP_LEXICAL among its first SHOWN: the model may
 * put another first, not push them out of sight. (Over servers it never saw it did, more often than
 * it brought one up from below: never-read unseen sets 0.712 -> 0.721 top-5, the tuned 0.9694 ->
 * 0.9697, the held-out half 0.972 -> 0.975; top-1 is the model's, unchanged.)
 */
export function keepLexicalBest(order: number[]): number[] {
  return keptInSight(order.map((words) => ({ words }))).map((x) => x.words);
}
const KEEP_LEXICAL = 2;
const SHOWN = 5;

/** An order of items with their place in the word ranking (`words`), its best two brought among the first SHOWN. */
function keptInSight<T extends { words: number }>(order: T[]): T[] {
  const shown = order.slice(0, SHOWN);
  const rest = order.slice(SHOWN);
  for (let j = 0; j < KEEP_LEXICAL; j++) {
    const at = rest.findIndex((x) => x.words === j);
    if (at < 0) continue;
    // Out goes the lowest shown that is not itself one of the kept; it leads the rest.
    let k = shown.length - 1;
    while (k >= 0 && shown[k]!.words < KEEP_LEXICAL) k--;
    if (k < 0) break;
    const [kept] = rest.splice(at, 1);
    const [out] = shown.splice(k, 1, kept!);
    rest.unshift(out!);
  }
  return [...shown, ...rest];
}
/** How deep the ranking and the learned vectors' nearest tools are fused, and the reciprocal rank's offset. */
const FUSE_DEPTH = 30;
const FUSE_K = 10;
/**
 * The learned vectors' share against the ranking's (1: alike). A tool counts from the least cosine, in
 * full from the second: below it the model is unsure, and its near misses ("a text file": read_media_file)
 * should not outvote the words. Set on holdout-66 to -68 with a model trained without them.
 */
const DENSE_WEIGHT = 1.5;
const DENSE_MIN_COSINE = 0.55;
const DENSE_FULL_COSINE = 0.75;
/** A hit whose name's act, state or number is not the one asked for (its fit below 1) gets the vectors' share times its fit to this power: they cannot tell "getDeployment" from "getDeployments". */
const FIT_POWER = 4;

let toolWords: Set<string> | undefined;
/** The tool-name terms the thesaurus has words for (common words of the trade, not products), made at the first use. */
function toolWordTerms(): Set<string> {
  if (toolWords) return toolWords;
  toolWords = new Set<string>();
  for (const l of THESAURUS.values()) for (const [t] of l) toolWords.add(t);
  return toolWords;
}

const TOOL_SETS = new WeakMap<readonly string[], ReadonlySet<string>>();
/** A learned word's tool names as a set, made once per entry of the table. */
function toolSet(tools: readonly string[]): ReadonlySet<string> {
  let set = TOOL_SETS.get(tools);
  if (!set) TOOL_SETS.set(tools, (set = new Set(tools)));
  return set;
}

/** One form of a request word: the term looked up, what it counts, how `why` shows it. */
interface Variant {
  term: string;
  weight: number;
  label: string;
  /** The tool names this form may match (a learned word's: the tools it was learned for); any when absent. */
  only?: ReadonlySet<string>;
  /** An index term the word is a prefix of: a guess at the word, not the word. */
  prefix?: boolean;
}

/** Per-document arrays reused from search to search (indexed by document id). */
interface Scratch {
  score: Float64Array;
  covered: Float64Array;
  nameHits: Float64Array;
  bestV: Float64Array;
  /** A tool's score before its verb and number factors, and its server factor (firstRanking's last pass). */
  matches: Float64Array;
  serverFactor: Float64Array;
  bestS: Float64Array;
  bestN: Float64Array;
  seen: Uint8Array;
  wordSeen: Uint8Array;
}

/** How many request words (a joined pair counts two) matched best in the name, the title and the description. */
function matchedIn(list: Array<[string, number]>): { inName: number; inTitle: number; inDescription: number } {
  const n = [0, 0, 0];
  for (const [label, f] of list) {
    const k = f === 0 ? 0 : f === 1 ? 1 : f === 2 || f === 3 ? 2 : -1;
    if (k >= 0) n[k]! += label.split(' ').length;
  }
  return { inName: n[0]!, inTitle: n[1]!, inDescription: n[2]! };
}

/** `name: read file; desc: contents`: the request's words grouped by the field they matched best. */
function explain(list: Array<[string, number]>): string {
  const by = new Map<string, string[]>();
  for (const [label, f] of list) {
    // The hit names its connection already; a server-name match needs no words of its own.
    if (f === SERVER_FIELD) continue;
    const k = FIELD_LABEL[f] ?? 'desc';
    const l = by.get(k) ?? [];
    if (!l.includes(label)) l.push(label);
    by.set(k, l);
  }
  return [...by].map(([k, ws]) => `${k}: ${ws.join(' ')}`).join('; ');
}

/**
 * Everyday words of requests to tools, for typos ("emials", "dashbaord"): general English of the trade,
 * not words of any catalog. Unlike a catalog's rare words, these are what a misspelt request word most
 * likely meant.
 */
const COMMON_WORDS = (
  'email emails message messages calendar meeting meetings schedule dashboard dashboards deployment deployments repository ' +
  'branch branches commit commits issue issues ticket tickets folder folders document documents spreadsheet channel channels ' +
  'database screenshot browser project projects contact contacts invoice invoices customer customers subscription search create ' +
  'delete update upload download comment comments notification notifications workflow pipeline pipelines cluster container ' +
  'containers request requests review release releases permission permissions website address directions weather flight flights ' +
  'translate summary report reports status server servers column columns record records query queries error errors event events ' +
  'reminder reminders password account accounts payment payments order orders product products image images video videos'
).split(' ').map((w): [word: string, term: string] => [w, terms(w)[0]!]);

/** The everyday word one edit from a request's unknown `word`, as an index term, if there is one. */
function commonWordFix(word: string, indexed: (term: string) => boolean): string | undefined {
  for (const [w, t] of COMMON_WORDS) if (oneEditApart(word, w) && indexed(t)) return t;
  return undefined;
}

/** Whether `a` becomes `b` by leaving out, adding or changing one letter, or by swapping two neighbours. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // Changed at i, or i and i+1 swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter more in the longer one, at i.
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
