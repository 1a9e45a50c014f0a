import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers/runtime.js';
import { describe, expect, it } from 'vitest';
import { loadConnections } from '../src/config/index.js';
import { parseMcpOption, specId, toSpec } from '../src/config/spec.js';
import { loadMcpConfigFile } from '../src/config/mcpconfig.js';
import { usageError } from './helpers/usage.js';

const err = usageError;

describe('connection specs', () => {
  it('splits cmd like a shell and derives names', () => {
    const [a, b, c] = parseMcpOption(`[(cmd: 'node "dist/mcps/time.js" --x 1'), (command: npx, args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp']), (type: remote, url: 'http://127.0.0.1:3000/mcp')]`);
    expect(a).toMatchObject({ transport: 'stdio', command: 'node', args: ['dist/mcps/time.js', '--x', '1'], name: 'time' });
    expect(b).toMatchObject({ transport: 'stdio', command: 'npx', name: 'filesystem' });
    expect(c).toMatchObject({ transport: 'http', url: 'http://127.0.0.1:3000/mcp', name: '127.0.0.1:3000' });
  });

  it("names a package that calls itself mcp or server by its scope (five servers were all 'mcp', 'mcp-2', …)", () => {
    const names = parseMcpOption(
      `[(cmd: 'node node_modules/@playwright/mcp/cli.js'), (cmd: 'npx -y @sentry/mcp-server@latest'), (cmd: 'node /srv/node_modules/@hubspot/mcp-server/dist/index.js'), (cmd: 'npx -y @shopify/dev-mcp'), (cmd: 'npx -y @modelcontextprotocol/server-github'), (cmd: 'node /opt/tools/server.js'), (cmd: 'npx -y @acme/cli'), (cmd: 'npx -y @acme/server')]`,
    ).map((s) => s.name);
    expect(names).toEqual(['playwright', 'sentry', 'hubspot', 'shopify-dev', 'github', 'tools', 'acme-cli', 'acme']);
  });

  it('ids are the MD5 of the canonical config: stable, order-free, name-free; explicit id wins', () => {
    const x = toSpec({ cmd: 'node a.js', env: { A: '1', B: '2' }, name: 'x' }, 't');
    const y = toSpec({ env: { B: '2', A: '1' }, cmd: 'node a.js', name: 'other' }, 't');
    expect(x.id).toMatch(/^[0-9a-f]{32}$/);
    expect(x.id).toBe(y.id);
    expect(x.id).toBe(specId(x));
    expect(toSpec({ cmd: 'node b.js' }, 't').id).not.toBe(x.id);
    expect(toSpec({ cmd: 'node a.js', id: 'mine' }, 't').id).toBe('mine');
  });

  it('refuses unknown fields (with a suggestion) and impossible combinations', () => {
    expect(err(() => parseMcpOption('(cmd: x, evn: (A: b))'))).toMatch(/unknown field 'evn' \(did you mean 'env'\?\)/);
    expect(err(() => parseMcpOption("(cmd: 'node a', command: node)"))).toMatch(/either 'cmd'.*or 'command'/);
    expect(err(() => parseMcpOption("(cmd: 'node a', url: 'http://x')"))).toMatch(/'url' does not go with a stdio command/);
    expect(err(() => parseMcpOption('(type: sse)'))).toMatch(/needs 'url'/);
    expect(err(() => parseMcpOption("(type: remote, url: 'http://x', env: (A: b))"))).toMatch(/'env' and 'cwd' only apply to stdio/);
    expect(err(() => parseMcpOption("(cmd: 'node a', headers: (A: b))"))).toMatch(/'headers' only apply to remote/);
    expect(err(() => parseMcpOption("(type: ftp, url: 'http://x')"))).toMatch(/'type' is 'ftp'; allowed: stdio, remote, http, sse/);
    expect(err(() => parseMcpOption("(type: remote, url: 'ftp://x')"))).toMatch(/must be http/);
    expect(err(() => parseMcpOption("(cmd: 'node a', timeout: -5)"))).toMatch(/'timeout' must be a positive number/);
    expect(err(() => parseMcpOption("(cmd: 'cat a | grep b')"))).toMatch(/shell operator '\|'/);
    expect(err(() => parseMcpOption('(name: x)'))).toMatch(/needs 'cmd'/);
    expect(err(() => parseMcpOption("[(cmd: 'node a.js'"))).toMatch(/^mcp: expected ',' or '\)' at column 19/);
  });

  it('reads Claude Desktop / Cursor mcpServers and VS Code servers files unchanged', () => {
    const dir = tempDir('mini-a-cfg-');
    const claude = path.join(dir, 'claude.json');
    writeFileSync(claude, JSON.stringify({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { KEY: 'v' } },
        web: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer abc' } },
        off: { command: 'x', disabled: true },
        tuned: { command: 'node', args: ['s.js'], autoApprove: ['t'] },
      },
    }));
    const specs = loadMcpConfigFile(claude);
    expect(specs.map((s) => [s.name, s.transport])).toEqual([['fs', 'stdio'], ['web', 'http'], ['tuned', 'stdio']]);
    const vscode = path.join(dir, 'mcp.json');
    writeFileSync(vscode, JSON.stringify({ servers: { t: { type: 'stdio', command: 'node', args: ['t.js'], cwd: 'sub' }, s: { type: 'sse', url: 'http://127.0.0.1:9/sse' } } }));
    const v = loadMcpConfigFile(vscode);
    expect(v.map((s) => [s.name, s.transport])).toEqual([['t', 'stdio'], ['s', 'sse']]);
    expect(v[0]!.cwd).toBe(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'bad.json'), '{"other": {}}');
    expect(err(() => loadMcpConfigFile(path.join(dir, 'bad.json')))).toMatch(/no "mcpServers".*or "servers"/);
    expect(err(() => loadMcpConfigFile(path.join(dir, 'missing.json')))).toMatch(/cannot read .*ENOENT/);
  });

  it('combines mcpconfig and mcp, keeps names unique and refuses the same server twice', () => {
    const specs = loadConnections({ mcp: "[(cmd: 'node a/time.js'), (cmd: 'node b/time.js')]" });
    expect(specs.map((s) => s.name)).toEqual(['time', 'time-2']);
    expect(err(() => loadConnections({ mcp: "[(cmd: 'node a.js'), (cmd: 'node a.js')]" }))).toMatch(/same id/);
  });
});
