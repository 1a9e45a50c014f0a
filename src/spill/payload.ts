import { encode as toToon } from '@toon-format/toon';
import { depthExceeds } from '../util/depth.js';
import { shapeOf } from './shape.js';
import type { SpillFormat } from './store.js';

export { shapeOf } from './shape.js';

/**
 * Structured data nests at most this deep to be written as JSON or TOON (both serializers recurse
 * per level, so a hostile 100,000-level result would overflow the stack).
 */
export const MAX_PAYLOAD_DEPTH = 256;

/** The error for a result nested too deep to be written. */
export function tooDeepMessage(what: string): string {
  return `${what} nests deeper than ${MAX_PAYLOAD_DEPTH} levels; mini-a does not pass on data that deep`;
}

/** What a spilled result looks like on disk, and a few words about its shape for the preview. */
export interface Payload {
  text: string;
  format: SpillFormat;
  shape: string;
  /** The start of the data for the spill answer (compact JSON for JSON data). */
  preview: string;
}

/** Shape and preview share this many characters of the spill answer (a longer shape, a shorter preview). */
export const OUTLINE_CHARS = 330;
const MIN_PREVIEW = 100;
const MAX_PREVIEW = 300;
const previewBudget = (shape: string) => Math.min(MAX_PREVIEW, Math.max(MIN_PREVIEW, OUTLINE_CHARS - shape.length));

function textPayload(text: string, shape: string): Payload {
  return { text, format: 'text', shape, preview: previewOf(text, previewBudget(shape)) };
}

type Content = { type: string; text?: string; [k: string]: unknown };

function looksJson(t: string): boolean {
  const s = t.trimStart();
  return s.startsWith('{') || s.startsWith('[');
}

function tryJson(t: string): { ok: true; value: unknown } | { ok: false } {
  if (!looksJson(t)) return { ok: false };
  try {
    const value: unknown = JSON.parse(t);
    // Too deep to write back as JSON: keep it as the text it came as.
    return depthExceeds(value, MAX_PAYLOAD_DEPTH) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/**
 * The data a result carries, as it should be written: structured data (structuredContent, or text
 * that is itself JSON) as pretty JSON or TOON, plain text as it is (so lines stay lines for grep),
 * anything else (images, mixed content) as JSON.
 */
export function payloadOf(result: { content?: unknown; structuredContent?: unknown; contents?: unknown; messages?: unknown }, toon: boolean): Payload {
  const structured = (v: unknown): Payload => structuredPayload(v, toon);
  const sc = result.structuredContent;
  if (sc !== undefined && sc !== null) {
    // Servers send structured data and its text form; prefer whichever keeps lines as lines.
    const texts = Array.isArray(result.content) ? (result.content as Content[]).filter((c) => typeof c?.text === 'string') : [];
    if (texts.length === 1 && (result.content as Content[]).length === 1) {
      const text = texts[0]!.text!;
      const j = tryJson(text);
      if (j.ok) return structured(j.value);
      // {content: "<the text>"}: the structure only wraps the text (e.g. filesystem's read_text_file).
      const values = typeof sc === 'object' ? Object.values(sc as object) : [];
      if (values.length === 1 && values[0] === text) return textPayload(text, `text, ${text.split('\n').length} lines`);
    }
    return structured(sc);
  }
  const items = (result.content ?? result.contents) as Content[] | undefined;
  if (Array.isArray(items)) {
    const texts = items.filter((c) => typeof c?.text === 'string');
    if (texts.length === items.length && texts.length > 0) {
      if (texts.length === 1) {
        const j = tryJson(texts[0]!.text!);
        if (j.ok) return structured(j.value);
        const text = texts[0]!.text!;
        return textPayload(text, `text, ${text.split('\n').length} lines`);
      }
      const parsed = texts.map((t) => tryJson(t.text!));
      if (parsed.every((p) => p.ok)) return structured(parsed.map((p) => (p as { value: unknown }).value));
      const text = texts.map((t) => t.text!).join('\n');
      return textPayload(text, `text from ${texts.length} parts, ${text.split('\n').length} lines`);
    }
    return structured(items);
  }
  return structured(result.messages ?? result);
}

/** Structured data as written to a spill file: pretty JSON, or TOON when asked (objects and arrays only). */
export function structuredPayload(v: unknown, toon: boolean): Payload {
  if (depthExceeds(v, MAX_PAYLOAD_DEPTH)) throw new Error(tooDeepMessage('the result'));
  const shape = shapeOf(v);
  const budget = previewBudget(shape);
  if (toon && v !== null && typeof v === 'object') {
    const text = toToon(v) + '\n';
    return { text, format: 'toon', shape, preview: previewOf(text, budget) };
  }
  // The preview is compact JSON: pretty JSON's indentation would fill it with spaces.
  return { text: JSON.stringify(v, null, 2) + '\n', format: 'json', shape, preview: cutAt(JSON.stringify(v) ?? 'null', budget) };
}

/** A value produced here (a select, a script's result) as a spill payload: strings as text, the rest structured. */
export function payloadOfValue(v: unknown, toon: boolean): Payload {
  if (typeof v === 'string') return textPayload(v, `text, ${v.split('\n').length} lines`);
  return structuredPayload(v, toon);
}

/** At most `max` characters, marked when cut. */
function cutAt(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

/** The first few hundred characters of a payload, cut at a line end where possible. */
export function previewOf(text: string, max = 300): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  return (cut > max / 2 ? text.slice(0, cut) : text.slice(0, max)) + '\n…';
}
