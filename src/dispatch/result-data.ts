import type { CapabilityType } from './schema.js';

type Block = { type?: string; text?: string };

/** The texts of a result's content blocks (tool content, resource contents), or undefined if any block is not text. */
function texts(blocks: unknown): string[] | undefined {
  if (!Array.isArray(blocks) || !blocks.length) return undefined;
  const out: string[] = [];
  for (const b of blocks as Block[]) {
    if (typeof b?.text !== 'string') return undefined;
    out.push(b.text);
  }
  return out;
}

function parse(t: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch {
    return { ok: false };
  }
}

/**
 * A result as data for `select` and for code mode: a tool's structuredContent; else its text parsed
 * as JSON (several JSON texts: an array of them). `json: false` when the result is not JSON: then
 * `value` is the text (or, for non-text content, the content blocks) as it is.
 */
export function resultData(type: CapabilityType, result: Record<string, unknown>): { json: boolean; value: unknown } {
  if (type === 'prompt') return { json: true, value: result.messages ?? [] };
  if (type === 'tool' && result.structuredContent !== undefined && result.structuredContent !== null) return { json: true, value: result.structuredContent };
  const blocks = type === 'tool' ? result.content : result.contents;
  const t = texts(blocks);
  if (!t) return { json: false, value: blocks ?? [] };
  const parsed = t.map(parse);
  if (parsed.every((p) => p.ok)) {
    const values = parsed.map((p) => (p as { value: unknown }).value);
    return { json: true, value: values.length === 1 ? values[0] : values };
  }
  return { json: false, value: t.join('\n') };
}

/** The text of an error result, for messages. */
export function resultText(result: Record<string, unknown>): string {
  return (texts(result.content) ?? texts(result.contents) ?? []).join('\n');
}
