/**
 * Reading spilled JSON and TOON files as a stream of events (start/end of objects and arrays,
 * keys, primitives), so query and items can walk to one array and take its items one at a time:
 * memory holds one item, not the file. JSON is tokenized by @streamparser/json, TOON by the TOON
 * library's own event decoder.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type TokenizerClass from '@streamparser/json/tokenizer.js';
import type TokenTypes from '@streamparser/json/utils/types/tokenType.js';
import { decode as fromToon, decodeStreamSync } from '@toon-format/toon';

let json: { Tokenizer: typeof TokenizerClass; TokenType: typeof TokenTypes } | undefined;
/** The JSON tokenizer, loaded on first use (start-up does not pay for it). */
function tokenizerLib(): NonNullable<typeof json> {
  if (!json) {
    const req = createRequire(import.meta.url);
    json = {
      Tokenizer: (req('@streamparser/json/tokenizer.js') as { default: typeof TokenizerClass }).default,
      TokenType: (req('@streamparser/json/utils/types/tokenType.js') as { default: typeof TokenTypes }).default,
    };
  }
  return json;
}

export type JsonPrimitive = string | number | boolean | null;
/** One step of a document, in order. */
export type JsonEvent =
  | { type: 'startObject' }
  | { type: 'endObject' }
  | { type: 'startArray' }
  | { type: 'endArray' }
  | { type: 'key'; key: string }
  | { type: 'primitive'; value: JsonPrimitive };

const CHUNK = 64 * 1024;
/** One item (or one value built whole) larger than this, counted roughly, is refused. */
export const MAX_VALUE_BYTES = 16 * 1024 * 1024;
/** Files up to this size may be parsed whole when an expression cannot be streamed. */
export const WHOLE_FILE_LIMIT = 16 * 1024 * 1024;
/** Values nested deeper than this are refused (building is recursive). */
const MAX_DEPTH = 500;

/** A spill file whose content is not what its format says (kept files may have been edited). */
export class MalformedFile extends Error {
  override name = 'MalformedFile';
}

function* chunks(file: string): Generator<Buffer> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let pos = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n === 0) return;
      pos += n;
      yield buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** Events of a JSON file; tokens of one chunk at a time are held, never the document. */
function* jsonEvents(file: string): Generator<JsonEvent> {
  const { Tokenizer, TokenType } = tokenizerLib();
  const tokenizer = new Tokenizer();
  let queue: Array<{ token: TokenTypes; value: unknown }> = [];
  tokenizer.onToken = ({ token, value }) => void queue.push({ token, value });
  // Containers open so far: true for an object (whose next string may be a key).
  const open: boolean[] = [];
  let expectKey = false;
  for (const chunk of chunks(file)) {
    // Tokens before a syntax error are still given: a reader may stop before it gets there.
    let broken: Error | undefined;
    try {
      tokenizer.write(chunk);
    } catch (e) {
      broken = new MalformedFile(`not valid JSON: ${(e as Error).message}`);
    }
    const batch = queue;
    queue = [];
    for (const { token, value } of batch) {
      switch (token) {
        case TokenType.LEFT_BRACE:
          open.push(true);
          expectKey = true;
          yield { type: 'startObject' };
          break;
        case TokenType.LEFT_BRACKET:
          open.push(false);
          expectKey = false;
          yield { type: 'startArray' };
          break;
        case TokenType.RIGHT_BRACE:
        case TokenType.RIGHT_BRACKET:
          if (open.pop() !== (token === TokenType.RIGHT_BRACE)) throw new MalformedFile('not valid JSON: brackets do not match');
          expectKey = false;
          yield { type: token === TokenType.RIGHT_BRACE ? 'endObject' : 'endArray' };
          break;
        case TokenType.COMMA:
          expectKey = open[open.length - 1] === true;
          break;
        case TokenType.COLON:
          break;
        case TokenType.STRING:
          if (expectKey) {
            expectKey = false;
            yield { type: 'key', key: value as string };
          } else yield { type: 'primitive', value: value as string };
          break;
        default:
          yield { type: 'primitive', value: value as JsonPrimitive };
      }
    }
    if (broken) throw broken;
  }
  try {
    tokenizer.end();
  } catch (e) {
    throw new MalformedFile(`not valid JSON: ${(e as Error).message}`);
  }
}

/** Lines of a file, without their line ends. */
function* lines(file: string): Generator<string> {
  let rest = '';
  const decoder = new TextDecoder('utf-8');
  for (const chunk of chunks(file)) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const p of parts) yield p.endsWith('\r') ? p.slice(0, -1) : p;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

function* toonEvents(file: string): Generator<JsonEvent> {
  try {
    for (const e of decodeStreamSync(lines(file))) yield e.type === 'startArray' ? { type: 'startArray' } : (e as JsonEvent);
  } catch (e) {
    if (e instanceof SyntaxError) throw new MalformedFile(`not valid TOON: ${e.message}`);
    throw e;
  }
}

/** A pull reader over a file's events. */
export class EventReader {
  private readonly it: Iterator<JsonEvent>;

  constructor(file: string, format: 'json' | 'toon') {
    this.it = (format === 'toon' ? toonEvents(file) : jsonEvents(file))[Symbol.iterator]();
  }

  /** The next event; the document ending early is a MalformedFile. */
  next(): JsonEvent {
    const r = this.it.next();
    if (r.done) throw new MalformedFile('the document ends in the middle of a value');
    return r.value;
  }

  /** Stops reading (closes the file). */
  close(): void {
    this.it.return?.(undefined);
  }

  /** Skips the rest of a value whose first event was `first`. */
  skip(first: JsonEvent): void {
    if (first.type !== 'startObject' && first.type !== 'startArray') return;
    let depth = 1;
    while (depth > 0) {
      const e = this.next();
      if (e.type === 'startObject' || e.type === 'startArray') depth++;
      else if (e.type === 'endObject' || e.type === 'endArray') depth--;
    }
  }

  /** Builds the value whose first event was `first`; one larger than `max` (roughly) is refused. */
  build(first: JsonEvent, max = MAX_VALUE_BYTES): unknown {
    let size = 0;
    const count = (n: number) => {
      size += n;
      if (size > max) throw new MalformedFile(`one value here is over ${max} bytes; use a path to a smaller part`);
    };
    const value = (e: JsonEvent, depth = 0): unknown => {
      if (depth > MAX_DEPTH) throw new MalformedFile(`values nested deeper than ${MAX_DEPTH} levels are refused`);
      switch (e.type) {
        case 'primitive':
          count(typeof e.value === 'string' ? e.value.length + 2 : 8);
          return e.value;
        case 'startArray': {
          const out: unknown[] = [];
          for (let x = this.next(); x.type !== 'endArray'; x = this.next()) out.push(value(x, depth + 1));
          return out;
        }
        case 'startObject': {
          const out: Record<string, unknown> = {};
          for (let x = this.next(); x.type !== 'endObject'; x = this.next()) {
            if (x.type !== 'key') throw new MalformedFile('an object member has no key');
            count(x.key.length + 3);
            // defineProperty: a "__proto__" key stays a plain key.
            Object.defineProperty(out, x.key, { value: value(this.next(), depth + 1), enumerable: true, writable: true, configurable: true });
          }
          return out;
        }
        default:
          throw new MalformedFile(`unexpected ${e.type}`);
      }
    };
    return value(first);
  }

  /**
   * Walks from the document's start to the value at `path` (field names). Returns its first event,
   * or undefined when the path leads nowhere (a missing key, or through a non-object).
   */
  seek(path: string[]): JsonEvent | undefined {
    let at = this.next();
    for (const want of path) {
      if (at.type !== 'startObject') return undefined;
      let found: JsonEvent | undefined;
      for (let e = this.next(); e.type !== 'endObject'; e = this.next()) {
        if (e.type !== 'key') throw new MalformedFile('an object member has no key');
        const first = this.next();
        if (e.key === want) {
          found = first;
          break;
        }
        this.skip(first);
      }
      if (!found) return undefined;
      at = found;
    }
    return at;
  }
}

/** A file's format as stream.ts reads it, or a clear refusal for text spills. */
export function dataFormat(format: string): 'json' | 'toon' {
  if (format === 'json' || format === 'toon') return format;
  throw new Error(`this result was spilled as ${format}, not JSON or TOON data; read it with op=grep, slice, head or tail`);
}

/** The whole document, parsed at once (only for files up to WHOLE_FILE_LIMIT). */
export function parseWhole(file: string, format: 'json' | 'toon', why: string): unknown {
  const size = statSync(file).size;
  if (size > WHOLE_FILE_LIMIT) throw new Error(`the file has ${size} bytes, over the ${WHOLE_FILE_LIMIT}-byte limit for ${why}`);
  const text = readFileSync(file, 'utf8');
  try {
    return format === 'toon' ? fromToon(text) : JSON.parse(text);
  } catch (e) {
    throw new MalformedFile(`not valid ${format.toUpperCase()}: ${(e as Error).message}`);
  }
}

/** The type of the value that starts with `e`, in words. */
export function kindOf(e: JsonEvent | undefined): string {
  if (!e) return 'nothing (no such path)';
  if (e.type === 'startObject') return 'an object';
  if (e.type === 'startArray') return 'an array';
  if (e.type === 'primitive') return e.value === null ? 'null' : `a ${typeof e.value}`;
  return e.type;
}
