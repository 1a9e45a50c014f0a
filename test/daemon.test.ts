import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/runtime.js';
import { alive, SERVERS, waitFor } from './helpers/servers.js';

// Each test file gets its own runtime directory: no other test (or a developer's daemon) is seen.
const runtime = tempDir('mini-a-xdg-');
chmodSync(runtime, 0o700);
const env = { XDG_RUNTIME_DIR: runtime };
const sockDir = path.join(runtime, 'mini-a');
const MCP = `mcp=[(cmd: '${SERVERS.crashy}', name: crashy)]`;
const cli = (args: string[], extra: NodeJS.ProcessEnv = {}, input?: string) => runCli(args, { env: { ...env, ...extra }, input });
const pidOf = (args: string[]) => {
  const r = cli(['dispatch={"action":"call","tool":"pid"}', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return Number(JSON.parse(r.stdout).content[0].text);
};
const sockets = () => (existsSync(sockDir) ? readdirSync(sockDir).filter((f) => f.endsWith('.sock')) : []);

afterAll(() => {
  cli(['daemon', 'stop']);
});

/** Sends raw bytes to a socket and collects what comes back until it closes (or 3 s). */
function raw(socketPath: string, data: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    let got = '';
    s.on('data', (d) => (got += d));
    s.on('error', () => {});
    s.on('close', () => resolve(got));
    s.on('connect', () => s.write(data));
    setTimeout(() => s.destroy(), 3000);
  });
}

describe('warm daemon', () => {
  it('keepalive=true starts a daemon behind a 0600 socket in a 0700 directory; later calls reuse its servers and spills', () => {
    const cold = pidOf([MCP, 'usedaemon=false']);
    const first = pidOf([MCP, 'keepalive=true', 'daemonidle=60000']);
    expect(first).not.toBe(cold);
    expect(statSync(sockDir).mode & 0o777).toBe(0o700);
    const [sock] = sockets();
    expect(sock).toMatch(/^d-[0-9a-f]{24}\.sock$/);
    expect(statSync(path.join(sockDir, sock!)).mode & 0o777).toBe(0o600);
    // No keepalive needed now: a running daemon for this configuration is used.
    expect(pidOf([MCP])).toBe(first);
    expect(pidOf([MCP])).toBe(first);
    // A spill made through the daemon is read back by a later command.
    const spilled = cli(['dispatch={"action":"call","tool":"big","arguments":{"lines":500},"resultToFile":true}', MCP]);
    const file = JSON.parse(spilled.stdout).resultFile as string;
    const grep = cli([`dispatch={"action":"readresult","resultFile":"${file}","op":"grep","pattern":"line 498:"}`, MCP]);
    expect(grep.code, grep.stderr).toBe(0);
    expect(grep.stdout).toContain('line 498: needle');
    // dispatch=- goes through it too, in order.
    const lines = cli(['dispatch=-', MCP], {}, '{"action":"call","tool":"pid"}\nnot json\n{"action":"call","tool":"ok","arguments":{"text":"x"}}\n');
    expect(lines.code).toBe(1);
    const out = lines.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((x) => x.content?.[0].text ?? x.error)).toEqual([String(first), expect.stringMatching(/^stdin line 2: invalid JSON: /), 'fine x']);
    const status = cli(['daemon', 'status']);
    expect(status.stdout).toMatch(/pid \d+ {2}d-[0-9a-f]+\.sock {2}cwd .*\n {2}c1\/crashy ready\n {2}\d+ request\(s\), idle \d+ s of 60 s/);
  });

  it('another configuration never reaches that daemon: a changed option or config file runs cold', async () => {
    const warm = pidOf([MCP]);
    expect(pidOf([MCP, 'mcptimeout=5000'])).not.toBe(warm);
    const dir = tempDir('mini-a-cfg-');
    const cfg = path.join(dir, 'mcp.json');
    const write = (v: string) => writeFileSync(cfg, JSON.stringify({ mcpServers: { crashy: { command: 'node', args: [SERVERS.crashy.split(' ')[1]], env: { V: v } } } }));
    write('one');
    const a = pidOf([`mcpconfig=${cfg}`, 'keepalive=true']);
    expect(pidOf([`mcpconfig=${cfg}`])).toBe(a);
    write('two'); // the file changed: its hash no longer matches that daemon
    expect(pidOf([`mcpconfig=${cfg}`])).not.toBe(a);
    expect(sockets().length).toBe(2);
    expect(cli(['daemon', 'stop', `mcpconfig=${cfg}`]).stderr).toContain('stopped 0 daemon(s)');
    write('one');
    expect(cli(['daemon', 'stop', `mcpconfig=${cfg}`]).stderr).toContain('stopped 1 daemon(s)');
    expect(await waitFor(() => !alive(a), 5000)).toBe(true);
  });

  it('hostile input on the socket: oversized, malformed and unknown messages get an error, the daemon keeps serving', async () => {
    const warm = pidOf([MCP]);
    const sock = path.join(sockDir, sockets()[0]!);
    expect(await raw(sock, Buffer.alloc(9 * 1024 * 1024, 'a'))).toContain('"error":"message over 8388608 bytes"');
    expect(await raw(sock, '{"v":1,"op":\n')).toContain('not valid JSON');
    const unknown = await raw(sock, '{"v":1,"op":"exec","cmd":"rm -rf /"}\n{"v":9,"op":"ping"}\n[1]\n{"v":1,"op":"dispatch","hash":"0","request":{"action":"list"}}\n');
    expect(unknown.trim().split('\n').map((l) => JSON.parse(l).error)).toEqual([
      'unknown op "exec"; ops: ping, status, dispatch, stop',
      'protocol version 9 is not 1',
      'a message must be a JSON object',
      'this daemon serves another configuration',
    ]);
    expect(pidOf([MCP])).toBe(warm);
  });

  it('an idle daemon stops by itself, ending its servers and removing its socket', async () => {
    const pid = pidOf([MCP, 'mcplazy=true', 'keepalive=true', 'daemonidle=1000']);
    const before = sockets().length;
    expect(await waitFor(() => !alive(pid), 10_000)).toBe(true);
    expect(await waitFor(() => sockets().length === before - 1, 3000)).toBe(true);
  });

  it('a runtime directory open to others is refused: the call runs cold and says why', () => {
    const open = tempDir('mini-a-xdg-open-');
    mkdirSync(path.join(open, 'mini-a'), { mode: 0o755 });
    chmodSync(path.join(open, 'mini-a'), 0o755);
    const r = cli(['dispatch={"action":"call","tool":"pid"}', MCP, 'keepalive=true'], { XDG_RUNTIME_DIR: open });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/daemon: .*mini-a is open to other users \(mode 755\); refusing/);
    expect(readdirSync(path.join(open, 'mini-a'))).toEqual([]);
  });
});
