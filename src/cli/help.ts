import { COMMANDS, OPTIONS, optionsFor, type Bin, type OptionDef } from './options.js';

const EXAMPLES: Record<'mini-a' | 'mini-a-proxy', string[]> = {
  'mini-a': [
    `# list the bundled servers and their tools, no model needed`,
    `mini-a dispatch='{"action":"list"}' mcp="[(bundled: time)]"`,
    `# call a tool`,
    `mini-a dispatch='{"action":"call","tool":"current_time","arguments":{"timezone":"Asia/Tokyo"}}' mcp="[(bundled: time)]"`,
    `# the servers Claude Code, Cursor, VS Code, Codex or Gemini CLI already have configured`,
    `mini-a dispatch='{"action":"list","includeTools":false}' mcp=@auto`,
    `# spill large results to temp files, then read one back with readresult`,
    `mini-a dispatch='{"action":"call","tool":"filesystemQuery","arguments":{"operation":"read","path":"README.md"}}' mcp="[(bundled: utils)]" mcpproxythreshold=2000 spilldir=/tmp/spill`,
    `mini-a dispatch='{"action":"readresult","resultFile":"/tmp/spill/mini-a-proxy-result-….json","op":"grep","pattern":"npm"}' spilldir=/tmp/spill`,
    `# servers from a Claude Desktop / Cursor config, started lazily, TOON spills`,
    `mini-a dispatch='{"action":"search","query":"read a file"}' mcpconfig=examples/mcp.json mcplazy=true mcpproxytoon=true`,
    `# log in ahead to a remote server behind OAuth (opens the browser), and forget it again`,
    `mini-a auth=notes mcp="[(type: remote, url: 'https://mcp.example.com/mcp', name: notes)]"`,
    `mini-a auth=logout:notes mcp="[(type: remote, url: 'https://mcp.example.com/mcp', name: notes)]"`,
    `# keep the servers warm between shell calls (a daemon per configuration, stops when idle)`,
    `mini-a daemon start mcp="[(bundled: time)]"`,
    `mini-a dispatch='{"action":"call","tool":"current_time"}' mcp="[(bundled: time)]"`,
    `# the agent (needs a model), one goal or a batch`,
    `mini-a goal="What time is it in Tokyo?" mcp="[(bundled: time)]" usetools=true`,
    `mini-a goals=examples/goals.txt mcpconfig=examples/mcp.json concurrency=4 shard=0/2 > results.jsonl`,
  ],
  'mini-a-proxy': [
    `# serve proxy-dispatch over stdio to any MCP client`,
    `mini-a-proxy mcp="[(bundled: time)]" mcplazy=true`,
    `# over Streamable HTTP, with a bearer token and a rate limit`,
    `mini-a-proxy mcpconfig=examples/mcp.json transport=http port=8080 token=SECRET ratelimit=600/min`,
    `# every tool of every server under namespaced names instead of one tool`,
    `mini-a-proxy mcpconfig=examples/mcp.json mode=transparent`,
    `# Magg's proxy tool (action=list|info|call|batch, type=tool|resource|prompt) instead of proxy-dispatch`,
    `mini-a-proxy mcpconfig=examples/mcp.json dialect=magg`,
    `# OpenTelemetry traces to a collector (OTLP over HTTP; off unless the endpoint is set)`,
    `OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 mini-a-proxy mcpconfig=examples/mcp.json`,
  ],
};

function left(name: string, def: OptionDef): string {
  if (def.type === 'boolean') return `${name}=true|false`;
  if (def.type === 'enum') return `${name}=${def.choices!.join('|')}`;
  return `${name}=${def.placeholder ?? 'VALUE'}`;
}

/** The --help text of one program, generated from the option table. */
export function helpText(bin: Bin, version: string): string {
  const lines: string[] = [];
  if (bin === 'mini-a') {
    lines.push(`mini-a ${version} — an agent runner whose model sees one tool, proxy-dispatch, in front of any number of MCP servers.`);
    lines.push('', 'Usage: mini-a dispatch=JSON mcp=LIST [options]      one request, no model', '       mini-a goal="…" mcp=LIST [options]            (needs a model)', '       mini-a auth=SERVER mcp=LIST                   OAuth login ahead');
  } else {
    lines.push(`mini-a-proxy ${version} — serves proxy-dispatch (one tool in front of many MCP servers) to any MCP client.`);
    lines.push('', 'Usage: mini-a-proxy mcp=LIST [options]');
  }
  lines.push('Options are key=value (mini-a style) or --key value.');
  const commands = Object.entries(COMMANDS[bin] as Record<string, { usage: string; desc: string }>);
  if (commands.length) {
    lines.push('', 'Commands:');
    const w = Math.max(...commands.map(([, c]) => c.usage.length)) + 2;
    for (const [, c] of commands) lines.push(`  ${bin} ${c.usage.padEnd(w)}${c.desc}`);
  }
  const names = optionsFor(bin);
  const width = Math.min(34, Math.max(...names.map((n) => left(n, OPTIONS[n]).length)) + 2);
  const groups = [...new Set(names.map((n) => OPTIONS[n].group))];
  for (const g of groups) {
    lines.push('', `${g}:`);
    for (const n of names.filter((x) => OPTIONS[x].group === g)) {
      const def: OptionDef = OPTIONS[n];
      const l = left(n, def);
      const dflt = def.default !== undefined && def.type !== 'boolean' ? ` (default ${def.default})` : def.default === true ? ' (default true)' : '';
      lines.push(`  ${l.padEnd(width)}${l.length >= width ? '\n  ' + ' '.repeat(width) : ''}${def.desc}${dflt}`);
    }
  }
  lines.push('', 'proxy-dispatch actions: list, search, info (format=typescript), call (select: JMESPath), batch, run (JavaScript in a sandbox), readresult (ops stat|head|tail|slice|grep|read|query|items).');
  lines.push('', 'Examples:');
  for (const e of EXAMPLES[bin]) lines.push(`  ${e}`);
  return lines.join('\n') + '\n';
}
