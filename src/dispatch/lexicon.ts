import { isCjkCode, termOfWord, words } from './text.js';

/** Words remembered with their term; past this, a word is stemmed each time it is met (bounded memory). */
const MAX_CACHED_WORDS = 200_000;

/**
 * The terms of one search index as small integers. Indexing looks each word of a text up once
 * (word → term id) instead of stemming it, testing it against the stop words and counting it in a
 * map keyed by the term's string: on 3,500 tools that is most of the build.
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  /** Each id's term. */
  readonly terms: string[] = [];
  /** Word (as `words` splits it) → its term's id, or -1 for a word that is no term. */
  private readonly wordIds = new Map<string, number>();

  /** Some term is a CJK pair. */
  hasCjk = false;
  /** Per id, 1 for a CJK pair (looked up for every indexed word once the lexicon has one). */
  private readonly cjk: number[] = [];

  /** Number of terms ever interned. */
  get size(): number {
    return this.terms.length;
  }

  /** The id of `term`, if it was interned. */
  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The id of `term`, interned now if new. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      const isCjk = cjkTerm(term);
      this.cjk.push(isCjk ? 1 : 0);
      if (isCjk) this.hasCjk = true;
    }
    return id;
  }

  /** The ids of `terms`, each interned now if new. */
  internAll(terms: readonly string[]): number[] {
    const out: number[] = [];
    for (let i = 0; i < terms.length; i++) out.push(this.intern(terms[i]!));
    return out;
  }

  /** Appends the ids of `terms(text)` to `out` while it holds fewer than `max`; returns `out`. */
  termIds(text: string, out: number[] = [], max = Infinity): number[] {
    if (out.length >= max) return out;
    const ws = words(text);
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      let id = this.wordIds.get(w);
      if (id === undefined) {
        const t = termOfWord(w);
        id = t === undefined ? -1 : this.intern(t);
        if (this.wordIds.size < MAX_CACHED_WORDS) this.wordIds.set(w, id);
      }
      if (id >= 0 && out.push(id) >= max) break;
    }
    return out;
  }

  /** True when the term is a CJK pair. */
  isCjk(id: number): boolean {
    return this.cjk[id] === 1;
  }
}

/** True for a CJK pair (every other term is ASCII, so its first character tells). */
function cjkTerm(term: string): boolean {
  return isCjkCode(term.charCodeAt(0));
}
