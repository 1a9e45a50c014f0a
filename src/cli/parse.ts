import yargsParser from 'yargs-parser';
import { UsageError, nearest } from '../util/errors.js';
import { OPTIONS, optionsFor, type OptionDef, type OptionName, type Options } from './options.js';

type Bin = 'mini-a' | 'mini-a-proxy';

const TRUE = new Set(['', 'true', 'yes', '1', 'on']);
const FALSE = new Set(['false', 'no', '0', 'off']);

/** `key=value` -> `--key=value`, so that yargs reads mini-a style and flag style alike. */
export function normalizeArgv(argv: string[]): string[] {
  return argv.map((a) => {
    if (a === '-h') return '--help';
    if (!a.startsWith('-') && /^[A-Za-z][\w.-]*=/.test(a)) return `--${a}`;
    return a;
  });
}

function convert(name: string, def: OptionDef, raw: unknown): string | number | boolean {
  const text = raw === true ? '' : String(raw);
  switch (def.type) {
    case 'boolean': {
      const v = text.toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      throw new UsageError(`${name} must be true or false (got '${text}')`);
    }
    case 'int': {
      if (!/^-?\d+$/.test(text.trim())) {
        throw new UsageError(`${name} must be a whole number${def.min !== undefined ? ` ≥ ${def.min}` : ''} (got '${text}')`);
      }
      const n = Number(text);
      if (def.min !== undefined && n < def.min) throw new UsageError(`${name} must be ≥ ${def.min} (got ${n})`);
      if (!Number.isSafeInteger(n)) throw new UsageError(`${name} is too large (got '${text}')`);
      return n;
    }
    case 'enum':
      if (!def.choices!.includes(text)) throw new UsageError(`${name} must be one of ${def.choices!.join(', ')} (got '${text}')`);
      return text;
    case 'string':
      if (text === '') throw new UsageError(`${name} needs a value, e.g. ${name}=${def.placeholder ?? 'VALUE'}`);
      return text;
  }
}

/** Parses argv (without node and script) into validated options; throws UsageError on bad input. */
export function parseArgs(argv: string[], bin: Bin): Options {
  const allowed = optionsFor(bin);
  // yargs' own parser (yargs-parser): the full yargs costs ~70 ms of start-up for help we generate ourselves.
  const result = yargsParser.detailed(normalizeArgv(argv), {
    string: allowed,
    configuration: {
      'camel-case-expansion': false,
      'dot-notation': false,
      'boolean-negation': false,
      'duplicate-arguments-array': true,
      'parse-numbers': false,
      'parse-positional-numbers': false,
      'short-option-groups': false,
      'strip-aliased': true,
    },
  });
  if (result.error) throw new UsageError(result.error.message);
  const parsed = result.argv as Record<string, unknown>;

  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(parsed)) {
    if (key === '_' || key === '$0') continue;
    if (!(allowed as string[]).includes(key)) {
      const other = key in OPTIONS ? ` ('${key}' is an option of ${bin === 'mini-a' ? 'mini-a-proxy' : 'mini-a'})` : '';
      const hint = other ? '' : nearest(key, allowed);
      throw new UsageError(`unknown option '${key}'${other}${hint ? ` — did you mean ${hint}?` : ''} (see --help)`);
    }
    if (Array.isArray(raw)) throw new UsageError(`${key} is given more than once${key === 'mcp' ? '; put all servers in one list: mcp="[(…), (…)]"' : ''}`);
    out[key] = convert(key, OPTIONS[key as OptionName], raw);
  }
  const positional = (parsed._ as unknown[]) ?? [];
  if (positional.length) {
    const first = String(positional[0]);
    throw new UsageError(
      `unexpected argument '${first.length > 60 ? first.slice(0, 57) + '…' : first}': options are key=value${bin === 'mini-a' ? ` (for a goal write goal="…")` : ''}`,
    );
  }
  for (const k of allowed) {
    const def: OptionDef = OPTIONS[k];
    if (out[k] === undefined && def.default !== undefined) out[k] = def.default;
  }
  return out as Options;
}
