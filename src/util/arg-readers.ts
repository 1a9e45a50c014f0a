/**
 * Readers of a tool's arguments as models send them: each checks one key and throws the caller's
 * own error, with a message that names the key and what was sent. Models often quote booleans and
 * numbers; the unambiguous spellings are accepted.
 */

/** What a value is, for messages: `an object`, `string "x"`, `null`. */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`.slice(0, 60);
}

/** A tool's arguments as an object; models sometimes send the object as a JSON string. `takes` opens each error. */
export function argumentsObject(raw: unknown, fail: (message: string) => Error, takes: { json: string; other: string }): Record<string, unknown> {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw fail(`${takes.json}; got a string that is not JSON`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(`${takes.other}; got ${typeName(v)}`);
  return v as Record<string, unknown>;
}

/** The readers, throwing errors made by `fail`. */
export function argReaders(fail: (message: string) => Error) {
  return {
    /** A string; empty is refused unless `allowEmpty`, longer than `maxLength` too. */
    str(a: Record<string, unknown>, k: string, o: { allowEmpty?: boolean; maxLength?: number } = {}): string | undefined {
      const v = a[k];
      if (v === undefined) return undefined;
      if (typeof v !== 'string') throw fail(`'${k}' must be a string, got ${typeName(v)}`);
      if (!v.trim() && !o.allowEmpty) throw fail(`'${k}' must not be empty`);
      if (o.maxLength !== undefined && v.length > o.maxLength) throw fail(`'${k}' is ${v.length} characters; at most ${o.maxLength}`);
      return v;
    },
    /** true or false (or their quoted spellings). */
    bool(a: Record<string, unknown>, k: string): boolean | undefined {
      const v = a[k];
      if (v === undefined) return undefined;
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw fail(`'${k}' must be true or false, got ${typeName(v)}`);
    },
    /** A whole number from `min` to `max` (or its quoted digits). */
    int(a: Record<string, unknown>, k: string, min: number, max: number): number | undefined {
      const v = a[k];
      if (v === undefined) return undefined;
      const n = typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v;
      const range = `from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`;
      if (typeof n !== 'number' || !Number.isInteger(n)) throw fail(`'${k}' must be a whole number ${range}, got ${typeName(v)}`);
      if (n < min || n > max) throw fail(`'${k}' must be ${range}, got ${n}`);
      return n;
    },
  };
}
