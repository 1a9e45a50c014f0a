/**
 * One term's postings in the search index: document ids in ascending order, each with its packed
 * per-field frequencies. Two plain arrays instead of a Map per term: building an index of 4,000
 * tools appends about 400,000 postings, and a hash table per term costs more to grow and to collect
 * than the binary search a lookup by id now takes (lookups by id are few: the pool's members only).
 */
export class PostingList {
  /** Document ids, ascending. */
  readonly ids: number[] = [];
  /** Packed frequencies, at the same index as their id. */
  readonly tfs: number[] = [];

  /** How many documents have the term. */
  get size(): number {
    return this.ids.length;
  }

  /** The index of `id` in `ids`, or where it would go (as `-(place + 1)`). */
  private find(id: number): number {
    const a = this.ids;
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = a[mid]!;
      if (v < id) lo = mid + 1;
      else if (v > id) hi = mid - 1;
      else return mid;
    }
    return -(lo + 1);
  }

  /** The posting of document `id`, if it has the term. */
  get(id: number): number | undefined {
    const i = this.find(id);
    return i >= 0 ? this.tfs[i] : undefined;
  }

  /** Sets document `id`'s posting (an index built from scratch only appends; a reused id is inserted in place). */
  set(id: number, tf: number): void {
    const n = this.ids.length;
    if (!n || this.ids[n - 1]! < id) {
      this.ids.push(id);
      this.tfs.push(tf);
      return;
    }
    const i = this.find(id);
    if (i >= 0) this.tfs[i] = tf;
    else {
      this.ids.splice(-i - 1, 0, id);
      this.tfs.splice(-i - 1, 0, tf);
    }
  }

  /** Removes the postings of every document `gone` says is gone, in one pass. */
  removeWhere(gone: (id: number) => boolean): void {
    const { ids, tfs } = this;
    let w = 0;
    for (let r = 0; r < ids.length; r++) {
      if (gone(ids[r]!)) continue;
      ids[w] = ids[r]!;
      tfs[w] = tfs[r]!;
      w++;
    }
    ids.length = w;
    tfs.length = w;
  }
}
