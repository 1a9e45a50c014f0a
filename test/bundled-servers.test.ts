import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConnections } from '../src/config/index.js';
import { parseMcpOption } from '../src/config/spec.js';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/runtime.js';
import { ROOT } from './helpers/servers.js';
import { usageError } from './helpers/usage.js';

const MCP_BIN = path.join(ROOT, 'dist/src/cli/mini-a-mcp.js');

describe('bundled servers by name', () => {
  it('(bundled: NAME) runs the package\'s own script with this Node; args go to the server', () => {
    const [t, u] = parseMcpOption("[(bundled: time), (name: docs, bundled: utils, args: ['--root', '/srv'])]");
    expect(t).toMatchObject({ transport: 'stdio', command: process.execPath, args: [path.join(ROOT, 'dist/mcps/time.js')], name: 'time' });
    expect(u).toMatchObject({ command: process.execPath, args: [path.join(ROOT, 'dist/mcps/utils.js'), '--root', '/srv'], name: 'docs' });
  });

  it('"bundled" in an mcpServers file; clear errors for unknown names and mixed fields', () => {
    const dir = tempDir('mini-a-bundled-');
    const file = path.join(dir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { shop: { bundled: 'db', args: ['--db', 'x.sqlite'] } } }));
    expect(loadConnections({ mcpconfig: file })[0]).toMatchObject({ name: 'shop', args: [path.join(ROOT, 'dist/mcps/db.js'), '--db', 'x.sqlite'] });
    expect(usageError(() => parseMcpOption('(bundled: tme)'))).toBe("mcp: no bundled server 'tme' (did you mean 'time'?); bundled: time, utils, db");
    expect(usageError(() => parseMcpOption("(bundled: time, cmd: 'node x.js')"))).toMatch(/'bundled' names a server of this package; it does not go with 'cmd'/);
  });

  it('work from any directory, for mini-a (bundled:, useutils=true) and for any client (mini-a-mcp)', () => {
    const elsewhere = tempDir('mini-a-elsewhere-');
    writeFileSync(path.join(elsewhere, 'note.txt'), 'hello from elsewhere\n');
    const r = runCli(['dispatch={"action":"call","tool":"filesystemQuery","arguments":{"operation":"read","path":"note.txt"}}', 'mcp=[(bundled: time)]', 'useutils=true', 'usedaemon=false'], { cwd: elsewhere });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).content[0].text).toBe('hello from elsewhere\n');
    // mini-a-mcp as a client would start it: a plain command with the server name.
    const viaBin = runCli(['dispatch={"action":"list","includeTools":false}', `mcp=[(command: '${process.execPath}', args: ['${MCP_BIN}', 'db', '--db', '${path.join(ROOT, 'examples/shop.sqlite')}'], name: shop)]`, 'usedaemon=false'], { cwd: elsewhere });
    expect(viaBin.code, viaBin.stderr).toBe(0);
    expect(JSON.parse(viaBin.stdout).connections[0]).toMatchObject({ name: 'shop', state: 'ready', server: { name: 'mini-a-db' } });
  });

  it('mini-a-mcp: --help lists the servers; an unknown name exits 2 with a suggestion', () => {
    const h = runCliBin(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Usage: mini-a-mcp <name>[\s\S]*time +current time[\s\S]*utils +files[\s\S]*db +SQLite/);
    const bad = runCliBin(['tim']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("mini-a-mcp: no bundled server 'tim' (did you mean 'time'?); bundled: time, utils, db (see mini-a-mcp --help)\n");
  });
});

function runCliBin(args: string[]) {
  const r = spawnSync(process.execPath, [MCP_BIN, ...args], { encoding: 'utf8', input: '' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
