import { estimateTokens } from '../util/tokens.js';
import { grepInWorker } from './grep-runner.js';
import { countLines, forEachLine, forEachLineBackward, trimPartialChar, type Line } from './lines.js';
import { openRegular, readAt } from './open.js';
import { itemsInWorker, queryInWorker } from './select-runner.js';
import { dataFormat } from './stream.js';
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
  /** Cap on returned text; 0 = as much as MAX_ANSWER_BYTES allows. */
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
/** No answer carries more text than this, whatever maxBytes says (0 included): page for more. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
/** `read` without maxBytes is refused above this size. */
export const READ_WHOLE_LIMIT = 64 * 1024;
/** Longer lines are cut (windowed around matches for grep) unless maxBytes is 0. */
export const MAX_LINE_CHARS = 4000;

/** Line count: recorded at write time, or (a kept file from another process without its sidecar) counted once. */
async function lineCount(meta: SpillMeta, store: SpillStore): Promise<number> {
  if (meta.lines < 0) {
    meta.lines = await countLines(meta.file);
    store.remember(meta);
  }
  return meta.lines;
}

/**
 * Collects lines into a text block within a byte budget. The first line always goes in (cut to
 * the budget if it is longer); after that, a line that does not fit ends the block.
 */
class Packer {
  private readonly parts: string[] = [];
  private used = 0;
  /** The budget stopped the block before the caller did. */
  full = false;
  /** Some line was cut (at the line cap, or at the budget). */
  cut = false;
  /** Line numbers of the first and last line added, in the order they were added. */
  first = 0;
  last = 0;

  constructor(private readonly budget: number) {}

  get count(): number {
    return this.parts.length;
  }

  /** Adds a line; false once the block is full (nothing more goes in). */
  add(n: number, line: Line): boolean {
    if (this.full) return false;
    const t = line.cut ? `${line.text} …[line cut]` : line.text;
    const size = Buffer.byteLength(t) + 1;
    if (this.used + size > this.budget) {
      this.full = true;
      if (this.parts.length) return false;
      // Even one line is over budget: give a prefix of it.
      this.parts.push(trimPartialChar(Buffer.from(t).subarray(0, this.budget).toString('utf8')) + ' …[cut at maxBytes]');
      this.cut = true;
      this.first = this.last = n;
      return false;
    }
    if (line.cut) this.cut = true;
    if (!this.parts.length) this.first = n;
    this.parts.push(t);
    this.used += size;
    this.last = n;
    return true;
  }

  /** The block, lines in file order (`reversed`: they were added from the end). */
  text(reversed = false): string {
    return (reversed ? [...this.parts].reverse() : this.parts).join('\n');
  }
}

function statOf(meta: SpillMeta): Record<string, unknown> {
  const out: Record<string, unknown> = { bytes: meta.bytes, lines: meta.lines, estimatedTokens: meta.estimatedTokens, format: meta.format, createdAt: meta.createdAt };
  if (meta.tool) out.tool = meta.tool;
  if (meta.connection) out.connection = meta.connection;
  return out;
}

const CUT_HINT = `lines longer than ${MAX_LINE_CHARS * 4} bytes are cut (…[line cut]); maxBytes: 0 shows up to ${MAX_ANSWER_BYTES} bytes of one`;

/**
 * Runs one readresult op on a spill file. Always returns inline data sized for a context window,
 * never more than MAX_ANSWER_BYTES of text: `stat` is free (recorded at write time), `tail` reads
 * from the end, `head`/`slice`/`read` stop at the budget, `grep` runs in a worker thread with a
 * deadline. Reads are asynchronous, so a big file never holds up other requests.
 */
export async function readResult(store: SpillStore, file: string, req: ReadRequest): Promise<Record<string, unknown>> {
  const meta = store.meta(file);
  const budget = req.maxBytes === undefined ? DEFAULT_MAX_BYTES : req.maxBytes === 0 ? MAX_ANSWER_BYTES : Math.min(req.maxBytes, MAX_ANSWER_BYTES);
  const lineCap = req.maxBytes === 0 ? MAX_ANSWER_BYTES : MAX_LINE_CHARS * 4;
  const base = { action: 'readresult', resultFile: file, op: req.op };
  const capped = req.maxBytes !== undefined && (req.maxBytes === 0 || req.maxBytes > MAX_ANSWER_BYTES);
  const budgetWords = capped ? `the ${MAX_ANSWER_BYTES}-byte cap on answers` : `maxBytes (${budget})`;
  switch (req.op) {
    case 'stat':
      await lineCount(meta, store);
      return { ...base, ...statOf(meta), hint: 'grep (pattern) to find, slice (fromLine/toLine) or head/tail to read parts' };
    case 'head':
    case 'slice': {
      const want = req.lines ?? DEFAULT_LINES;
      const from = req.op === 'head' ? 1 : req.fromLine!;
      const to = req.op === 'head' ? want : (req.toLine ?? from + want - 1);
      const p = new Packer(budget);
      if (to >= from) await forEachLine(file, lineCap, (n, line) => p.add(n, line) && n < to, from);
      const total = await lineCount(meta, store);
      const out: Record<string, unknown> = { ...base, fromLine: p.count ? p.first : 0, toLine: p.last, totalLines: total, truncated: p.full || p.cut || undefined, text: p.text() };
      if (p.full && p.last < Math.min(to, total)) out.hint = `stopped at ${budgetWords} after line ${p.last}; go on with op=slice fromLine=${p.last + 1}`;
      else if (p.cut) out.hint = CUT_HINT;
      return out;
    }
    case 'tail': {
      const want = req.lines ?? DEFAULT_LINES;
      const total = await lineCount(meta, store);
      const p = new Packer(budget);
      let n = total;
      // From the end backwards until the lines asked are in, or the budget is full.
      if (want > 0) await forEachLineBackward(file, lineCap, (line) => p.add(n--, line) && p.count < want);
      const from = p.count ? Math.min(p.first, p.last) : 0;
      const out: Record<string, unknown> = { ...base, fromLine: from, toLine: p.count ? total : 0, totalLines: total, truncated: p.full || p.cut || undefined, text: p.text(true) };
      if (p.full && p.count < Math.min(want, total)) out.hint = `stopped at ${budgetWords}: ${p.count} of the ${Math.min(want, total)} lines asked; earlier lines with op=slice fromLine=… toLine=${from - 1}`;
      else if (p.cut) out.hint = CUT_HINT;
      return out;
    }
    case 'grep': {
      const g = await grepInWorker(file, req.pattern ?? '', {
        maxMatches: req.lines ?? DEFAULT_LINES,
        context: req.context ?? 0,
        maxLineChars: req.maxBytes === 0 ? MAX_ANSWER_BYTES : MAX_LINE_CHARS,
        maxOutputBytes: budget,
      });
      const p = new Packer(budget);
      g.output.forEach((t, i) => p.add(i + 1, { text: t, cut: false }));
      const out: Record<string, unknown> = {
        ...base,
        pattern: req.pattern,
        matchingLines: g.matchingLines,
        returned: g.returned,
        truncated: p.full || g.full || g.matchingLines > g.returned || undefined,
        text: p.text(),
      };
      if (g.full || p.full) out.hint = `stopped at ${budgetWords} after ${g.returned} of ${g.matchingLines} matching lines; narrow the pattern, or read around a line with op=slice`;
      if (g.skippedLines) out.note = `${g.skippedLines} line(s) longer than 16 MiB were not searched (read them with op=slice)`;
      return out;
    }
    case 'query': {
      const q = await queryInWorker(file, dataFormat(meta.format), req.select ?? '@');
      return { ...base, select: req.select, streamed: q.streamed || undefined, result: q.value };
    }
    case 'items':
      return { ...base, ...(await itemsInWorker(file, dataFormat(meta.format), { path: req.path, offset: req.offset, limit: req.limit, cursor: req.cursor, budget })) };
    case 'read': {
      if (req.maxBytes === undefined && meta.bytes > READ_WHOLE_LIMIT) {
        throw new Error(
          `refused: the file has ${meta.bytes} bytes (≈${estimateTokens(meta.bytes)} tokens), too much to read whole. ` +
            `Use op=stat, then op=grep with a pattern or op=slice with fromLine/toLine; or pass maxBytes to read only the start (at most ${MAX_ANSWER_BYTES}).`,
        );
      }
      const cap = req.maxBytes === undefined ? meta.bytes : Math.min(budget, meta.bytes);
      const fh = await openRegular(file);
      let text: string;
      let n: number;
      try {
        const b = Buffer.allocUnsafe(cap);
        n = await readAt(fh, b, cap, 0);
        text = b.subarray(0, n).toString('utf8');
        if (n < meta.bytes) text = trimPartialChar(text);
      } finally {
        await fh.close();
      }
      const out: Record<string, unknown> = { ...base, bytes: meta.bytes, returnedBytes: Buffer.byteLength(text), truncated: n < meta.bytes || undefined, text };
      if (n < meta.bytes) {
        // The line the cut falls in (or the next one, if the cut is at a line end) is where to go on.
        let line = 1;
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
        out.hint = `read stopped at ${budgetWords}, ${n} of ${meta.bytes} bytes; go on with op=slice fromLine=${line}, or find what you need with op=grep`;
      }
      return out;
    }
  }
}
