import yargs, { type Argv } from 'yargs';
import { UsageError, nearest } from '../util/errors.js';
import { COMMANDS, OPTIONS, optionsFor, type Bin, type CommandName, type OptionDef, type OptionName, type Options } from './options.js';

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

type CommandDef = { usage: string; desc: string; actions: readonly string[] };
const commandsOf = (bin: Bin): Record<string, CommandDef> => COMMANDS[bin];

/** A parsed command line: which command, its action word (daemon start|stop|status) and the options. */
export interface CommandLine {
  command: CommandName;
  action?: string;
  options: Options;
}

/** Shell completion of mini-a style words: `mcpl` -> `mcplazy=`, `format=` -> `format=json` … */
function complete(bin: Bin, current: string, positional: unknown[]): string[] {
  const allowed = optionsFor(bin);
  const eq = current.indexOf('=');
  if (eq > 0) {
    const key = current.slice(0, eq) as OptionName;
    const def: OptionDef | undefined = (allowed as string[]).includes(key) ? OPTIONS[key] : undefined;
    const values = def?.type === 'boolean' ? ['true', 'false'] : def?.type === 'enum' ? [...def.choices!] : [];
    return values.map((v) => `${key}=${v}`).filter((w) => w.startsWith(current));
  }
  if (current.startsWith('-')) return allowed.map((n) => `--${n}`).filter((w) => w.startsWith(current));
  const words = allowed.map((n) => `${n}=`);
  // The script passes the program name first; a command is the next word, then its action.
  const cmd = commandsOf(bin)[String(positional[1])];
  if (positional.length <= 2) words.unshift(...Object.keys(commandsOf(bin)));
  else if (cmd && positional.length === 3) words.unshift(...cmd.actions);
  return words.filter((w) => w.startsWith(current));
}

/** The yargs program of one binary, built from the option and command tables. */
function program(bin: Bin, argv: string[], seen: { command: CommandName }): Argv {
  const allowed = optionsFor(bin);
  // The completion script passes the words being typed as they are (`format=`), not as flags.
  const completing = argv.includes('--get-yargs-completions');
  let y = yargs(completing ? argv : normalizeArgv(argv))
    .scriptName(bin)
    // --help and --version are options of the table (answered from it); errors are ours.
    .help(false)
    .version(false)
    // Values are checked against the option table below, with messages that name what is allowed.
    .options(Object.fromEntries(allowed.map((k) => [k, { type: 'string' as const, describe: OPTIONS[k].desc, group: OPTIONS[k].group }])))
    .parserConfiguration({
      'camel-case-expansion': false,
      'dot-notation': false,
      'boolean-negation': false,
      'duplicate-arguments-array': true,
      'parse-numbers': false,
      'parse-positional-numbers': false,
      'short-option-groups': false,
      'strip-aliased': true,
    })
    .strict(false)
    .exitProcess(false)
    .fail((msg, err) => {
      throw err instanceof UsageError ? err : new UsageError(err?.message ?? msg);
    });
  for (const [name, c] of Object.entries(commandsOf(bin))) {
    if (name === 'completion') continue; // yargs' own completion command, below
    // Declared by name only: the action word stays in `_`, checked below against the command's table.
    y = y.command(name, c.desc, () => {}, () => void (seen.command = name as CommandName));
  }
  if (bin === 'mini-a') {
    y = y.completion('completion', 'print a bash/zsh completion script', (current: string, args: { _: unknown[] }) => complete(bin, current, args._));
  }
  return y;
}

/** Parses argv (without node and script) into a command and validated options; throws UsageError on bad input. */
export function parseCommandLine(argv: string[], bin: Bin): CommandLine {
  const allowed = optionsFor(bin);
  const seen = { command: 'run' as CommandName };
  const parsed = program(bin, argv, seen).parseSync() as Record<string, unknown>;
  // Asked by the completion script: yargs has printed the candidates.
  if (argv.includes('--get-yargs-completions')) return { command: 'completion', options: {} as Options };
  const positional = ((parsed._ as unknown[]) ?? []).map(String);
  const command: CommandName = positional[0] !== undefined && Object.hasOwn(commandsOf(bin), positional[0]) ? (positional[0] as CommandName) : seen.command;
  const rest = command === 'run' ? positional : positional.slice(1);

  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(parsed)) {
    if (key === '_' || key === '$0' || key === 'get-yargs-completions') continue;
    if (!(allowed as string[]).includes(key)) {
      const other = key in OPTIONS ? ` ('${key}' is an option of ${bin === 'mini-a' ? 'mini-a-proxy' : 'mini-a'})` : '';
      const hint = other ? '' : nearest(key, allowed);
      throw new UsageError(`unknown option '${key}'${other}${hint ? ` — did you mean ${hint}?` : ''} (see --help)`);
    }
    if (Array.isArray(raw)) throw new UsageError(`${key} is given more than once${key === 'mcp' ? '; put all servers in one list: mcp="[(…), (…)]"' : ''}`);
    out[key] = convert(key, OPTIONS[key as OptionName], raw);
  }
  const actions = command === 'run' ? [] : (commandsOf(bin)[command]?.actions ?? []);
  let action: string | undefined;
  if (rest.length && (actions as readonly string[]).includes(rest[0]!)) action = rest.shift();
  if (rest.length) {
    const first = rest[0]!;
    const hint = command === 'run' ? nearest(first, Object.keys(commandsOf(bin))) : undefined;
    throw new UsageError(
      `unexpected argument '${first.length > 60 ? first.slice(0, 57) + '…' : first}': options are key=value${
        hint ? ` (did you mean the command '${hint}'?)` : command !== 'run' ? ` (${command} takes ${actions.length ? actions.join(', ') + ' or ' : ''}options)` : bin === 'mini-a' ? ` (for a goal write goal="…")` : ''
      }`,
    );
  }
  for (const k of allowed) {
    const def: OptionDef = OPTIONS[k];
    if (out[k] === undefined && def.default !== undefined) out[k] = def.default;
  }
  return { command, action, options: out as Options };
}

/** Parses argv for the default command (no command word); throws UsageError on bad input. */
export function parseArgs(argv: string[], bin: Bin): Options {
  const line = parseCommandLine(argv, bin);
  if (line.command !== 'run') throw new UsageError(`'${line.command}' is a command; run it as ${bin} ${line.command} …`);
  return line.options;
}
