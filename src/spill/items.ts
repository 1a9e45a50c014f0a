import path from 'node:path';
import { compileSelect, evaluate, fieldChain } from './jmespath.js';
import { EventReader, kindOf, parseWhole } from './stream.js';

export const DEFAULT_ITEMS = 20;

/** What op=items is asked. */
export interface ItemsRequest {
  path?: string;
  offset?: number;
  limit?: number;
  cursor?: string;
  /** Most JSON bytes of items returned (0 = no cap). */
  budget: number;
}

interface Cursor {
  f: string;
  p: string;
  o: number;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(s: string, file: string): Cursor {
  let c: Partial<Cursor> | undefined;
  try {
    c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    // reported below
  }
  if (!c || typeof c.f !== 'string' || typeof c.p !== 'string' || !Number.isSafeInteger(c.o) || (c.o as number) < 0) {
    throw new Error("'cursor' is not one readresult gave; pass nextCursor exactly as it came");
  }
  if (c.f !== path.basename(file)) throw new Error("'cursor' belongs to another resultFile; use it with the file it came from");
  return c as Cursor;
}

/**
 * A page of the items of an array in a spilled JSON or TOON file. A plain path (`rows`, `a.b`, `@`)
 * is streamed: items before the page are skipped unbuilt, reading stops one item after it, so
 * memory holds one page. Any other JMESPath (a filter, a slice) evaluates on the whole file (up to
 * WHOLE_FILE_LIMIT). `total` is given when the end of the array was reached.
 */
export function itemsOfFile(file: string, format: 'json' | 'toon', req: ItemsRequest): Record<string, unknown> {
  const c = req.cursor !== undefined ? decodeCursor(req.cursor, file) : { p: req.path ?? '@', o: req.offset ?? 0 };
  const expr = c.p;
  const offset = c.o;
  const limit = req.limit ?? DEFAULT_ITEMS;
  const node = compileSelect(expr, 'path');
  const chain = fieldChain(node);
  const items: unknown[] = [];
  let used = 0;
  let total: number | undefined;
  let skippedBig: { index: number; bytes: number } | undefined;
  // Takes item i if the page has room; returns false once the page is full.
  const take = (i: number, value: unknown): boolean => {
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? 'null') + 1;
    if (req.budget > 0 && used + bytes > req.budget) {
      if (!items.length) skippedBig = { index: i, bytes };
      return false;
    }
    items.push(value);
    used += bytes;
    return items.length < limit;
  };
  let next = offset;
  if (chain) {
    const r = new EventReader(file, format);
    try {
      const first = r.seek(chain);
      if (first?.type !== 'startArray') throw new Error(`path '${expr}' leads to ${kindOf(first)}, not an array; see the outline in the spill answer for array paths`);
      let i = 0;
      let open = true;
      for (let e = r.next(); ; e = r.next(), i++) {
        if (e.type === 'endArray') {
          total = i;
          break;
        }
        if (i < offset) r.skip(e);
        else if (open) {
          open = take(i, r.build(e));
          next = skippedBig ? i + 1 : offset + items.length;
          if (skippedBig) open = false;
        } else break; // one item past the page: there is more
      }
    } finally {
      r.close();
    }
  } else {
    const arr = evaluate(node, parseWhole(file, format, `path '${expr}' (a plain path like rows or data.items streams)`), expr, 'path');
    if (!Array.isArray(arr)) throw new Error(`path '${expr}' gives ${arr === null ? 'null' : typeof arr}, not an array`);
    total = arr.length;
    for (let i = offset; i < arr.length && take(i, arr[i]); i++);
    next = skippedBig ? skippedBig.index + 1 : offset + items.length;
  }
  const out: Record<string, unknown> = { path: expr, offset, returned: items.length };
  if (total !== undefined) out.total = total;
  out.items = items;
  if (total === undefined || next < total) out.nextCursor = encodeCursor({ f: path.basename(file), p: expr, o: next });
  if (skippedBig) out.note = `item ${skippedBig.index} alone is ${skippedBig.bytes} bytes, over maxBytes; read parts of it with op=query, e.g. select='${chain ? expr.replace(/^@$/, '') : `(${expr})`}[${skippedBig.index}].<field>'`;
  return out;
}
