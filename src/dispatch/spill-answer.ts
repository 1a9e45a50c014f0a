import { payloadOfValue, type Payload } from '../spill/payload.js';
import type { SpillMeta } from '../spill/store.js';
import { estimateTokens } from '../util/tokens.js';
import type { DispatchContext, DispatchEvent, DispatchResponse } from './context.js';
import { DispatchError } from './request.js';

/** Where a spill came from, for its metadata and the stats. */
export interface SpillOrigin {
  tool: string;
  connection: string;
}

/** Writes a payload to a new spill file and counts it. */
export function writeSpill(ctx: DispatchContext, payload: Payload, origin: SpillOrigin, ev?: DispatchEvent): SpillMeta {
  const store = ctx.opts.spill;
  if (!store) throw new DispatchError('results cannot be written to files here (no spill store)');
  const meta = store.writeText('result', payload.text, payload.format, origin);
  const stats = ctx.stats;
  stats.spills++;
  stats.bytesKeptOut += meta.bytes;
  if (!stats.largestSpill || meta.bytes > stats.largestSpill.bytes) {
    stats.largestSpill = { bytes: meta.bytes, estimatedTokens: meta.estimatedTokens, tool: origin.tool, connection: origin.connection };
  }
  if (ev) {
    ev.spilled = true;
    ev.resultFile = meta.file;
  }
  return meta;
}

/** The spill answer's text: where, why, size, outline, a preview, and how to read it back. */
export function spillText(meta: SpillMeta, why: string, payload: Payload, toolError = false, readHint?: string): string {
  const how =
    readHint ??
    (payload.format === 'text'
      ? 'Read it with action=readresult (op=stat, grep, slice, head, tail); pass it to another call as argumentsFile.'
      : 'Read it with action=readresult: op=query (select), op=items (path), grep, slice; or pass it as argumentsFile.');
  return (
    `Result written to ${meta.file} (${why}). ${meta.bytes} bytes, ≈${meta.estimatedTokens} tokens, ${meta.lines} lines of ${meta.format}; ${payload.shape}.` +
    `${toolError ? ' The tool reported an error.' : ''}\nPreview:\n${payload.preview}\n${how}`
  );
}

/** Why a result of `bytes` goes to a file, or undefined when it stays inline. */
export function spillReason(bytes: number, resultToFile: boolean, threshold: number): string | undefined {
  if (resultToFile) return 'resultToFile was set';
  return threshold > 0 && bytes > threshold ? `result is ${bytes} bytes, over the ${threshold}-byte threshold` : undefined;
}

/**
 * A value computed here (a select, a batch, a script's result, a query) as an answer: inline as
 * `result`, or written to a file (resultToFile, or over the threshold) with its outline.
 */
export function valueAnswer(
  ctx: DispatchContext,
  head: DispatchResponse,
  value: unknown,
  o: { resultToFile: boolean; threshold?: number; origin: SpillOrigin; key?: string },
  ev?: DispatchEvent,
): DispatchResponse {
  const serialized = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.byteLength(serialized);
  if (ev) ev.bytes = bytes;
  const threshold = o.threshold ?? ctx.opts.threshold;
  const why = spillReason(bytes, o.resultToFile, threshold);
  if (!why) return { ...head, estimatedTokens: estimateTokens(bytes), [o.key ?? 'result']: value ?? null };
  const payload = payloadOfValue(value ?? null, ctx.opts.toon);
  const meta = writeSpill(ctx, payload, o.origin, ev);
  return { ...head, resultFile: meta.file, autoSpilled: !o.resultToFile, content: [{ type: 'text', text: spillText(meta, why, payload) }] };
}
