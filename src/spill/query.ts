import { statSync } from 'node:fs';
import { compileSelect, evaluate, projectItem, SelectError, spineOf } from './jmespath.js';
import { EventReader, parseWhole } from './stream.js';

/** Files up to this size are parsed whole (faster than streaming, and any expression works). */
export const STREAM_ABOVE = 1024 * 1024;
/** A streamed query collects at most this much (JSON bytes) before it is refused. */
export const MAX_COLLECTED = 16 * 1024 * 1024;

/** What a query found, and whether the file was streamed. */
export interface QueryResult {
  value: unknown;
  streamed: boolean;
}

/**
 * Runs a JMESPath expression over a spilled JSON or TOON file. Small files are parsed whole; larger
 * ones are streamed when the expression has the form `path`, `path[*]…` or `path[?cond]…` (with an
 * optional `| …` after it), holding one item at a time; other expressions are refused above
 * WHOLE_FILE_LIMIT with a hint.
 */
export function queryFile(file: string, format: 'json' | 'toon', expr: string): QueryResult {
  const node = compileSelect(expr);
  const spine = spineOf(node);
  if (!spine || statSync(file).size <= STREAM_ABOVE) {
    const why = "a select that cannot be streamed (streamable: 'path', 'path[*].…', 'path[?cond].…', optionally '| …'); use such a form, or op=items to page";
    return { value: evaluate(node, parseWhole(file, format, why), expr), streamed: false };
  }
  const r = new EventReader(file, format);
  try {
    const first = r.seek(spine.path);
    let value: unknown = null;
    if (spine.whole) value = first ? r.build(first, MAX_COLLECTED) : null;
    else if (first?.type === 'startArray') {
      const out: unknown[] = [];
      let size = 0;
      for (let e = r.next(); e.type !== 'endArray'; e = r.next()) {
        let v: unknown;
        try {
          v = projectItem(spine, r.build(e));
        } catch (err) {
          if (err instanceof SelectError || (err as Error).name === 'MalformedFile') throw err;
          throw new SelectError(`select '${expr}' failed on item ${out.length}: ${(err as Error).message}`);
        }
        if (v === undefined) continue;
        size += (JSON.stringify(v) ?? '').length + 1;
        if (size > MAX_COLLECTED) throw new SelectError(`select '${expr}' collects over ${MAX_COLLECTED} bytes; select fewer fields, filter with [?…], or page with op=items`);
        out.push(v);
      }
      value = out;
    }
    if (spine.rest) value = evaluate(spine.rest, value, expr);
    return { value, streamed: true };
  } finally {
    r.close();
  }
}
