import MiniSearch from 'minisearch';
import type { Catalog } from '../mcp/connection.js';
import type { CapabilityType } from './schema.js';
import { normalizeQuery, synonymsOf, terms, words } from './text.js';

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
}

/** A ranked search hit. */
export interface SearchHit {
  connection: string;
  type: CapabilityType;
  name: string;
  score: number;
  description: string;
}

const STOPWORDS_DROPPED = (t: string) => {
  const s = terms(t);
  return s.length ? s[0]! : null;
};

/** First sentence (or first 160 characters) of a description. */
export function shortDescription(text: string | undefined, max = 160): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.{20,}?[.!?])(?=\s+[A-Z([]|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length > max ? sentence.slice(0, max - 1) + '…' : sentence;
}

function schemaText(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 2) return '';
  const props = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const parts: string[] = [];
  for (const [k, v] of Object.entries(props)) {
    parts.push(k);
    const d = (v as { description?: unknown })?.description;
    if (typeof d === 'string') parts.push(d);
    const en = (v as { enum?: unknown })?.enum;
    if (Array.isArray(en)) parts.push(en.filter((x) => typeof x === 'string').join(' '));
    parts.push(schemaText(v, depth + 1));
    const items = (v as { items?: unknown })?.items;
    if (items) parts.push(schemaText(items, depth + 1));
  }
  return parts.filter(Boolean).join(' ');
}

function annotationText(a: Record<string, unknown> | undefined): string {
  if (!a) return '';
  const out: string[] = [];
  if (typeof a.title === 'string') out.push(a.title);
  if (a.readOnlyHint === true) out.push('read only');
  if (a.destructiveHint === true) out.push('destructive');
  if (a.openWorldHint === true) out.push('external');
  return out.join(' ');
}

/** Entries for every tool, resource, resource template and prompt of one connection's catalog. */
export function entriesOf(alias: string, serverName: string, cat: Catalog): IndexEntry[] {
  const out: IndexEntry[] = [];
  for (const t of cat.tools) {
    out.push({
      id: `${alias}\u0000tool\u0000${t.name}`, connection: alias, type: 'tool', name: t.name, title: t.title ?? (t.annotations?.title as string | undefined) ?? '',
      description: t.description ?? '', params: schemaText(t.inputSchema), annotations: annotationText(t.annotations as Record<string, unknown> | undefined), server: serverName,
    });
  }
  for (const r of cat.resources) {
    out.push({ id: `${alias}\u0000resource\u0000${r.uri}`, connection: alias, type: 'resource', name: r.uri, title: `${r.name} ${r.title ?? ''}`, description: r.description ?? '', params: r.mimeType ?? '', annotations: '', server: serverName });
  }
  for (const r of cat.resourceTemplates) {
    out.push({ id: `${alias}\u0000resource\u0000${r.uriTemplate}`, connection: alias, type: 'resource', name: r.uriTemplate, title: `${r.name} ${r.title ?? ''}`, description: r.description ?? '', params: r.mimeType ?? '', annotations: '', server: serverName });
  }
  for (const p of cat.prompts) {
    out.push({
      id: `${alias}\u0000prompt\u0000${p.name}`, connection: alias, type: 'prompt', name: p.name, title: p.title ?? '', description: p.description ?? '',
      params: (p.arguments ?? []).map((a) => `${a.name} ${a.description ?? ''}`).join(' '), annotations: '', server: serverName,
    });
  }
  return out;
}

/** A document as indexed: the entry's description split into its lead sentence and the rest. */
interface Doc extends IndexEntry {
  lead: string;
  rest: string;
}

/** Field weights: a word in the tool's name says most; long usage notes and annotations least. */
export const FIELD_BOOST = { name: 3, title: 1.5, lead: 2, rest: 0.25, params: 0.5, annotations: 0.2, server: 1 };
/** Longer terms (no real word is this long) are matched exactly or by prefix only. */
const MAX_FUZZY_TERM = 40;
/** A synonym counts this much of the word it stands for. */
const SYNONYM_WEIGHT = 0.5;
/** Tools of a server the request names ("…on github") count this much more. */
const SERVER_NAMED = 1.5;

/**
 * Full-text index (MiniSearch BM25) over tool names split into words, titles, descriptions (lead
 * sentence weighted above the rest), parameter names and descriptions, annotations and server
 * names. A request is scored word by word: each word counts by its best field match or, at a
 * discount, its best synonym's; words matched are rewarded (coordination), and tools of a server
 * the request names are preferred. Long descriptions cannot win on sheer vocabulary this way.
 */
export class SearchIndex {
  private readonly ms: MiniSearch<Doc>;
  private readonly entries = new Map<string, IndexEntry>();
  private readonly serverTerms = new Map<string, Set<string>>();

  constructor(entries: IndexEntry[]) {
    this.ms = new MiniSearch<Doc>({
      fields: ['name', 'title', 'lead', 'rest', 'params', 'annotations', 'server'],
      storeFields: [],
      tokenize: (text) => words(text),
      processTerm: STOPWORDS_DROPPED,
      searchOptions: { tokenize: (q) => [q], processTerm: (t) => t },
    });
    this.ms.addAll(
      entries.map((e) => {
        const lead = shortDescription(e.description, 400);
        return { ...e, lead, rest: e.description.slice(lead.replace(/…$/, '').length) };
      }),
    );
    for (const e of entries) {
      this.entries.set(e.id, e);
      if (!this.serverTerms.has(e.connection)) this.serverTerms.set(e.connection, new Set(terms(e.server)));
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private termScores(term: string, filter: (id: string) => boolean): Map<string, number> {
    const out = new Map<string, number>();
    const hits = this.ms.search(term, {
      boost: FIELD_BOOST,
      prefix: term.length >= 4,
      // MiniSearch's fuzzy match allocates a term-length-squared matrix: none for very long terms.
      fuzzy: term.length >= 6 && term.length <= MAX_FUZZY_TERM ? 0.2 : false,
      filter: (r) => filter(r.id as string),
    });
    for (const h of hits) out.set(h.id as string, h.score);
    return out;
  }

  /** Best matches for a natural-language query, best first. */
  search(query: string, opts: { limit?: number; type?: CapabilityType } = {}): SearchHit[] {
    const base = [...new Set(terms(normalizeQuery(query)))];
    if (!base.length) return [];
    const filter = (id: string) => !opts.type || this.entries.get(id)!.type === opts.type;
    const total = new Map<string, number>();
    const matched = new Map<string, number>();
    for (const t of base) {
      const best = this.termScores(t, filter);
      for (const syn of synonymsOf(t)) {
        for (const [id, sc] of this.termScores(syn, filter)) best.set(id, Math.max(best.get(id) ?? 0, sc * SYNONYM_WEIGHT));
      }
      for (const [id, sc] of best) {
        total.set(id, (total.get(id) ?? 0) + sc);
        matched.set(id, (matched.get(id) ?? 0) + 1);
      }
    }
    const named = new Set([...this.serverTerms].filter(([, ts]) => base.some((t) => ts.has(t))).map(([c]) => c));
    const ranked = [...total].map(([id, sc]) => {
      const e = this.entries.get(id)!;
      const coord = (matched.get(id)! / base.length) ** 2;
      return { e, score: sc * coord * (named.has(e.connection) ? SERVER_NAMED : 1) };
    });
    ranked.sort((a, b) => b.score - a.score);
    return ranked.slice(0, opts.limit ?? 10).map(({ e, score }) => ({
      connection: e.connection, type: e.type, name: e.name, score: Math.round(score * 100) / 100, description: shortDescription(e.description),
    }));
  }
}
