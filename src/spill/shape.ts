/**
 * The outline of a spilled value for the spill answer: top-level keys with array lengths, down to
 * the fields of array items and their types (`entities[60]{name: string, observations: string[]}`),
 * so the model can write a `select` or an `items` path without reading the file.
 */

/** Items of an array looked at to describe their fields (the outline must cost little). */
const SAMPLE = 50;
/** Top-level keys named before '…'. */
const MAX_KEYS = 12;
/** The outline is cut to about this many characters. */
export const SHAPE_BUDGET = 280;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keys in JMESPath-safe form: quoted when not a plain identifier. */
function key(k: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : JSON.stringify(k);
}

/** The fields of some objects, merged: `{a: string, b?: number|null}` (b missing in some). */
/** Arrays nested deeper than this inside one another are shown as `unknown`. */
const MAX_NEST = 8;

function fields(objs: Array<Record<string, unknown>>, depth: number, nest: number): string {
  const seen = new Map<string, unknown[]>();
  for (const o of objs.slice(0, SAMPLE)) {
    for (const [k, v] of Object.entries(o)) {
      let vs = seen.get(k);
      if (!vs) seen.set(k, (vs = []));
      vs.push(v);
    }
  }
  const n = Math.min(objs.length, SAMPLE);
  const parts = [...seen].map(([k, vs]) => `${key(k)}${vs.length < n ? '?' : ''}: ${typeOf(vs, depth - 1, nest + 1)}`);
  return `{${parts.join(', ')}}`;
}

/** The type of some values as a TypeScript-like union: `string`, `number|null`, `{id: number}[]`. */
export function typeOf(values: unknown[], depth = 1, nest = 0): string {
  if (nest > MAX_NEST) return 'unknown';
  const kinds: string[] = [];
  const arrays: unknown[] = [];
  const objects: Array<Record<string, unknown>> = [];
  let sawArray = false;
  for (const v of values.slice(0, SAMPLE)) {
    if (Array.isArray(v)) {
      sawArray = true;
      for (const x of v) {
        if (arrays.length >= SAMPLE) break;
        arrays.push(x);
      }
    } else if (isObject(v)) objects.push(v);
    else {
      const k = v === null ? 'null' : typeof v;
      if (!kinds.includes(k)) kinds.push(k);
    }
  }
  const out: string[] = [];
  if (objects.length) out.push(depth > 0 ? fields(objects, depth, nest) : 'object');
  if (sawArray) {
    const inner = arrays.length ? typeOf(arrays, depth, nest + 1) : 'unknown';
    out.push(`${inner.includes('|') ? `(${inner})` : inner}[]`);
  }
  out.push(...kinds);
  return out.join('|') || 'unknown';
}

/** One top-level entry: `rows[500]{id: number}`, `columns[6] of string`, `count: number`. */
function entry(name: string, v: unknown, depth: number): string {
  if (!Array.isArray(v)) return `${name}: ${typeOf([v], depth)}`;
  if (!v.length) return `${name}[0]`;
  const t = typeOf(v, depth);
  return t.startsWith('{') && !t.includes('}|') ? `${name}[${v.length}]${t}` : `${name}[${v.length}] of ${t}`;
}

function render(v: unknown, depth: number): string {
  if (Array.isArray(v)) {
    if (!v.length) return 'array of 0 items';
    const t = typeOf(v, depth);
    return t.startsWith('{') && !t.includes('}|') ? `array of ${v.length} items ${t}` : `array of ${v.length} items of ${t}`;
  }
  if (isObject(v)) {
    const keys = Object.keys(v);
    const shown = keys.slice(0, MAX_KEYS).map((k) => entry(key(k), v[k], depth));
    return `object with ${keys.length} keys: ${shown.join(', ')}${keys.length > MAX_KEYS ? ', …' : ''}`;
  }
  return v === null ? 'null' : typeof v;
}

/** The outline of a value within `budget` characters: less depth first, then cut with '…'. */
export function shapeOf(v: unknown, budget = SHAPE_BUDGET): string {
  let s = render(v, 2);
  if (s.length > budget) s = render(v, 1);
  if (s.length <= budget) return s;
  const cut = s.lastIndexOf(', ', budget - 2);
  return `${s.slice(0, cut > budget / 2 ? cut : budget - 2)}, …`;
}
