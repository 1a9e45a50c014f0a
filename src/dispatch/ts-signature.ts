/**
 * A tool as a TypeScript signature, for the model to write action=run code against:
 * `mcp.call("read_text_file", args: {path: string; head?: number}): {content: string}`.
 * Written by hand (a small subset of JSON Schema → TS) because the libraries that do this emit
 * whole declaration files, with formatting dependencies, where one compact line is wanted.
 */

type Schema = Record<string, unknown>;

/** Nesting below this depth is shown as `unknown`. */
const MAX_DEPTH = 6;
/** Property descriptions are cut to this many characters. */
const DESCRIPTION_CHARS = 100;
/** A signature is cut to this many characters (a tool with thousands of properties stays readable). */
const MAX_SIGNATURE_CHARS = 8000;

const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

function comment(s: unknown): string {
  if (typeof s !== 'string' || !s.trim()) return '';
  let t = s.replace(/\s+/g, ' ').trim().replace(/\*\//g, '* /');
  if (t.length > DESCRIPTION_CHARS) t = `${t.slice(0, DESCRIPTION_CHARS - 1)}…`;
  return `/** ${t} */ `;
}

function propName(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k);
}

function literal(v: unknown): string {
  return JSON.stringify(v) ?? 'undefined';
}

function union(parts: string[]): string {
  const uniq = [...new Set(parts)];
  return uniq.length ? uniq.join(' | ') : 'never';
}

/** Converts one schema; `root` resolves local $refs, `seen` stops reference cycles. */
function toTs(s: unknown, root: Schema, depth: number, seen: Set<string>): string {
  if (s === true || s === undefined) return 'unknown';
  if (s === false) return 'never';
  if (!isSchema(s)) return 'unknown';
  if (depth > MAX_DEPTH) return 'unknown';
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
    const target = m ? (root[m[1]!] as Schema | undefined)?.[decodeURIComponent(m[2]!)] : ref === '#' ? root : undefined;
    if (!target || seen.has(ref)) return 'unknown';
    return toTs(target, root, depth + 1, new Set([...seen, ref]));
  }
  if ('const' in s) return literal(s.const);
  if (Array.isArray(s.enum)) return union(s.enum.map(literal));
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[k])) return union((s[k] as unknown[]).map((x) => wrap(toTs(x, root, depth + 1, seen))));
  }
  if (Array.isArray(s.allOf)) return (s.allOf as unknown[]).map((x) => wrap(toTs(x, root, depth + 1, seen))).join(' & ') || 'unknown';
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : s.properties ? ['object'] : s.items ? ['array'] : [];
  if (!types.length) return 'unknown';
  return union(
    types.map((t) => {
      switch (t) {
        case 'string':
        case 'boolean':
        case 'null':
          return t;
        case 'number':
        case 'integer':
          return 'number';
        case 'array': {
          const items = Array.isArray(s.items) ? `[${(s.items as unknown[]).map((x) => toTs(x, root, depth + 1, seen)).join(', ')}]` : undefined;
          return items ?? `${wrap(toTs(s.items, root, depth + 1, seen))}[]`;
        }
        case 'object':
          return objectTs(s, root, depth, seen);
        default:
          return 'unknown';
      }
    }),
  );
}

/** Parenthesized when a union or intersection would bind wrongly (`(a | b)[]`). */
function wrap(t: string): string {
  return /[|&]/.test(t) && !/^\{.*\}$/.test(t) ? `(${t})` : t;
}

function objectTs(s: Schema, root: Schema, depth: number, seen: Set<string>): string {
  const props = isSchema(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const parts = Object.entries(props).map(([k, v]) => `${comment(isSchema(v) ? v.description : undefined)}${propName(k)}${required.has(k) ? '' : '?'}: ${toTs(v, root, depth + 1, seen)}`);
  const extra = s.additionalProperties;
  if (isSchema(extra)) parts.push(`[key: string]: ${toTs(extra, root, depth + 1, seen)}`);
  else if (!parts.length && extra !== false) return 'Record<string, unknown>';
  return `{ ${parts.join('; ')} }`;
}

/** The TypeScript type of a JSON Schema (compact, one line). */
export function schemaToTs(schema: unknown): string {
  return toTs(schema, isSchema(schema) ? schema : {}, 0, new Set());
}

/** A tool as the call a script makes: `await mcp.call("name", args: {...}): Result`. */
export function toolSignature(tool: { name: string; inputSchema?: unknown; outputSchema?: unknown }): string {
  const args = tool.inputSchema ? schemaToTs(tool.inputSchema) : 'Record<string, unknown>';
  const out = tool.outputSchema ? schemaToTs(tool.outputSchema) : 'unknown';
  const sig = `mcp.call(${JSON.stringify(tool.name)}, args: ${args}): Promise<${out}>`;
  return sig.length > MAX_SIGNATURE_CHARS ? `${sig.slice(0, MAX_SIGNATURE_CHARS)}… (cut; see info without format for the full schema)` : sig;
}
