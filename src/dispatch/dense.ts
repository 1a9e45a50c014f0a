/**
 * Learned request vectors: a bag-of-words dual encoder trained on the labelled requests (bench/train-dense.ts).
 * Each term has a vector; a request's vector is the idf-weighted sum of its terms', a tool's the sum of its
 * fields' terms' (name, title, description, parameter names, server), both of unit length, and their dot product
 * says how alike they are. It knows the tools it was trained on far better than word matching does (a tool's
 * many requests taught it the words users say for it), and next to nothing of tools it never saw, so the
 * search reads it only for tools it was trained on (`knows`), by their name and description.
 */
import { DENSE_WEIGHTS } from './dense-weights.js';
import { shortDescription } from './short-description.js';
import { terms, type RequestWord } from './text.js';

/** What a tool's vector is made from (an IndexEntry has these). */
export interface DenseTool {
  name: string;
  title: string;
  description: string;
  /** Parameter names on the first line, then their descriptions. */
  params: string;
  server: string;
}

/** The model's data as bench/train-dense.ts writes it (dense-weights.ts). */
export interface DenseData {
  dim: number;
  /** Terms, space-separated, in row order. */
  vocab: string;
  /** Row scales (float32) and rows (int8, `dim` per term), base64. */
  scales: string;
  rows: string;
  /** Per vocabulary term, the number of the training catalog's tools that have it, and that catalog's size. */
  df: readonly number[];
  n: number;
  /** Hashes (knownKey) of the tools trained on, base64 uint32, ascending. */
  known: string;
  /** Those tools' vectors (unit length, times 127, int8, `dim` each, in `known`'s order), base64: worked out once by the trainer, so an index build only looks them up. */
  tools: string;
}

/** A term's field weights in a tool's bag: its name says most, long usage notes least. */
const NAME_W = 3;
const TITLE_W = 2;
const LEAD_W = 1.5;
const DESC_W = 0.5;
const PARAM_W = 0.6;
const SERVER_W = 1;
/** A description's first characters and terms read beyond its lead sentence. */
const DESC_CHARS = 1500;
const DESC_TERMS = 80;
const LEAD_CHARS = 300;
/** A request word's weight is its idf, at least this (a common word still says something). */
const MIN_REQUEST_IDF = 0.5;

/** The trained model: term vectors and the tools it knows. */
export class DenseModel {
  readonly dim: number;
  private readonly row = new Map<string, number>();
  private readonly scales: Float32Array;
  private readonly rows: Int8Array;
  private readonly df: readonly number[];
  private readonly n: number;
  private readonly known = new Map<number, number>();
  private readonly tools: Int8Array;

  constructor(data: DenseData) {
    this.dim = data.dim;
    data.vocab.split(' ').forEach((t, i) => this.row.set(t, i));
    const sb = Buffer.from(data.scales, 'base64');
    this.scales = new Float32Array(sb.buffer.slice(sb.byteOffset, sb.byteOffset + sb.byteLength));
    const rb = Buffer.from(data.rows, 'base64');
    this.rows = new Int8Array(rb.buffer.slice(rb.byteOffset, rb.byteOffset + rb.byteLength));
    const kb = Buffer.from(data.known, 'base64');
    new Uint32Array(kb.buffer.slice(kb.byteOffset, kb.byteOffset + kb.byteLength)).forEach((h, i) => this.known.set(h, i));
    const tb = Buffer.from(data.tools, 'base64');
    this.tools = new Int8Array(tb.buffer.slice(tb.byteOffset, tb.byteOffset + tb.byteLength));
    this.df = data.df;
    this.n = data.n;
    if (this.rows.length !== this.row.size * this.dim || this.scales.length !== this.row.size || this.df.length !== this.row.size || this.tools.length !== this.known.size * this.dim) throw new Error('dense model: inconsistent data');
  }

  /** Terms with a vector. */
  get size(): number {
    return this.row.size;
  }

  /** Whether the model was trained on this tool (its name and description as they were). */
  knows(name: string, description: string): boolean {
    return this.known.has(knownKey(name, description));
  }

  /** The vector of a tool the model was trained on (by its name and description), or undefined. */
  knownVector(name: string, description: string): Float32Array | undefined {
    const i = this.known.get(knownKey(name, description));
    if (i === undefined) return undefined;
    const d = this.dim;
    const v = new Float32Array(d);
    let norm = 0;
    for (let k = 0; k < d; k++) norm += this.tools[i * d + k]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < d; k++) v[k] = this.tools[i * d + k]! / norm;
    return v;
  }

  /** A term's idf in the training catalog (terms it does not have: as rare as can be). */
  idf(term: string): number {
    const i = this.row.get(term);
    const df = i === undefined ? 0 : this.df[i]!;
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }

  /** The unit vector of weighted terms, or undefined when the model has none of them. */
  vector(bag: Iterable<readonly [string, number]>): Float32Array | undefined {
    const d = this.dim;
    const v = new Float32Array(d);
    let any = false;
    for (const [t, w] of bag) {
      const i = this.row.get(t);
      if (i === undefined || !w) continue;
      any = true;
      const s = w * this.scales[i]!;
      const o = i * d;
      for (let k = 0; k < d; k++) v[k]! += s * this.rows[o + k]!;
    }
    if (!any) return undefined;
    let norm = 0;
    for (let k = 0; k < d; k++) norm += v[k]! * v[k]!;
    norm = Math.sqrt(norm);
    if (!norm) return undefined;
    for (let k = 0; k < d; k++) v[k]! /= norm;
    return v;
  }

  /** A tool's vector (its bag's terms weighted by field and idf). */
  toolVector(tool: DenseTool): Float32Array | undefined {
    return this.vector([...toolBag(tool)].map(([t, w]) => [t, w * this.idf(t)] as const));
  }

  /** A request's vector from its distinct terms (requestWords' terms of the normalised request). */
  requestVector(requestTerms: readonly string[]): Float32Array | undefined {
    return this.vector(requestTerms.map((t) => [t, Math.max(MIN_REQUEST_IDF, this.idf(t))] as const));
  }
}

/** A request's words, each term once (its first word). */
export function distinctWords(words: readonly RequestWord[]): RequestWord[] {
  const seen = new Set<string>();
  return words.filter((r) => !seen.has(r.term) && !!seen.add(r.term));
}

/** The terms of a request's distinct words the model reads: a quoted word is a value to use ("search the web for 'notion vs obsidian'"), not what the tool is for. */
export function denseTerms(words: readonly RequestWord[]): string[] {
  return words.filter((r) => r.role !== 'quoted').map((r) => r.term);
}

/** Dot product of two unit vectors of one length. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
  return s;
}

/** A tool's terms, each with its best field's weight. */
export function toolBag(tool: DenseTool): Map<string, number> {
  const bag = new Map<string, number>();
  const add = (text: string, w: number, max = Infinity) => {
    let n = 0;
    for (const t of terms(text)) {
      if (n++ >= max) break;
      if (w > (bag.get(t) ?? 0)) bag.set(t, w);
    }
  };
  add(tool.name, NAME_W);
  add(tool.title, TITLE_W);
  add(shortDescription(tool.description, LEAD_CHARS), LEAD_W);
  add(tool.description.slice(0, DESC_CHARS), DESC_W, DESC_TERMS);
  const nl = tool.params.indexOf('\n');
  add(nl < 0 ? tool.params : tool.params.slice(0, nl), PARAM_W);
  add(tool.server, SERVER_W);
  return bag;
}

/** FNV-1a (32 bits) of a tool's name and description: how the model recognises a tool it was trained on. */
export function knownKey(name: string, description: string): number {
  let h = 0x811c9dc5;
  const s = `${name}\u0000${description}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

let model: DenseModel | null | undefined;
/** The shipped model, decoded at its first use (null when none was trained). */
export function denseModel(): DenseModel | null {
  if (model === undefined) model = DENSE_WEIGHTS ? new DenseModel(DENSE_WEIGHTS) : null;
  return model;
}
