/**
 * Compact form of a JSON Schema for `info`: the same validation, fewer tokens. Drops `$schema`,
 * titles that only repeat the property name, empty descriptions, empty defaults and no-op
 * keywords; folds
 * `anyOf: [{type: X}, {type: 'null'}]` into `type: [X, 'null']`; hoists sub-schemas repeated
 * within one schema into `$defs` once.
 */

import { canonicalJson } from '../util/canonical.js';
import { depthExceeds } from '../util/depth.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Keywords whose value is a map of name -> schema.
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
// Keywords whose value is a schema or an array of schemas.
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
const SCHEMA_ARRAYS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

function isEmptyDefault(v: Json): boolean {
  return v === null || v === false || v === '' || (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0);
}

function simpleType(s: Json): string | undefined {
  if (!isObj(s)) return undefined;
  const keys = Object.keys(s);
  if (keys.length === 1 && typeof s.type === 'string') return s.type;
  return undefined;
}

// Blanks and tabs become one space, and blank space around line breaks goes: the same as
// replacing /\s*\n\s*/g with a newline, which is quadratic on a long run of other whitespace.
function tidyDescription(v: string): string {
  return v
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** Schemas nest this deep at most in `info`; deeper parts (hostile or broken) are replaced by a note. */
export const MAX_SCHEMA_DEPTH = 64;
const TOO_DEEP: Json = { description: `(nested deeper than ${MAX_SCHEMA_DEPTH} levels: not shown)` };

function compactNode(node: Json, name?: string, depth = 0): Json {
  if (depth > MAX_SCHEMA_DEPTH || (!isObj(node) && depthExceeds(node, MAX_SCHEMA_DEPTH - depth))) return TOO_DEEP;
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$schema' || k === '$comment') continue;
    if (k === 'title' && typeof v === 'string' && (name === undefined || norm(v) === norm(name) || norm(v) === '')) continue;
    if (k === 'description' && v === '') continue;
    if (k === 'required' && Array.isArray(v) && v.length === 0) continue;
    if (k === 'additionalProperties' && (v === true || (isObj(v) && Object.keys(v).length === 0))) continue;
    // Bounds that allow everything.
    if ((k === 'minLength' || k === 'minItems' || k === 'minProperties') && v === 0) continue;
    if ((k === 'exclusiveMinimum' || k === 'exclusiveMaximum' || k === 'uniqueItems') && v === false) continue;
    if (k === 'description' && typeof v === 'string') {
      out[k] = tidyDescription(v);
      continue;
    }
    // Empty defaults (false, '', [], {}, null) say what a model assumes anyway; validation ignores them.
    if (k === 'default' && isEmptyDefault(v)) continue;
    if (SCHEMA_MAPS.has(k) && isObj(v)) {
      const m: Obj = {};
      for (const [pk, pv] of Object.entries(v)) m[pk] = compactNode(pv, k === 'properties' ? pk : undefined, depth + 1);
      if (k === 'properties' && Object.keys(m).length === 0) continue;
      out[k] = m;
    } else if (SCHEMA_VALUES.has(k)) {
      out[k] = Array.isArray(v) ? v.map((x) => compactNode(x, undefined, depth + 1)) : compactNode(v, undefined, depth + 1);
    } else if (SCHEMA_ARRAYS.has(k) && Array.isArray(v)) {
      out[k] = v.map((x) => compactNode(x, undefined, depth + 1));
    } else {
      // Other keywords' values (enum, const, default, examples) are data, not schemas: cut if deep.
      out[k] = depthExceeds(v, MAX_SCHEMA_DEPTH - depth) ? TOO_DEEP : v;
    }
  }
  // An enum already pins the values; a type that every value has adds nothing.
  if (Array.isArray(out.enum) && typeof out.type === 'string' && out.enum.length > 0) {
    const t = out.type;
    const all = out.enum.every((x) => (t === 'string' ? typeof x === 'string' : t === 'number' ? typeof x === 'number' : t === 'integer' ? Number.isInteger(x) : t === 'boolean' ? typeof x === 'boolean' : false));
    if (all) delete out.type;
  }
  // anyOf [{type: X}, {type: null}] -> type: [X, null]: same meaning, far fewer tokens.
  if (Array.isArray(out.anyOf) && out.anyOf.length >= 2 && out.type === undefined) {
    const types = out.anyOf.map(simpleType);
    if (types.every((t) => t !== undefined)) {
      delete out.anyOf;
      out.type = types as string[];
    }
  }
  return out;
}

const canonical = (v: Json): string => canonicalJson(v);

const MAX_HOISTED = 100;

/** Replaces sub-schemas that occur at least twice (and are not tiny) with $refs into $defs. */
function hoistRepeats(root: Obj): Obj {
  const counts = new Map<string, { count: number; node: Obj }>();
  const visit = (n: Json, depth: number) => {
    if (Array.isArray(n)) return n.forEach((x) => visit(x, depth));
    if (!isObj(n)) return;
    if (depth > 0) {
      const key = canonical(n);
      if (key.length >= 80) {
        const e = counts.get(key);
        if (e) e.count++;
        else counts.set(key, { count: 1, node: n });
      }
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === '$defs' || k === 'definitions') continue;
      if (SCHEMA_MAPS.has(k) && isObj(v)) Object.values(v).forEach((x) => visit(x, depth + 1));
      else if (SCHEMA_VALUES.has(k) || SCHEMA_ARRAYS.has(k)) visit(v, depth + 1);
    }
  };
  visit(root, 0);
  // At most MAX_HOISTED candidates: the containment check below is quadratic in their number.
  const repeated = [...counts.entries()].filter(([, e]) => e.count >= 2).sort((a, b) => b[0].length - a[0].length).slice(0, MAX_HOISTED);
  if (!repeated.length) return root;
  // Hoist only outermost repeats: a repeat inside another hoisted one is covered by it.
  const defs: Obj = isObj(root.$defs) ? { ...root.$defs } : {};
  const names = new Map<string, string>();
  let i = 1;
  for (const [key] of repeated) {
    if ([...names.keys()].some((outer) => outer.includes(key))) continue;
    let name = `d${i++}`;
    while (name in defs) name = `d${i++}`;
    names.set(key, name);
  }
  if (!names.size) return root;
  const replace = (n: Json, depth: number): Json => {
    if (Array.isArray(n)) return n.map((x) => replace(x, depth));
    if (!isObj(n)) return n;
    if (depth > 0) {
      const name = names.get(canonical(n));
      if (name) return { $ref: `#/$defs/${name}` };
    }
    const out: Obj = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === '$defs' || k === 'definitions') out[k] = v;
      else if (SCHEMA_MAPS.has(k) && isObj(v)) out[k] = Object.fromEntries(Object.entries(v).map(([pk, pv]) => [pk, replace(pv, depth + 1)]));
      else if (SCHEMA_VALUES.has(k) || SCHEMA_ARRAYS.has(k)) out[k] = replace(v, depth + 1);
      else out[k] = v;
    }
    return out;
  };
  const replaced = replace(root, 0) as Obj;
  for (const [key, name] of names) defs[name] = counts.get(key)!.node;
  return { ...replaced, $defs: defs };
}

/** The compact, validation-equivalent form of a tool's input (or output) schema. */
export function compactSchema(schema: unknown): unknown {
  if (!isObj(schema)) return schema;
  const compacted = compactNode(schema as Json) as Obj;
  return hoistRepeats(compacted);
}
