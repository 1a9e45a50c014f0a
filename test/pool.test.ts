import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { ConnectionError } from '../src/mcp/connection.js';
import { Pool } from '../src/mcp/pool.js';
import { reaperPid } from '../src/util/reaper.js';
import { setLogLevel, setLogSink } from '../src/util/log.js';
import { tempDir } from './helpers/runtime.js';
import { alive, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const pools: Pool[] = [];
function pool(mcp: string, opts: ConstructorParameters<typeof Pool>[1] = {}): Pool {
  const p = new Pool(parseMcpOption(mcp), { baseDelayMs: 50, ...opts });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  setLogLevel('warn');
  setLogSink((l) => process.stderr.write(l + '\n'));
});

/** Pids of the direct children of this test process. */
function childPids(): number[] {
  try {
    // pgrep never lists itself (ps would).
    const out = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
    // The reaper lives as long as this process does (it ends what a killed mini-a leaves).
    return out.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0 && n !== reaperPid());
  } catch {
    return []; // exit 1: no children
  }
}

const toolText = (r: { content?: unknown }) => ((r.content as Array<{ text: string }>)[0]!).text;

describe('pool over real servers', () => {
  it('reads the catalogs of everything and filesystem', async () => {
    const dir = tempDir('mini-a-fs-');
    const p = pool(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(dir)}')]`);
    await p.connectAll();
    const [ev, fs] = p.connections;
    const evCat = await ev!.getCatalog();
    const fsCat = await fs!.getCatalog();
    expect(evCat.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env']));
    expect(evCat.prompts.length).toBeGreaterThan(0);
    expect(evCat.resources.length + evCat.resourceTemplates.length).toBeGreaterThan(0);
    expect(fsCat.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'list_directory', 'write_file']));
    const s = p.summarize(fs!);
    expect(s).toMatchObject({ alias: 'c2', name: 'filesystem', state: 'ready', transport: 'stdio', server: { name: 'secure-filesystem-server' } });
    expect(s.toolCount).toBe(fsCat.tools.length);
    expect(Date.parse(s.lastRefresh!)).toBeGreaterThan(Date.now() - 60_000);
    expect(p.resolve('c1')).toBe(ev);
    expect(p.resolve('everything')).toBe(ev);
    expect(p.resolve(ev!.id)).toBe(ev);
    expect(() => p.resolve('evrything')).toThrow(/unknown connection 'evrything' \(did you mean 'everything'\?\); known: c1\/everything, c2\/filesystem/);
  });

  it('mcplazy: nothing spawns until a request needs that connection', async () => {
    const before = childPids().length;
    const p = pool(`[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.everything}')]`);
    expect(p.connections.map((c) => c.state)).toEqual(['idle', 'idle']);
    expect(childPids().length).toBe(before);
    const r = await p.resolve('time').callTool('current_time', { timezone: 'UTC' });
    expect(JSON.parse(toolText(r)).timezone).toBe('UTC');
    expect(p.connections.map((c) => c.state)).toEqual(['ready', 'idle']);
    expect(childPids().length).toBe(before + 1);
  });

  it('eager start runs in parallel and records a failure without stopping the others', async () => {
    const p = pool(`[(cmd: '${SERVERS.time}'), (cmd: 'definitely-not-a-command-xyz'), (cmd: 'node -e "process.exit(4)"'), (cmd: '${SERVERS.everything}')]`);
    await p.connectAll();
    expect(p.connections.map((c) => c.state)).toEqual(['ready', 'failed', 'failed', 'ready']);
    expect(p.connections[1]!.error).toMatch(/command not found: definitely-not-a-command-xyz/);
    expect(p.connections[2]!.error).toMatch(/exited before it finished initializing/);
    await expect(p.connections[1]!.callTool('x', {})).rejects.toThrow(/^c2\/definitely-not-a-command-xyz: .*command not found: definitely-not-a-command-xyz/);
    const r = await p.connections[3]!.callTool('echo', { message: 'still here' });
    expect(toolText(r)).toBe('Echo: still here');
  });

  it('a server that crashes mid-call: the error names it, others keep working, the next call restarts it', async () => {
    const p = pool(`[(cmd: '${SERVERS.crashy}'), (cmd: '${SERVERS.time}')]`);
    await p.connectAll();
    const crashy = p.resolve('crashy');
    const pid1 = Number(toolText(await crashy.callTool('pid', {})));
    const err = await crashy.callTool('crash', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/^c1\/crashy: server exited \(exit code 3\) while calling 'crash'; it will be restarted on the next call/);
    expect(crashy.state).toBe('failed');
    expect(JSON.parse(toolText(await p.resolve('c2').callTool('current_time', {}))).iso).toBeTruthy();
    const pid2 = Number(toolText(await crashy.callTool('pid', {})));
    expect(pid2).not.toBe(pid1);
    expect(crashy.state).toBe('ready');
  });

  it('a server that keeps failing to restart gets a bounded backoff and a clear error', async () => {
    const dir = tempDir('mini-a-flaky-');
    const script = path.join(dir, 'flaky.mjs');
    // Works the first time, then refuses to start: the restart must give up with a clear message.
    writeFileSync(script, `import {existsSync, writeFileSync} from 'node:fs'; const m = ${JSON.stringify(path.join(dir, 'started'))}; if (existsSync(m)) { console.error('boom: cannot start again'); process.exit(1) } writeFileSync(m, '1'); await import(${JSON.stringify(path.join(ROOT, 'test/fixtures/crashy-server.mjs'))});`);
    const p = pool(`(cmd: 'node ${script}', name: flaky)`);
    const c = p.connections[0]!;
    await c.callTool('ok', {});
    await c.callTool('crash', {}).catch(() => {});
    const t0 = Date.now();
    const e = await c.callTool('ok', {}).catch((x) => x);
    expect(e.message).toMatch(/^c1\/flaky: could not be restarted after 3 attempts: .*boom: cannot start again/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(50 + 100);
    const again = await c.callTool('ok', {}).catch((x) => x);
    expect(again.message).toMatch(/^c1\/flaky: unavailable \(.*\); next restart attempt in \d+s/);
  });

  it('a server that hangs: the call times out, cancellation reaches the server, the run goes on', async () => {
    const p = pool(`[(cmd: '${SERVERS.hang}', timeout: 300)]`);
    const c = p.connections[0]!;
    const e = await c.callTool('hang', {}).catch((x) => x);
    expect(e.message).toBe("c1/hang: timed out after 300 ms calling 'hang' (cancellation sent to the server)");
    expect(await waitFor(async () => toolText(await c.callTool('cancelled', {})) === '1', 3000)).toBe(true);
    expect(c.state).toBe('ready');
    const e2 = await c.callTool('hang', {}, { timeoutMs: 100 }).catch((x) => x);
    expect(e2.message).toMatch(/timed out after 100 ms/);
  });

  it('noise on stdout and stderr is logged at debug level and never breaks the stream', async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    setLogLevel('debug');
    const p = pool(`(cmd: '${SERVERS.noisy}')`);
    const c = p.connections[0]!;
    for (let i = 0; i < 5; i++) expect(toolText(await c.callTool('shout', { text: `hi ${i}` }))).toBe(`HI ${i}`);
    expect(lines.some((l) => l.includes('[mini-a debug] [c1/noisy stdout] Starting noisy server'))).toBe(true);
    expect(lines.some((l) => l.includes('[c1/noisy stdout] {"not": "json-rpc"}'))).toBe(true);
    expect(lines.some((l) => l.includes('[c1/noisy stderr] stderr: handling shout'))).toBe(true);
  });

  it('an sh -c launcher leaves no grandchild after shutdown', async () => {
    const p = pool(`(cmd: "sh -c '${SERVERS.crashy}; true'", name: launched)`);
    const c = p.connections[0]!;
    const serverPid = Number(toolText(await c.callTool('pid', {})));
    const ppid = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(serverPid)], { encoding: 'utf8' }).trim());
    expect(ppid).not.toBe(process.pid); // the server is a grandchild, under sh
    expect(alive(serverPid)).toBe(true);
    await p.close();
    expect(alive(serverPid)).toBe(false);
    expect(alive(ppid)).toBe(false);
  });

  it('a server that ignores SIGTERM is killed after the grace period', async () => {
    const p = pool(`(cmd: "sh -c 'trap \\"\\" TERM; ${SERVERS.crashy}; sleep 30'", name: stubborn)`);
    const c = p.connections[0]!;
    const serverPid = Number(toolText(await c.callTool('pid', {})));
    await p.close();
    expect(alive(serverPid)).toBe(false);
    expect(childPids()).toEqual([]);
  }, 15_000);

  it('secrets never appear in listings, logs or errors', async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    setLogLevel('debug');
    const dir = tempDir('mini-a-sec-');
    const p = pool(
      `[(cmd: '${SERVERS.everything}', env: (MY_TOKEN: 'env-secret-value-2')), (cmd: '${SERVERS.utils(dir)} --api-key secret-arg-value-1'), (type: remote, url: 'http://u:url-pass-3@127.0.0.1:9/mcp', headers: (Authorization: 'Bearer header-secret-4'), startTimeout: 2000)]`,
    ); // only the unreachable remote gets a short start: under CI load the everything server can take over 2 s
    await p.connectAll();
    const env = toolText(await p.connections[0]!.callTool('get-env', {}));
    expect(env).toContain('env-secret-value-2'); // it did reach the server...
    expect(p.connections[1]!.state).toBe('ready');
    const remoteErr = await p.connections[2]!.callTool('x', {}).catch((e) => e.message);
    const everything = JSON.stringify([p.connections.map((c) => p.summarize(c)), lines, remoteErr, p.connections.map((c) => c.error)]);
    for (const s of ['secret-arg-value-1', 'env-secret-value-2', 'url-pass-3', 'header-secret-4']) expect(everything).not.toContain(s);
    expect(remoteErr).toMatch(/^c3\/127\.0\.0\.1:9: (unavailable|failed to start)/);
  });
});

describe('catalog freshness', () => {
  it('toolcachettl re-reads an expired catalog; list_changed re-reads at once', async () => {
    const p = pool(`(cmd: '${SERVERS.crashy}')`, { catalogTtlMs: 300 });
    const c = p.connections[0]!;
    const first = await c.getCatalog();
    expect(await c.getCatalog()).toBe(first); // cached
    await new Promise((r) => setTimeout(r, 350));
    const second = await c.getCatalog();
    expect(second).not.toBe(first);
    expect(second.refreshedAt).toBeGreaterThan(first.refreshedAt);
    // The server adds a tool and says tools/list_changed: the next read sees it, no refresh asked.
    await c.callTool('grow', {});
    expect(await waitFor(async () => (await c.getCatalog()).tools.some((t) => t.name === 'extra-1'), 3000)).toBe(true);
  });
});

describe('a search indexes each catalog as it arrives', () => {
  it("a server too slow for the first search's deadline is in the index once its list comes, before any other search", async () => {
    const p = pool(`[(cmd: '${SERVERS.everything}'), (cmd: 'node ${ROOT}/test/fixtures/edge-server.mjs --slow-list 6000', name: slow)]`);
    const d = new Dispatcher(p, { threshold: 0, toon: false, listTimeoutMs: 3000 });
    // The index is private; its connections say what was indexed without a search that would index them itself.
    const indexed = () => (d as unknown as { ctx: { index: { connections: string[] } } }).ctx.index.connections;
    const first = (await d.dispatch({ action: 'search', query: 'report progress' })) as { results: Array<{ connection: string }>; unavailable?: string[] };
    expect(first.unavailable?.join(' ')).toMatch(/c2\/slow: no answer within 3000 ms/);
    expect(first.results.map((r) => r.connection)).not.toContain('c2');
    expect(indexed()).toEqual(['c1']);
    expect(await waitFor(() => indexed().includes('c2'), 15_000)).toBe(true);
    const second = (await d.dispatch({ action: 'search', query: 'report progress' })) as { results: Array<{ connection: string; tool: string }> };
    expect(second.results.map((r) => `${r.connection}/${r.tool}`)).toContain('c2/progress');
  });

  it('a list or a call does not index (only a search needs the index)', async () => {
    const p = pool(`[(cmd: '${SERVERS.everything}')]`);
    const d = new Dispatcher(p, { threshold: 0, toon: false, listTimeoutMs: 30_000 });
    const indexed = () => (d as unknown as { ctx: { index: { connections: string[] } } }).ctx.index.connections;
    await d.dispatch({ action: 'list' });
    await d.dispatch({ action: 'call', tool: 'echo', arguments: { message: 'hi' } });
    expect(indexed()).toEqual([]);
    await d.dispatch({ action: 'search', query: 'echo' });
    expect(indexed()).toEqual(['c1']);
  });
});
