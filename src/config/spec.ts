import { createHash } from 'node:crypto';
import path from 'node:path';
import { parse as parseShell } from 'shell-quote';
import { canonicalJson } from '../util/canonical.js';
import { isSecretFlag, registerSecret } from '../util/redact.js';
import { bundledCommand } from './bundled.js';
import { parseOAuthConfig, type OAuthConfig } from './oauth.js';
import { parseSlon, SlonError, type SlonValue } from './slon.js';
import { UsageError, didYouMean } from '../util/errors.js';
import { log } from '../util/log.js';

/** How a connection reaches its server. `http` falls back to SSE when the server only speaks that. */
export type TransportKind = 'stdio' | 'http' | 'sse';

/** One downstream MCP server, validated and normalized. */
/** Which tools may be seen and called: globs on tool names (`server/tool` when they hold a '/'). */
export interface ToolRules {
  allow?: string[];
  deny?: string[];
  /** Only tools marked readOnlyHint. */
  readOnly?: boolean;
}

/** Result caching of one server: how long, and which tools besides those marked readOnlyHint. */
export interface CacheRules {
  ttl?: number;
  tools?: string[];
}

export interface ConnectionSpec {
  transport: TransportKind;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  /** OAuth for a remote server (absent: a server that asks for OAuth still gets the default login). */
  oauth?: OAuthConfig;
  /** Per-call timeout in ms (overrides the global default). */
  timeout?: number;
  /** Time allowed to start and initialize the server, in ms (overrides starttimeout=). */
  startTimeout?: number;
  /** stdio message framing: auto (detect), ndjson, or content-length. */
  framing?: 'auto' | 'ndjson' | 'content-length';
  /** Which of its tools may be seen and called (`tools: (allow, deny)` and `readOnly: true`). */
  tools?: ToolRules;
  /** Result caching for its read-only (or listed) tools. */
  cache?: CacheRules;
  /** Human name: explicit `name`, the mcpServers key, or derived from the command/url. */
  name: string;
  /** Explicit `id`, or MD5 of the canonical spec. */
  id: string;
}

const FIELDS = ['cmd', 'command', 'bundled', 'args', 'env', 'cwd', 'type', 'url', 'headers', 'oauth', 'timeout', 'startTimeout', 'framing', 'tools', 'readOnly', 'cache', 'name', 'id'] as const;
const TYPES: Record<string, TransportKind> = {
  stdio: 'stdio',
  remote: 'http',
  http: 'http',
  'streamable-http': 'http',
  streamablehttp: 'http',
  sse: 'sse',
};

/** Keys that Claude Desktop, Cursor and VS Code configs carry for their own use; read and ignored. */
export const CLIENT_ONLY_KEYS = new Set([
  'disabled', 'autoApprove', 'alwaysAllow', 'disabledTools', 'description', 'transportType', 'envFile',
  'icon', 'gallery', 'version', 'enabled', 'trust',
]);

/** Keys other clients use to choose tools (Gemini CLI, Cline, …): read as mini-a's own tool rules. */
const CLIENT_TOOL_KEYS = { includeTools: 'allow', excludeTools: 'deny', disabledTools: 'deny' } as const;

function stringList(where: string, field: string, v: unknown): string[] {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !x)) throw new UsageError(`${where}: '${field}' must be a list of names or globs, e.g. ['read_*', 'github/get_*']`);
  return v as string[];
}

/** Parses a rules map `(allow: [...], deny: [...], readOnly: true)`; used for servers and the global tools= option. */
export function parseToolRules(where: string, raw: unknown): ToolRules {
  if (!isPlainObject(raw)) throw new UsageError(`${where}: 'tools' must be a map such as (allow: ['read_*'], deny: ['delete_*'])`);
  const out: ToolRules = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'allow' || k === 'deny') out[k] = stringList(where, `tools.${k}`, v);
    else if (k === 'readOnly') {
      if (typeof v !== 'boolean') throw new UsageError(`${where}: 'tools.readOnly' must be true or false`);
      out.readOnly = v;
    } else {
      throw new UsageError(`${where}: unknown field 'tools.${k}'${didYouMean(k, ['allow', 'deny', 'readOnly'])}; allowed: allow, deny, readOnly`);
    }
  }
  return out;
}

type Raw = Record<string, unknown>;

function isPlainObject(v: unknown): v is Raw {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function stringMap(where: string, field: string, v: unknown): Record<string, string> {
  if (!isPlainObject(v)) throw new UsageError(`${where}: '${field}' must be a map of names to strings, e.g. (${field === 'env' ? "API_KEY: '…'" : "Authorization: 'Bearer …'"})`);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') {
      throw new UsageError(`${where}: '${field}.${k}' must be a string`);
    }
    out[k] = String(val);
    registerSecret(out[k], k);
  }
  return out;
}

/** Splits a `cmd` command line like a shell would (quotes, $VARS), refusing pipes and redirections. */
export function splitCommandLine(where: string, cmd: string): string[] {
  const parts = parseShell(cmd, process.env as Record<string, string>);
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p === 'string') out.push(p);
    else if ('op' in p && p.op === 'glob') out.push(p.pattern);
    else if ('comment' in p) break;
    else {
      throw new UsageError(
        `${where}: 'cmd' contains the shell operator '${'op' in p ? p.op : '?'}', but cmd is not run by a shell; write cmd: "sh -c '…'" to use one`,
      );
    }
  }
  if (out.length === 0) throw new UsageError(`${where}: 'cmd' is empty`);
  return out;
}

/** Script and folder names that say nothing of the server: the name is looked for above them. */
const ENTRY_NAMES = new Set(['index', 'main', 'server', 'dist', 'build', 'src', 'lib', 'bin', 'cli', 'stdio']);
/** Package names that say nothing alone: `@sentry/mcp-server` is sentry, `@shopify/dev-mcp` shopify-dev. */
const EMPTY_NAMES = new Set(['', 'mcp', 'server', 'mcp-server']);
const VAGUE_NAMES = new Set(['dev', 'docs', 'api', 'app', 'tools', 'core', 'cli']);

/**
 * A short name for a stdio server: its script or package name (`node mcps/time.js` -> `time`,
 * `npx -y @modelcontextprotocol/server-filesystem` -> `filesystem`), with the package's scope where
 * the name alone says nothing (`node node_modules/@playwright/mcp/cli.js` -> `playwright`).
 */
export function deriveName(command: string, args: string[]): string {
  const target = args.find((a) => !a.startsWith('-') && a !== '-y') ?? command;
  // Trailing slashes by hand: /\/+$/ retries at every slash of a long run (quadratic).
  let p = target.replace(/\\/g, '/');
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  p = p.slice(0, end);
  if (p.startsWith('@') && !p.includes('/dist/')) p = p.replace(/@[^@/]*$/, '');
  let base = path.posix.basename(p).replace(/\.(m?[jt]s|cjs|py|sh|exe)$/, '');
  // Not above a package's own folder: `@acme/cli` is acme-cli, not the scope alone.
  while (ENTRY_NAMES.has(base) && p.includes('/') && !path.posix.basename(path.posix.dirname(p)).startsWith('@')) {
    p = path.posix.dirname(p);
    base = path.posix.basename(p);
  }
  const short = (n: string) => n.replace(/@[^@]*$/, '').replace(/^(mcp-server-|server-|mcp-)/, '').replace(/(-mcp-server|-mcp|-server)$/, '');
  const name = short(base);
  const parent = path.posix.basename(path.posix.dirname(p));
  if (parent.startsWith('@') && (EMPTY_NAMES.has(name) || VAGUE_NAMES.has(name))) {
    const scope = short(parent.slice(1));
    if (scope) return EMPTY_NAMES.has(name) ? scope : `${scope}-${name}`;
  }
  return name || base || command;
}

/** Stable id of a connection: MD5 of its canonical config (what it runs or reaches, not its name). */
export function specId(spec: Omit<ConnectionSpec, 'name' | 'id'>): string {
  const { transport, command, args, env, cwd, url, headers } = spec;
  return createHash('md5').update(canonicalJson({ transport, command, args, env, cwd, url, headers })).digest('hex');
}

/**
 * Registers the credentials in a command's arguments so that `redact` scrubs them from every
 * later text (stderr lines, errors, logs), not only from listings: token-shaped arguments, the
 * value of `--token=X`, and the argument after a secret-named flag (`--api-key X`).
 */
function registerArgSecrets(args: string[]): void {
  args.forEach((a, i) => {
    const eq = a.indexOf('=');
    if (/^(sk-|gh[pousr]_|xox)/.test(a)) registerSecret(a, 'token');
    else if (eq > 0 && /(token|key|secret|passw|pwd|auth|cred)/i.test(a.slice(0, eq))) registerSecret(a.slice(eq + 1), 'token');
    const next = args[i + 1];
    if (isSecretFlag(a) && next !== undefined && !next.startsWith('-')) registerSecret(next, 'token');
  });
}

/** Validates one raw connection object (from SLON/JSON or an mcpServers entry) into a ConnectionSpec. */
export function toSpec(raw: unknown, where: string, opts: { name?: string; lenient?: boolean } = {}): ConnectionSpec {
  if (!isPlainObject(raw)) {
    throw new UsageError(`${where}: a connection must be a map such as (cmd: 'node mcps/time.js') or (type: remote, url: 'http://…/mcp')`);
  }
  for (const k of Object.keys(raw)) {
    if ((FIELDS as readonly string[]).includes(k)) continue;
    if (opts.lenient && (CLIENT_ONLY_KEYS.has(k) || k in CLIENT_TOOL_KEYS)) continue;
    const msg = `${where}: unknown field '${k}'${didYouMean(k, FIELDS)}; allowed: ${FIELDS.join(', ')}`;
    if (opts.lenient) {
      log.warn(`${msg}; ignored`);
      continue;
    }
    throw new UsageError(msg);
  }
  const str = (f: string): string | undefined => {
    const v = raw[f];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`${where}: '${f}' must be a non-empty string`);
    return v;
  };
  const cmd = str('cmd');
  let command = str('command');
  const bundled = str('bundled');
  if (bundled && (cmd || command || str('url'))) throw new UsageError(`${where}: 'bundled' names a server of this package; it does not go with 'cmd', 'command' or 'url'`);
  const url = str('url');
  const typeRaw = str('type');
  if (cmd && command) throw new UsageError(`${where}: give either 'cmd' (a command line) or 'command' + 'args', not both`);
  if (cmd && raw.args !== undefined) throw new UsageError(`${where}: 'args' goes with 'command'; with 'cmd' put the arguments in the command line`);
  let transport: TransportKind;
  if (typeRaw !== undefined) {
    const t = TYPES[typeRaw.toLowerCase()];
    if (!t) throw new UsageError(`${where}: 'type' is '${typeRaw}'; allowed: stdio, remote, http, sse`);
    transport = t;
  } else if (cmd || command || bundled) transport = 'stdio';
  else if (url) transport = 'http';
  else throw new UsageError(`${where}: needs 'cmd' (or 'command', or 'bundled: time|utils|db') for a local server, or 'url' for a remote one`);

  let args: string[] | undefined;
  if (raw.args !== undefined) {
    if (!Array.isArray(raw.args) || raw.args.some((a) => typeof a !== 'string' && typeof a !== 'number')) {
      throw new UsageError(`${where}: 'args' must be a list of strings, e.g. ['-y', 'some-server']`);
    }
    args = raw.args.map(String);
  }
  if (cmd) [command, ...args] = splitCommandLine(where, cmd);
  if (bundled) ({ command, args } = bundledCommand(bundled, args, where));

  const spec: Omit<ConnectionSpec, 'name' | 'id'> = { transport };
  if (transport === 'stdio') {
    if (!command) throw new UsageError(`${where}: a stdio connection needs 'cmd' or 'command'`);
    if (url) throw new UsageError(`${where}: 'url' does not go with a stdio command; use type: remote (or sse) with url, or cmd alone`);
    if (raw.headers !== undefined) throw new UsageError(`${where}: 'headers' only apply to remote (http/sse) connections`);
    if (raw.oauth !== undefined) throw new UsageError(`${where}: 'oauth' only applies to remote (http/sse) connections`);
    spec.command = command;
    spec.args = args ?? [];
    if (raw.env !== undefined) spec.env = stringMap(where, 'env', raw.env);
    const cwd = str('cwd');
    if (cwd) spec.cwd = path.resolve(cwd);
    registerArgSecrets(spec.args);
  } else {
    if (!url) throw new UsageError(`${where}: a ${typeRaw ?? transport} connection needs 'url'`);
    if (command || cmd) throw new UsageError(`${where}: 'cmd'/'command' do not go with type ${typeRaw}; a remote connection has only 'url' (and 'headers')`);
    if (raw.env !== undefined || raw.cwd !== undefined) throw new UsageError(`${where}: 'env' and 'cwd' only apply to stdio connections`);
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new UsageError(`${where}: 'url' is not a valid URL (expected http://host:port/path)`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`${where}: 'url' must be http:// or https://`);
    if (u.password) registerSecret(decodeURIComponent(u.password), 'password');
    for (const [k, v] of u.searchParams) registerSecret(v, k);
    spec.url = url;
    if (raw.headers !== undefined) spec.headers = stringMap(where, 'headers', raw.headers);
    if (raw.oauth !== undefined && raw.oauth !== null) spec.oauth = parseOAuthConfig(where, raw.oauth, opts.lenient);
  }
  for (const f of ['timeout', 'startTimeout'] as const) {
    if (raw[f] === undefined) continue;
    const t = typeof raw[f] === 'string' ? Number(raw[f]) : raw[f];
    if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0) throw new UsageError(`${where}: '${f}' must be a positive number of milliseconds`);
    spec[f] = t;
  }
  if (raw.framing !== undefined) {
    if (transport !== 'stdio') throw new UsageError(`${where}: 'framing' only applies to stdio connections`);
    if (raw.framing !== 'auto' && raw.framing !== 'ndjson' && raw.framing !== 'content-length') throw new UsageError(`${where}: 'framing' must be auto, ndjson or content-length`);
    spec.framing = raw.framing;
  }
  const rules: ToolRules = raw.tools !== undefined ? parseToolRules(where, raw.tools) : {};
  if (raw.readOnly !== undefined) {
    if (typeof raw.readOnly !== 'boolean') throw new UsageError(`${where}: 'readOnly' must be true or false`);
    rules.readOnly = raw.readOnly;
  }
  if (opts.lenient) {
    for (const [k, to] of Object.entries(CLIENT_TOOL_KEYS)) {
      if (raw[k] === undefined) continue;
      rules[to] = [...(rules[to] ?? []), ...stringList(where, k, raw[k])];
    }
  }
  if (rules.allow || rules.deny || rules.readOnly) spec.tools = rules;
  if (raw.cache !== undefined) {
    const c = raw.cache;
    if (!isPlainObject(c)) throw new UsageError(`${where}: 'cache' must be a map such as (ttl: 60000, tools: ['search_*'])`);
    const cache: CacheRules = {};
    for (const [k, v] of Object.entries(c)) {
      if (k === 'ttl') {
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new UsageError(`${where}: 'cache.ttl' must be a number of milliseconds (0: no caching)`);
        cache.ttl = v;
      } else if (k === 'tools') cache.tools = stringList(where, 'cache.tools', v);
      else throw new UsageError(`${where}: unknown field 'cache.${k}'; allowed: ttl, tools`);
    }
    spec.cache = cache;
  }
  const name = opts.name ?? str('name') ?? bundled ?? (spec.command ? deriveName(spec.command, spec.args ?? []) : new URL(spec.url!).host);
  const id = str('id') ?? specId(spec);
  return { ...spec, name, id };
}

/** Parses the `mcp=` value (SLON or JSON; one connection or a list) into validated specs. */
export function parseMcpOption(text: string, optionName = 'mcp'): ConnectionSpec[] {
  let value: SlonValue;
  try {
    value = parseSlon(text);
  } catch (e) {
    if (e instanceof SlonError) throw new UsageError(`${optionName}: ${e.message}`);
    throw e;
  }
  const list = Array.isArray(value) ? value : [value];
  return list.map((raw, i) => toSpec(raw, list.length > 1 || Array.isArray(value) ? `${optionName}[${i}]` : optionName));
}

/** Makes connection names unique (`time`, `time-2`) so that names can address connections. */
export function uniqueNames(specs: ConnectionSpec[]): ConnectionSpec[] {
  const seen = new Map<string, number>();
  return specs.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return n === 1 ? s : { ...s, name: `${s.name}-${n}` };
  });
}
