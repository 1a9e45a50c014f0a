/**
 * The option table: one row per option, shared by the parser, `--help` and "did you mean".
 * Options are written mini-a style (`key=value`) or as flags (`--key value`, `--key=value`).
 */

export type OptionType = 'string' | 'boolean' | 'int' | 'enum';

/** The programs whose command lines this table describes. */
export type Bin = 'mini-a' | 'mini-a-proxy';

export interface OptionDef {
  type: OptionType;
  /** One-line meaning shown by --help. */
  desc: string;
  /** Shown as the value placeholder in --help. */
  placeholder?: string;
  default?: string | number | boolean;
  choices?: readonly string[];
  /** Smallest allowed value for ints. */
  min?: number;
  group: string;
  /** Which programs accept it. */
  bins: ReadonlyArray<Bin>;
}

const BOTH = ['mini-a', 'mini-a-proxy'] as const;
const AGENT = ['mini-a'] as const;
const PROXY = ['mini-a-proxy'] as const;

export const OPTIONS = {
  // What to run
  goal: { type: 'string', placeholder: 'TEXT', desc: 'a goal for the agent (needs a model: OPENAI_API_KEY, OAF_MODEL or OPENAI_BASE_URL)', group: 'Run', bins: AGENT },
  goals: { type: 'string', placeholder: 'FILE', desc: 'a batch: one goal per line, or a JSON/YAML list of goals (each a string or {goal, maxsteps, model, usetools, mcpproxy}); results as JSON Lines', group: 'Run', bins: AGENT },
  concurrency: { type: 'int', min: 1, default: 1, placeholder: 'N', desc: 'goals of a batch run at once (one shared pool and spill store)', group: 'Run', bins: AGENT },
  shard: { type: 'string', placeholder: 'i/n', desc: 'run only slice i of n (0-based) of the batch, for job arrays (CI matrix, Kubernetes Indexed Job, Slurm)', group: 'Run', bins: AGENT },
  dispatch: { type: 'string', placeholder: 'JSON|-', desc: "run one proxy-dispatch request and print its JSON (no model needed); '-' reads JSON Lines from stdin", group: 'Run', bins: AGENT },
  format: { type: 'enum', choices: ['text', 'json', 'pretty'], default: 'text', desc: 'output: text (answer only), json (answer, steps, usage, savings), pretty (indented JSON)', group: 'Run', bins: AGENT },
  outfile: { type: 'string', placeholder: 'FILE', desc: 'write the output to FILE instead of stdout', group: 'Run', bins: AGENT },

  // Model and agent
  model: { type: 'string', placeholder: 'NAME', desc: 'model name (default: OAF_MODEL\'s, OPENAI_MODEL, or gpt-4o-mini); endpoint and key from OAF_MODEL or OPENAI_BASE_URL / OPENAI_API_KEY', group: 'Agent', bins: AGENT },
  usetools: { type: 'boolean', default: false, desc: 'native function calling (false: the model answers with JSON actions in text)', group: 'Agent', bins: AGENT },
  maxsteps: { type: 'int', min: 1, default: 25, placeholder: 'N', desc: 'most model requests for one goal', group: 'Agent', bins: AGENT },
  useutils: { type: 'boolean', default: false, desc: 'add the bundled file utilities server (mcps/utils, read-only, rooted at the working directory)', group: 'Agent', bins: AGENT },

  // Connections
  mcp: { type: 'string', placeholder: 'SLON|JSON|@APP', desc: "MCP servers: [(bundled: time), (cmd: 'npx -y …'), (type: remote, url: 'http://…/mcp')], or the servers another app has configured: @claude, @claude-code, @cursor, @vscode, @codex, @gemini, @auto (all found; several: @cursor,@codex)", group: 'Connections', bins: BOTH },
  mcpconfig: { type: 'string', placeholder: 'FILE', desc: 'read servers from a Claude Desktop / Cursor (mcpServers) or VS Code (servers) JSON file', group: 'Connections', bins: BOTH },
  mcplazy: { type: 'boolean', default: false, desc: 'start each server only when a request first needs it (default: all start in parallel)', group: 'Connections', bins: BOTH },
  mcptimeout: { type: 'int', min: 1, default: 60000, placeholder: 'MS', desc: "default per-call timeout in ms (a connection's own timeout wins); cancellation is sent on expiry", group: 'Connections', bins: BOTH },
  auth: { type: 'string', placeholder: 'SERVER|logout[:SERVER]', desc: "log in to a remote server now (OAuth in the browser; tokens are kept for later runs) and exit; logout forgets stored tokens (all, or one server's)", group: 'Connections', bins: AGENT },
  toolcachettl: { type: 'int', min: 0, default: 600000, placeholder: 'MS', desc: 'how long tool catalogs stay cached (0 = until the server says list_changed)', group: 'Connections', bins: BOTH },
  starttimeout: { type: 'int', min: 1, default: 30000, placeholder: 'MS', desc: "time a server has to start and answer initialize (a connection's own startTimeout wins)", group: 'Connections', bins: BOTH },
  startconcurrency: { type: 'int', min: 1, default: 16, placeholder: 'N', desc: 'servers starting at the same time, at most (the others wait for a slot)', group: 'Connections', bins: BOTH },
  listtimeout: { type: 'int', min: 1, default: 3000, placeholder: 'MS', desc: 'list and search answer within this time with the servers that are ready; slower ones are named and added when they arrive', group: 'Connections', bins: BOTH },
  maxcalltime: { type: 'int', min: 1, default: 3600000, placeholder: 'MS', desc: 'longest a call may run in all while progress notifications keep resetting its timeout', group: 'Connections', bins: BOTH },
  roots: { type: 'string', placeholder: 'DIR[,DIR]', desc: 'directories offered to servers as roots (default: the working directory)', group: 'Connections', bins: AGENT },
  elicit: { type: 'enum', choices: ['ask', 'defaults', 'decline'], desc: "how a server's questions (elicitation) are answered: ask on the terminal, accept the defaults, or decline (default: ask on a terminal, else decline)", group: 'Connections', bins: AGENT },
  tools: { type: 'string', placeholder: 'SLON', desc: "which tools may be seen and called, for every server: (allow: ['read_*'], deny: ['github/delete_*'], readOnly: true); globs, 'server/tool' to name a server's", group: 'Connections', bins: BOTH },
  cachettl: { type: 'int', min: 0, default: 0, placeholder: 'MS', desc: "keep results of tools marked readOnlyHint this long, per arguments (0 = off; a server's cache: (ttl, tools) wins; cache: false on a call skips it)", group: 'Connections', bins: BOTH },
  cachemax: { type: 'int', min: 1, default: 33554432, placeholder: 'BYTES', desc: 'most bytes of results the cache keeps (least recently used go first)', group: 'Connections', bins: BOTH },
  samplingmaxtokens: { type: 'int', min: 1, default: 1024, placeholder: 'N', desc: "most tokens the model may write for one server's sampling request", group: 'Agent', bins: AGENT },

  // Dispatcher and spill
  mcpproxy: { type: 'boolean', default: true, desc: 'the model sees one tool, proxy-dispatch (false: every tool registered directly, the baseline)', group: 'Proxy', bins: AGENT },
  mcpproxythreshold: { type: 'int', min: 0, default: 0, placeholder: 'BYTES', desc: 'results larger than this go to a temp file the model reads back with action=readresult (0 = off)', group: 'Proxy', bins: BOTH },
  mcpproxytoon: { type: 'boolean', default: false, desc: 'write spilled object/array results as TOON (fewer tokens when read back)', group: 'Proxy', bins: BOTH },
  spilldir: { type: 'string', placeholder: 'DIR', desc: 'write spill files here and keep them after exit, so later commands can readresult them', group: 'Proxy', bins: BOTH },
  keepresults: { type: 'boolean', default: false, desc: 'keep the private spill directory at exit (its path is printed on stderr)', group: 'Proxy', bins: BOTH },
  argsroots: { type: 'string', placeholder: 'DIR[,DIR]', desc: 'directories argumentsFile may read from, besides spill files (default: the working directory)', group: 'Proxy', bins: BOTH },
  batchconcurrency: { type: 'int', min: 1, default: 8, placeholder: 'N', desc: 'calls of one action=batch running at once', group: 'Proxy', bins: BOTH },
  runtimeout: { type: 'int', min: 1, default: 30000, placeholder: 'MS', desc: 'action=run: most wall time of one script (code mode, QuickJS sandbox)', group: 'Proxy', bins: BOTH },
  runmemory: { type: 'int', min: 1, default: 64, placeholder: 'MB', desc: 'action=run: most memory of one script', group: 'Proxy', bins: BOTH },
  runcalls: { type: 'int', min: 1, default: 100, placeholder: 'N', desc: 'action=run: most mcp.* calls of one script', group: 'Proxy', bins: BOTH },

  // Warm daemon
  usedaemon: { type: 'boolean', default: true, desc: 'dispatch= goes through a running daemon for the same configuration when there is one (false: always start cold)', group: 'Daemon', bins: AGENT },
  keepalive: { type: 'boolean', default: false, desc: 'dispatch=: start a daemon for this configuration if none runs, and use it (later calls find servers and spills warm)', group: 'Daemon', bins: AGENT },
  daemonidle: { type: 'int', min: 1000, default: 900000, placeholder: 'MS', desc: 'a daemon with no request for this long shuts itself down', group: 'Daemon', bins: AGENT },

  // General
  debug: { type: 'boolean', default: false, desc: 'log model requests and server noise (stderr)', group: 'General', bins: BOTH },
  quiet: { type: 'boolean', default: false, desc: 'no progress or savings lines, errors only', group: 'General', bins: BOTH },
  help: { type: 'boolean', default: false, desc: 'show this help', group: 'General', bins: BOTH },
  version: { type: 'boolean', default: false, desc: 'print the version', group: 'General', bins: BOTH },

  // mini-a-proxy
  transport: { type: 'enum', choices: ['stdio', 'http'], default: 'stdio', desc: 'serve over stdio or Streamable HTTP', group: 'Server', bins: PROXY },
  port: { type: 'int', min: 0, default: 8080, placeholder: 'N', desc: 'HTTP port (transport=http)', group: 'Server', bins: PROXY },
  host: { type: 'string', default: '127.0.0.1', placeholder: 'ADDR', desc: 'HTTP bind address (transport=http)', group: 'Server', bins: PROXY },
  mode: { type: 'enum', choices: ['proxy', 'transparent'], default: 'proxy', desc: 'proxy: one tool (see dialect=); transparent: all tools, resources and prompts under namespaced names (everything__echo, proxy://everything/…; see namespace=)', group: 'Server', bins: PROXY },
  token: { type: 'string', placeholder: 'SECRET', desc: 'require Authorization: Bearer SECRET on /mcp and /metrics (or set MINI_A_PROXY_TOKEN)', group: 'Server', bins: PROXY },
  ratelimit: { type: 'string', placeholder: 'N/min', desc: 'per-client rate limit on every route (token bucket per address, and per token once verified; also N/s, N/h); over it: 429 with Retry-After', group: 'Server', bins: PROXY },
  tokens: { type: 'string', placeholder: 'FILE', desc: 'several bearer tokens, each with its own servers and tool rules, as SHA-256 hashes in a JSON/YAML file read again when it changes (transport=http)', group: 'Server', bins: PROXY },
  controltoken: { type: 'string', placeholder: 'SECRET', desc: 'turn on the control API (/control: add, remove, restart servers) behind this bearer token, or set MINI_A_CONTROL_TOKEN (transport=http)', group: 'Server', bins: PROXY },
  watchconfig: { type: 'boolean', default: false, desc: 'read mcpconfig= again when the file changes: servers added, removed or restarted without dropping sessions (SIGHUP does it too, over HTTP)', group: 'Server', bins: PROXY },
  maxsessions: { type: 'int', min: 1, default: 1000, placeholder: 'N', desc: 'most HTTP sessions at once; over it, initialize gets 503 with Retry-After (transport=http)', group: 'Server', bins: PROXY },
  sessionidle: { type: 'int', min: 1000, default: 1800000, placeholder: 'MS', desc: 'end an HTTP session after this many ms without a request (transport=http)', group: 'Server', bins: PROXY },
  pagesize: { type: 'int', min: 1, default: 100, placeholder: 'N', desc: 'items per page of list results in transparent mode', group: 'Server', bins: PROXY },
  namespace: { type: 'enum', choices: ['name', 'alias', 'none'], default: 'name', desc: "names in transparent mode and dialect=magg paths: name (everything__echo, proxy://everything/<uri>; the server's name), alias (c1__echo), none (names and URIs unchanged; a collision is an error)", group: 'Server', bins: PROXY },
  dialect: { type: 'enum', choices: ['proxy-dispatch', 'magg'], default: 'proxy-dispatch', desc: "mode=proxy's one tool: proxy-dispatch, or magg (Magg's tool 'proxy': action=list|info|call|batch, type, path, args, filter_server, filter)", group: 'Server', bins: PROXY },
} as const satisfies Record<string, OptionDef>;

export type OptionName = keyof typeof OPTIONS;

type ValueOf<D> = D extends { type: 'boolean' } ? boolean : D extends { type: 'int' } ? number : string;
type HasDefault<D> = D extends { default: unknown } ? true : false;

/** Parsed options: defaulted ones are always present, the rest optional. */
export type Options = {
  -readonly [K in OptionName as HasDefault<(typeof OPTIONS)[K]> extends true ? K : never]: ValueOf<(typeof OPTIONS)[K]>;
} & {
  -readonly [K in OptionName as HasDefault<(typeof OPTIONS)[K]> extends true ? never : K]?: ValueOf<(typeof OPTIONS)[K]>;
};

/** Commands besides the default one (`run`: dispatch=, goal=, goals=); `actions` are their sub-words. */
export const COMMANDS = {
  'mini-a': {
    daemon: {
      usage: 'daemon [start|stop|status]',
      desc: 'keep the servers of mcp=/mcpconfig= and their spills warm behind a private Unix socket; dispatch= with the same configuration uses it. Actions: (none) run in the foreground, start (in the background), stop, status',
      actions: ['start', 'stop', 'status'],
    },
    completion: { usage: 'completion', desc: 'print a bash/zsh completion script (mini-a completion >> ~/.bashrc)', actions: [] },
  },
  'mini-a-proxy': {},
} as const satisfies Record<Bin, Record<string, { usage: string; desc: string; actions: readonly string[] }>>;

/** `run` is the default command; the others are named on the command line. */
export type CommandName = 'run' | keyof (typeof COMMANDS)['mini-a'];

/** Option names accepted by one program. */
export function optionsFor(bin: Bin): OptionName[] {
  return (Object.keys(OPTIONS) as OptionName[]).filter((k) => (OPTIONS[k].bins as readonly string[]).includes(bin));
}
