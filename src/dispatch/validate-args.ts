import { createRequire } from 'node:module';
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from 'ajv';

/**
 * Validates tool arguments against the tool's input schema before anything is sent, and says in
 * words which field is missing or wrong. Compiled validators are cached per schema object.
 */
let ajv07: AjvType | undefined;
let ajv2020: AjvType | undefined;

/** Ajv instances, made on first use (loading ajv costs start-up time that list/search never need). */
function ajvFor(draft2020: boolean): AjvType {
  const req = createRequire(import.meta.url);
  // logger: false — ajv would warn on stderr about formats it does not check ("uri"…), noise in a CLI.
  const opts = { strict: false, allErrors: true, validateFormats: false, logger: false as const };
  if (draft2020) return (ajv2020 ??= new (req('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(opts));
  return (ajv07 ??= new (req('ajv') as typeof import('ajv')).Ajv(opts));
}

const cache = new WeakMap<object, ValidateFunction | null>();

function compile(schema: object): ValidateFunction | null {
  if (cache.has(schema)) return cache.get(schema)!;
  let fn: ValidateFunction | null = null;
  try {
    const s = schema as { $schema?: string };
    const { $schema, ...rest } = s;
    fn = ajvFor(/2020-12|2019-09/.test($schema ?? '')).compile(rest);
  } catch {
    // A schema ajv cannot compile: leave validation to the server rather than refuse every call.
    fn = null;
  }
  cache.set(schema, fn);
  return fn;
}

function field(e: ErrorObject): string {
  const p = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return p || '(arguments)';
}

function describe(e: ErrorObject, schema: object): string {
  const at = field(e);
  const prefix = at === '(arguments)' ? '' : `${at}: `;
  switch (e.keyword) {
    case 'required':
      return `missing required field '${prefix ? `${at}.` : ''}${(e.params as { missingProperty: string }).missingProperty}'`;
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const props = (schema as { properties?: object }).properties;
      const allowed = at === '(arguments)' && props ? ` (allowed: ${Object.keys(props).join(', ')})` : '';
      return `unknown field '${prefix ? `${at}.` : ''}${extra}'${allowed}`;
    }
    case 'type':
      return `${prefix || 'arguments: '}must be ${(e.params as { type: string | string[] }).type}`;
    case 'enum':
      return `${prefix || 'arguments: '}must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    default:
      return `${prefix || 'arguments: '}${e.message ?? e.keyword}`;
  }
}

/** Returns null when `args` fit `schema`, otherwise a one-line explanation of every problem. */
export function validateArguments(schema: unknown, args: unknown): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const fn = compile(schema);
  if (!fn || fn(args)) return null;
  const errors = (fn.errors ?? []).filter((e) => e.keyword !== 'if');
  const msgs = [...new Set(errors.map((e) => describe(e, schema)))];
  return msgs.slice(0, 8).join('; ') + (msgs.length > 8 ? `; and ${msgs.length - 8} more` : '');
}
