import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import picomatch from 'picomatch';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CacheRules } from '../config/spec.js';
import { canonicalJson } from '../util/canonical.js';
import { depthExceeds } from '../util/depth.js';

/** Settings of the result cache. */
export interface CacheOptions {
  /** Default lifetime of a cached result (ms); 0 turns caching off unless a server sets its own. */
  ttlMs: number;
  /** Most bytes of results kept (least recently used go first). */
  maxBytes: number;
}


/**
 * Results of tools that only read (readOnlyHint, or named in a server's `cache.tools`), kept per
 * arguments for a while, within a byte budget. Never for other tools, never for errors, and a call
 * can opt out (`cache: false`).
 */
export class ResultCache {
  private readonly lru: LRUCache<string, { result: CallToolResult; bytes: number }>;
  private readonly listed = new WeakMap<CacheRules, (s: string) => boolean>();
  hits = 0;
  misses = 0;

  constructor(private readonly o: CacheOptions) {
    this.lru = new LRUCache({ maxSize: Math.max(1, o.maxBytes), sizeCalculation: (v) => Math.max(1, v.bytes), ttlAutopurge: false, allowStale: false });
  }

  /** How long this tool's results may be kept (0: not at all). */
  ttlFor(rules: CacheRules | undefined, tool: Pick<Tool, 'name' | 'annotations'> | undefined, name: string): number {
    const ttl = rules?.ttl ?? this.o.ttlMs;
    if (ttl <= 0) return 0;
    if (tool?.annotations?.readOnlyHint === true) return ttl;
    if (rules?.tools?.length) {
      let m = this.listed.get(rules);
      if (!m) this.listed.set(rules, (m = picomatch(rules.tools, { dot: true, nonegate: true })));
      if (m(name)) return ttl;
    }
    return 0;
  }

  /** The cache key of a call, or undefined when its arguments cannot be keyed (too deep). */
  key(connectionId: string, tool: string, args: Record<string, unknown> | undefined): string | undefined {
    if (depthExceeds(args ?? {}, 64)) return undefined;
    return createHash('sha256').update(`${connectionId}\0${tool}\0${canonicalJson(args ?? {})}`).digest('hex');
  }

  /** A kept result, if it is still fresh. */
  get(key: string): CallToolResult | undefined {
    const v = this.lru.get(key);
    if (v) this.hits++;
    else this.misses++;
    return v?.result;
  }

  /** Keeps a result for `ttlMs` (errors are never kept; results over the whole budget neither). */
  set(key: string, result: CallToolResult, ttlMs: number): void {
    if (result.isError) return;
    const bytes = Buffer.byteLength(JSON.stringify(result) ?? '');
    if (bytes > this.o.maxBytes) return;
    this.lru.set(key, { result, bytes }, { ttl: ttlMs });
  }

  /** Entries and bytes held now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize };
  }
}
