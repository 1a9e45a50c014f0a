import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importServers } from '../src/config/imports/index.js';
import type { ImportContext } from '../src/config/imports/common.js';
import { redact } from '../src/util/redact.js';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/runtime.js';
import { ROOT } from './helpers/servers.js';
import { setLogSink } from '../src/util/log.js';
import { usageError } from './helpers/usage.js';

const TIME_JS = path.join(ROOT, 'dist/mcps/time.js');

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A temp HOME and project directory holding each app's config files as the apps write them. */
function fixtures(): ImportContext {
  const home = tempDir('mini-a-home-');
  const cwd = path.join(home, 'work', 'proj');
  mkdirSync(cwd, { recursive: true });
  const env = { HOME: home, GH_TOKEN: 'ghp_importedsecret0001', API_BASE: 'https://api.example.test', CODEX_BEARER: 'codex-bearer-secret-42' };
  write(path.join(home, '.config/Claude/claude_desktop_config.json'), JSON.stringify({
    mcpServers: {
      time: { command: 'node', args: [TIME_JS] },
      off: { command: 'node', args: ['x.js'], disabled: true },
    },
  }));
  write(path.join(home, '.claude.json'), JSON.stringify({
    numStartups: 3,
    mcpServers: { github: { type: 'stdio', command: 'npx', args: ['-y', 'gh-mcp'], env: { GITHUB_TOKEN: '${GH_TOKEN}', LEVEL: '${LOG_LEVEL:-info}' } } },
    projects: { [cwd]: { mcpServers: { local: { type: 'http', url: '${API_BASE}/mcp', headers: { Authorization: 'Bearer ${GH_TOKEN}' } } } }, '/elsewhere': { mcpServers: { other: { command: 'no' } } } },
  }));
  write(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { command: 'node', args: ['tools/srv.js'] } } }));
  write(path.join(home, '.cursor/mcp.json'), `{
    // Cursor allows comments
    "mcpServers": {
      "remote": { "url": "https://cursor.example.test/mcp", "headers": { "X-Key": "\${env:GH_TOKEN}" } },
      "home-files": { "command": "node", "args": ["\${userHome}/bin/files.js", "\${workspaceFolder}"] },
    },
  }`);
  write(path.join(home, '.config/Code/User/mcp.json'), `{
    "inputs": [{ "id": "pat", "type": "promptString", "password": true }],
    "servers": {
      "needs-input": { "type": "stdio", "command": "node", "args": ["s.js"], "env": { "PAT": "\${input:pat}" } },
      "sse-one": { "type": "sse", "url": "http://127.0.0.1:9/sse" }, // trailing comma next
    },
  }`);
  write(path.join(home, '.config/Code/User/settings.json'), '{ "editor.fontSize": 13, "mcp": { "servers": { "from-settings": { "command": "uvx", "args": ["mcp-server-fetch"] } } } }');
  write(path.join(home, '.codex/config.toml'), `model = "o3"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
env = { DOCS_KEY = "docs-key-literal-99" }
tool_timeout_sec = 12.5

[mcp_servers.hosted]
url = "https://codex.example.test/mcp"
bearer_token_env_var = "CODEX_BEARER"

[mcp_servers.sleeping]
command = "x"
enabled = false
`);
  write(path.join(home, '.gemini/settings.json'), JSON.stringify({
    theme: 'Default',
    mcpServers: {
      streamable: { httpUrl: 'https://gemini.example.test/mcp', headers: { Authorization: 'Bearer $GH_TOKEN' }, timeout: 30000, trust: true },
      legacy: { url: 'https://gemini.example.test/sse' },
      local: { command: 'python', args: ['-m', 'srv'], cwd: cwd, env: { TOKEN: '$GH_TOKEN' }, includeTools: ['a'] },
    },
  }));
  return { home, cwd, platform: 'linux', env };
}

const byName = (specs: ReturnType<typeof importServers>) => Object.fromEntries(specs.map((s) => [s.name, s]));

describe('mcp=@app: servers configured in other apps', () => {
  const ctx = fixtures();

  it('@claude (Claude Desktop): mcpServers, disabled ones skipped', () => {
    const s = importServers('@claude', ctx);
    expect(s.map((x) => x.name)).toEqual(['time']);
    expect(s[0]).toMatchObject({ transport: 'stdio', command: 'node', args: [TIME_JS] });
  });

  it('@claude-code: user servers, this project local servers and .mcp.json, with ${VAR} and ${VAR:-default}', () => {
    const s = byName(importServers('@claude-code', ctx));
    expect(Object.keys(s).sort()).toEqual(['github', 'local', 'proj']);
    expect(s.github!.env).toEqual({ GITHUB_TOKEN: 'ghp_importedsecret0001', LEVEL: 'info' });
    expect(s.local).toMatchObject({ transport: 'http', url: 'https://api.example.test/mcp', headers: { Authorization: 'Bearer ghp_importedsecret0001' } });
  });

  it('@cursor: JSONC with comments and trailing commas, ${env:…}, ${userHome}, ${workspaceFolder}', () => {
    const s = byName(importServers('@cursor', ctx));
    expect(s.remote).toMatchObject({ transport: 'http', url: 'https://cursor.example.test/mcp', headers: { 'X-Key': 'ghp_importedsecret0001' } });
    expect(s['home-files']!.args).toEqual([`${ctx.home}/bin/files.js`, ctx.cwd]);
  });

  it('@vscode: mcp.json and settings.json; a server that needs an ${input:…} prompt is skipped', () => {
    const warnings: string[] = [];
    setLogSink((l) => warnings.push(l));
    const s = byName(importServers('@vscode', ctx));
    setLogSink((l) => process.stderr.write(l + '\n'));
    expect(Object.keys(s).sort()).toEqual(['from-settings', 'sse-one']);
    expect(warnings).toEqual(["[mini-a warn] @vscode ~/.config/Code/User/mcp.json: server 'needs-input' uses a variable mini-a cannot fill in (an input prompt or an unset variable); skipped"]);
    expect(s['sse-one']!.transport).toBe('sse');
  });

  it('@codex: TOML mcp_servers, bearer token from the environment, timeout in seconds, enabled = false skipped', () => {
    const s = byName(importServers('@codex', ctx));
    expect(Object.keys(s).sort()).toEqual(['docs', 'hosted']);
    expect(s.docs).toMatchObject({ command: 'npx', args: ['-y', 'docs-mcp'], env: { DOCS_KEY: 'docs-key-literal-99' }, timeout: 12500 });
    expect(s.hosted).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer codex-bearer-secret-42' } });
  });

  it('@gemini: httpUrl is Streamable HTTP, url is SSE, $VAR expanded', () => {
    const s = byName(importServers('@gemini', ctx));
    expect(s.streamable).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer ghp_importedsecret0001' }, timeout: 30000 });
    expect(s.legacy!.transport).toBe('sse');
    expect(s.local).toMatchObject({ command: 'python', cwd: ctx.cwd, env: { TOKEN: 'ghp_importedsecret0001' } });
  });

  it('@auto reads every app found; env and header values are secrets in every listing', () => {
    setLogSink(() => {});
    const s = importServers('@auto', ctx);
    setLogSink((l) => process.stderr.write(l + '\n'));
    expect(s.length).toBe(1 + 3 + 2 + 2 + 2 + 3);
    const shown = JSON.stringify(redact(s)) + redact(`error from ${JSON.stringify(s)}`);
    for (const secret of ['ghp_importedsecret0001', 'codex-bearer-secret-42', 'docs-key-literal-99']) expect(shown).not.toContain(secret);
    expect(importServers('@cursor,@claude', ctx).map((x) => x.name)).toEqual(['remote', 'home-files', 'time']);
  });

  it('clear errors: unknown app, app not configured, broken files', () => {
    expect(usageError(() => importServers('@cursr', ctx))).toBe("mcp: unknown app '@cursr' (did you mean @cursor?); apps: @claude, @claude-code, @cursor, @vscode, @codex, @gemini, @auto");
    const empty = { ...ctx, home: tempDir('mini-a-empty-home-'), cwd: tempDir('mini-a-empty-cwd-') };
    expect(usageError(() => importServers('@gemini', empty))).toMatch(/^mcp: @gemini: no Gemini CLI configuration found \(looked in ~\/\.gemini\/settings\.json, /);
    expect(usageError(() => importServers('@auto', empty))).toMatch(/@auto found no MCP servers/);
    write(path.join(empty.home, '.cursor/mcp.json'), '{ "mcpServers": { "a": { "command": "x" } ');
    expect(usageError(() => importServers('@cursor', empty))).toMatch(/is not valid JSON: .* at line 1, column/);
    write(path.join(empty.home, '.codex/config.toml'), '[mcp_servers.a\ncommand = 1');
    expect(usageError(() => importServers('@codex', empty))).toMatch(/^@codex: '.*config\.toml' is not valid TOML/);
  });

  it('mini-a dispatch= lists imported servers from a temp HOME, secrets masked', () => {
    const home = tempDir('mini-a-home-cli-');
    write(path.join(home, '.cursor/mcp.json'), JSON.stringify({ mcpServers: { clock: { command: 'node', args: [TIME_JS], env: { CLOCK_TOKEN: 'clock-secret-value-77' } } } }));
    const r = runCli(['dispatch={"action":"list","includeTools":false}', 'mcp=@cursor', 'usedaemon=false'], { env: { HOME: home, XDG_CONFIG_HOME: '' }, cwd: home });
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout);
    expect(list.connections.map((c: { name: string; state: string }) => [c.name, c.state])).toEqual([['clock', 'ready']]);
    expect(r.stdout + r.stderr).not.toContain('clock-secret-value-77');
  });
});
