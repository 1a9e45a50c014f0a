import MiniSearch from 'minisearch';
import type { Catalog } from '../mcp/connection.js';
import type { CapabilityType } from './schema.js';
import { stem, synonymsOf, terms, words } from './text.js';

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

/** Field weights: a word in the tool's name says most, annotations least. */
export const FIELD_BOOST = { name: 4, title: 2, description: 1.5, params: 0.6, annotations: 0.3, server: 0.8 };
const SYNONYM_WEIGHT = 0.3;

/**
 * BM25 full-text index (MiniSearch) over names split into words, titles, descriptions, parameter
 * names and descriptions, annotations and server names, with stemming and query synonyms.
 */
export class SearchIndex {
  private readonly ms: MiniSearch<IndexEntry>;
  private readonly entries = new Map<string, IndexEntry>();

  constructor(entries: IndexEntry[]) {
    this.ms = new MiniSearch<IndexEntry>({
      fields: ['name', 'title', 'description', 'params', 'annotations', 'server'],
      storeFields: [],
      tokenize: (text) => words(text),
      processTerm: STOPWORDS_DROPPED,
      searchOptions: { tokenize: (q) => q.split(' ').filter(Boolean), processTerm: (t) => t },
    });
    this.ms.addAll(entries);
    for (const e of entries) this.entries.set(e.id, e);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Best matches for a natural-language query, best first. */
  search(query: string, opts: { limit?: number; connection?: string; type?: CapabilityType } = {}): SearchHit[] {
    const base = [...new Set(terms(query))];
    if (!base.length) return [];
    const extra = [...new Set(base.flatMap(synonymsOf))].filter((t) => !base.includes(t));
    const all = [...base, ...extra];
    const hits = this.ms.search(all.join(' '), {
      boost: FIELD_BOOST,
      prefix: (t) => t.length >= 4,
      fuzzy: (t) => (t.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
      boostTerm: (_t, i) => (i < base.length ? 1 : SYNONYM_WEIGHT),
      filter: (r) => {
        const e = this.entries.get(r.id as string)!;
        return (!opts.connection || e.connection === opts.connection) && (!opts.type || e.type === opts.type);
      },
    });
    return hits.slice(0, opts.limit ?? 10).map((h) => {
      const e = this.entries.get(h.id as string)!;
      return { connection: e.connection, type: e.type, name: e.name, score: Math.round(h.score * 100) / 100, description: shortDescription(e.description) };
    });
  }
}

/** Stemmed query terms (exported for tests and the search benchmark). */
export function queryTerms(q: string): string[] {
  return terms(q).map(stem);
}
