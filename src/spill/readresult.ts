import { closeSync, openSync, readSync } from 'node:fs';
import { estimateTokens } from '../util/tokens.js';
import { grepFile } from './grep.js';
import { itemsOfFile } from './items.js';
import { queryFile } from './query.js';
import { dataFormat } from './stream.js';
import { forEachLine, tailLines, type Line } from './lines.js';
import type { SpillMeta, SpillStore } from './store.js';

/** What readresult can do with a spill file. */
export const READ_OPS = ['stat', 'head', 'tail', 'slice', 'grep', 'read', 'query', 'items'] as const;
export type ReadOp = (typeof READ_OPS)[number];

/** A readresult request, already validated. */
export interface ReadRequest {
  op: ReadOp;
  lines?: number;
  fromLine?: number;
  toLine?: number;
  pattern?: string;
  context?: number;
  /** Cap on returned text; 0 = no cap. */
  maxBytes?: number;
  /** op=query: a JMESPath expression. */
  select?: string;
  /** op=items: JMESPath to the array (default: the whole document). */
  path?: string;
  offset?: number;
  limit?: number;
  /** op=items: where the previous page stopped. */
  cursor?: string;
}

export const DEFAULT_LINES = 50;
/** Returned text is capped at this unless maxBytes says otherwise. */
export const DEFAULT_MAX_BYTES = 64 * 1024;
/** `read` without maxBytes is refused above this size. */
export const READ_WHOLE_LIMIT = 64 * 1024;
/** Longer lines are cut (windowed around matches for grep) unless maxBytes is 0. */
export const MAX_LINE_CHARS = 4000;

/** Line count: recorded at write time, or (a kept file from another process without its sidecar) counted once. */
function lineCount(meta: SpillMeta, store: SpillStore): number {
  if (meta.lines < 0) {
    let n = 0;
    forEachLine(meta.file, 1, () => (n++, true));
    meta.lines = n;
    store.remember(meta);
  }
  return meta.lines;
}

function statOf(meta: SpillMeta, store: SpillStore): Record<string, unknown> {
  lineCount(meta, store);
  const out: Record<string, unknown> = { bytes: meta.bytes, lines: meta.lines, estimatedTokens: meta.estimatedTokens, format: meta.format, createdAt: meta.createdAt };
  if (meta.tool) out.tool = meta.tool;
  if (meta.connection) out.connection = meta.connection;
  return out;
}

/** Joins lines into a text block within a byte budget; says where it stopped. */
function pack(lines: Array<{ n: number; line: Line }>, budget: number): { text: string; last: number; truncated: boolean } {
  const parts: string[] = [];
  const cut = lines.some((l) => l.line.cut);
  let used = 0;
  let last = 0;
  for (const { n, line } of lines) {
    const t = line.cut ? `${line.text} …[line cut]` : line.text;
    const size = Buffer.byteLength(t) + 1;
    if (budget > 0 && used + size > budget) {
      if (!parts.length) {
        // Even one line is over budget: give a prefix of it.
        parts.push(Buffer.from(t).subarray(0, budget).toString('utf8').replace(/\uFFFD+$/, '') + ' …[cut at maxBytes]');
        last = n;
      }
      return { text: parts.join('\n'), last, truncated: true };
    }
    parts.push(t);
    used += size;
    last = n;
  }
  return { text: parts.join('\n'), last, truncated: cut };
}

/**
 * Runs one readresult op on a spill file. Always returns inline data sized for a context window:
 * `stat` is free (recorded at write time), `tail` reads from the end, the others stream.
 */
export function readResult(store: SpillStore, file: string, req: ReadRequest): Record<string, unknown> {
  const meta = store.meta(file);
  const budget = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const lineCap = budget === 0 ? Number.MAX_SAFE_INTEGER : Math.max(MAX_LINE_CHARS * 4, 1);
  const base = { action: 'readresult', resultFile: file, op: req.op };
  switch (req.op) {
    case 'stat':
      return { ...base, ...statOf(meta, store), hint: 'grep (pattern) to find, slice (fromLine/toLine) or head/tail to read parts' };
    case 'head': {
      const want = req.lines ?? DEFAULT_LINES;
      const got: Array<{ n: number; line: Line }> = [];
      if (want > 0) forEachLine(file, lineCap, (n, line) => (got.push({ n, line }), got.length < want));
      const p = pack(got, budget);
      return { ...base, fromLine: got.length ? 1 : 0, toLine: p.last, totalLines: lineCount(meta, store), truncated: p.truncated || undefined, text: p.text };
    }
    case 'tail': {
      const want = req.lines ?? DEFAULT_LINES;
      const total = lineCount(meta, store);
      const { lines } = tailLines(file, want, lineCap);
      const first = total - lines.length + 1;
      // Keep the end when over budget: drop from the front.
      const numbered = lines.map((line, i) => ({ n: first + i, line }));
      let p = pack(numbered, budget);
      let from = first;
      while (p.truncated && numbered.length > 1) {
        numbered.shift();
        from++;
        p = pack(numbered, budget);
      }
      return { ...base, fromLine: lines.length ? from : 0, toLine: lines.length ? total : 0, totalLines: total, truncated: p.truncated || from > first || undefined, text: p.text };
    }
    case 'slice': {
      const from = req.fromLine ?? 1;
      const to = req.toLine ?? from + (req.lines ?? DEFAULT_LINES) - 1;
      const got: Array<{ n: number; line: Line }> = [];
      forEachLine(file, lineCap, (n, line) => {
        if (n >= from) got.push({ n, line });
        return n < to;
      });
      const p = pack(got, budget);
      const total = lineCount(meta, store);
      return { ...base, fromLine: got.length ? from : 0, toLine: p.last, totalLines: total, truncated: p.truncated || undefined, text: p.text };
    }
    case 'grep': {
      const g = grepFile(file, req.pattern ?? '', { maxMatches: req.lines ?? DEFAULT_LINES, context: req.context ?? 0, maxLineChars: budget === 0 ? Number.MAX_SAFE_INTEGER : MAX_LINE_CHARS });
      const numbered = g.output.map((t, i) => ({ n: i + 1, line: { text: t, cut: false } }));
      const p = pack(numbered, budget);
      return {
        ...base,
        pattern: req.pattern,
        matchingLines: g.matchingLines,
        returned: g.returned,
        truncated: p.truncated || g.matchingLines > g.returned || undefined,
        text: p.text,
      };
    }
    case 'query': {
      const q = queryFile(file, dataFormat(meta.format), req.select ?? '@');
      return { ...base, select: req.select, streamed: q.streamed || undefined, result: q.value };
    }
    case 'items':
      return { ...base, ...itemsOfFile(file, dataFormat(meta.format), { path: req.path, offset: req.offset, limit: req.limit, cursor: req.cursor, budget }) };
    case 'read': {
      if (req.maxBytes === undefined && meta.bytes > READ_WHOLE_LIMIT) {
        throw new Error(
          `refused: the file has ${meta.bytes} bytes (≈${estimateTokens(meta.bytes)} tokens), too much to read whole. ` +
            `Use op=stat, then op=grep with a pattern or op=slice with fromLine/toLine; or pass maxBytes to read only the start.`,
        );
      }
      const cap = req.maxBytes === undefined || req.maxBytes === 0 ? meta.bytes : Math.min(req.maxBytes, meta.bytes);
      const fd = openSync(file, 'r');
      let text: string;
      try {
        const b = Buffer.allocUnsafe(cap);
        const n = readSync(fd, b, 0, cap, 0);
        text = b.subarray(0, n).toString('utf8');
        if (n < meta.bytes) text = text.replace(/\uFFFD+$/, '');
      } finally {
        closeSync(fd);
      }
      return { ...base, bytes: meta.bytes, returnedBytes: Buffer.byteLength(text), truncated: cap < meta.bytes || undefined, text };
    }
  }
}
