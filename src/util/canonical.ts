/**
 * JSON with object keys sorted at every level (undefined members dropped), so that two values that
 * mean the same have the same text: `{a, b}` and `{b, a}`. Used for ids, cache keys and shared
 * sub-schemas. Recursive: callers bound the depth of what they pass (config, checked arguments).
 */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
