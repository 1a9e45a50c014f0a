import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/http-server.js';
import { tempDir } from './helpers/runtime.js';
import { alive, BIN, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const text = (r: unknown) => ((r as { content: Array<{ text: string }> }).content[0]!.text);
/** A proxy-dispatch answer: a call's content blocks come after the envelope's text block. */
const dispatch = async (c: Client, args: Record<string, unknown>) => {
  const r = (await c.callTool({ name: 'proxy-dispatch', arguments: args })) as { content: Array<{ text: string }> };
  const head = JSON.parse(r.content[0]!.text);
  return head.action === 'call' && head.content === undefined && !head.resultFile ? { ...head, content: r.content.slice(1) } : head;
};

function pgrep(marker: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', '--', marker], { encoding: 'utf8' }).trim().split('\n').map(Number).filter((n) => n !== process.pid);
  } catch {
    return [];
  }
}

/** Starts mini-a-proxy over HTTP and waits for its "serving" line. */
async function startHttpProxy(args: string[], env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN.miniAProxy, 'transport=http', `port=${port}`, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no serving line: ${stderr}`)), 20_000);
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (stderr.includes('serving')) {
        clearTimeout(t);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, url: `http://127.0.0.1:${port}/mcp`, base: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}

async function httpClient(url: string, token?: string) {
  const c = new Client({ name: 'test', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}));
  return c;
}

describe('mini-a-proxy over stdio', () => {
  it('lists exactly proxy-dispatch, and calls reach real servers', async () => {
    const c = new Client({ name: 'test', version: '1' });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.time}')]`, 'mcplazy=true'], cwd: ROOT, stderr: 'ignore' }));
    try {
      const tools = await c.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['proxy-dispatch']);
      expect(c.getServerVersion()?.name).toBe('mini-a-proxy');
      expect((await dispatch(c, { action: 'call', tool: 'echo', arguments: { message: 'over stdio' } })).content[0].text).toBe('Echo: over stdio');
      const s = await dispatch(c, { action: 'search', query: 'convert time zones' });
      expect(s.results[0]).toMatchObject({ connection: 'c2', tool: 'convert_time' });
      const bad = await c.callTool({ name: 'proxy-dispatch', arguments: { action: 'nope' } });
      expect(bad.isError).toBe(true);
    } finally {
      await c.close();
    }
  });

  it('the official MCP Inspector (CLI mode) lists and calls tools through it', () => {
    const inspector = path.join(ROOT, 'node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');
    const proxy = [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.time}')]`];
    const list = JSON.parse(execFileSync(process.execPath, [inspector, '--cli', process.execPath, ...proxy, '--method', 'tools/list'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }));
    expect(list.tools.map((t: { name: string }) => t.name)).toEqual(['proxy-dispatch']);
    const call = JSON.parse(
      execFileSync(process.execPath, [inspector, '--cli', process.execPath, ...proxy, '--method', 'tools/call', '--tool-name', 'proxy-dispatch', '--tool-arg', 'action=call', 'tool=current_time', 'arguments={"timezone":"Asia/Tokyo"}'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }),
    );
    // The envelope first, then the server's own content blocks as it sent them.
    expect(JSON.parse(call.content[0].text)).toMatchObject({ action: 'call', tool: 'current_time', connection: 'c1' });
    expect(JSON.parse(call.content[1].text)).toMatchObject({ timezone: 'Asia/Tokyo', utcOffset: '+09:00' });
  });

  it('exits when its stdin closes, ending its children', async () => {
    const marker = `--stdin-close-${process.pid}`;
    const child = spawn(process.execPath, [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.crashy} ${marker}')]`], { cwd: ROOT, stdio: ['pipe', 'ignore', 'ignore'] });
    expect(await waitFor(() => pgrep(marker).length > 0, 10_000)).toBe(true);
    const exited = new Promise((r) => child.once('exit', (code) => r(code)));
    child.stdin!.end();
    expect(await exited).toBe(0);
    expect(await waitFor(() => pgrep(marker).length === 0, 5000)).toBe(true);
  });
});

describe('mini-a-proxy over Streamable HTTP', () => {
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  const TOKEN = 'test-token-7f3a9c';
  beforeAll(async () => {
    proxy = await startHttpProxy([`mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.time}')]`, `token=${TOKEN}`]);
  });
  afterAll(async () => {
    // SIGTERM, not SIGKILL: mini-a-proxy cleans up (children, spill directory) only when it can.
    proxy?.child.kill('SIGTERM');
    await proxy?.exited;
  });

  it('refuses requests without the token, or with a wrong one (401)', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>) => fetch(proxy.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(init) });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await none.json()).error.message).toMatch(/missing bearer token/);
    const wrong = await post({ authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toBe('invalid bearer token');
    expect((await post({ authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    await expect(httpClient(proxy.url, 'wrong')).rejects.toThrow();
  });

  it('200 concurrent calls over two downstream servers each come back with their own answer', async () => {
    const clients = await Promise.all([0, 1, 2, 3].map(() => httpClient(proxy.url, TOKEN)));
    try {
      for (const c of clients) expect((await c.listTools()).tools.map((t) => t.name)).toEqual(['proxy-dispatch']);
      const zones = ['UTC', 'Asia/Tokyo', 'Europe/Lisbon', 'America/New_York'];
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const c = clients[i % clients.length]!;
          if (i % 2 === 0) return { i, r: await dispatch(c, { action: 'call', tool: 'echo', arguments: { message: `msg-${i}` } }) };
          return { i, r: await dispatch(c, { action: 'call', tool: 'current_time', arguments: { timezone: zones[i % 4] } }) };
        }),
      );
      for (const { i, r } of results) {
        if (i % 2 === 0) expect(r.content[0].text).toBe(`Echo: msg-${i}`);
        else expect(JSON.parse(r.content[0].text).timezone).toBe(zones[i % 4]);
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('/health shows each connection up or down, never how it runs; /metrics exposes Prometheus metrics (token required)', async () => {
    const h = await (await fetch(`${proxy.base}/health`)).json();
    expect(h.status).toBe('ok');
    expect(h.connections).toEqual([{ alias: 'c1', name: 'everything', state: 'ready' }, { alias: 'c2', name: 'time', state: 'ready' }]);
    // The token shows no more: command lines and URLs are in no answer.
    const withToken = await (await fetch(`${proxy.base}/health`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(JSON.parse(withToken).connections).toEqual(h.connections);
    expect(withToken).not.toMatch(/server-everything|dist\/mcps|node /);
    // A request whose Host is not loopback (DNS rebinding) is refused.
    const rebind = await new Promise<number>((resolve, reject) => {
      // fetch will not send a foreign Host header; node:http will.
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
      const r = http.request(proxy.url, { method: 'POST', headers: { host: 'evil.example:80', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      r.on('error', reject);
      r.end(body);
    });
    expect(rebind).toBe(403);
    // So are /health and /metrics, token or not.
    for (const path of ['/health', '/metrics']) {
      const foreign = await new Promise<number>((resolve, reject) => {
        const r = http.request(`${proxy.base}${path}`, { headers: { host: 'evil.example:80', authorization: `Bearer ${TOKEN}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        r.on('error', reject);
        r.end();
      });
      expect(foreign).toBe(403);
    }
    expect((await fetch(`${proxy.base}/metrics`)).status).toBe(401);
    const m = await (await fetch(`${proxy.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(m).toMatch(/mini_a_requests_total\{action="call",connection="c1"\} \d+/);
    expect(m).toMatch(/mini_a_request_duration_seconds_bucket\{le="0\.005",action="call",connection="c2"\} \d+/);
    expect(m).toContain('mini_a_bytes_kept_out_total');
    expect(m).not.toContain(TOKEN);
  });

  it('rate limit: over N/min, 429 with Retry-After', async () => {
    const limited = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}')]`, 'ratelimit=5/min', 'mcplazy=true']);
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 7; i++) {
        const r = await fetch(limited.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) });
        statuses.push(r.status);
        if (r.status === 429) retryAfter = r.headers.get('retry-after');
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      limited.child.kill('SIGTERM');
      await limited.exited;
    }
  });
});

describe('transparent mode', () => {
  it('aggregates tools, resources and prompts of everything and filesystem with cursor pagination, and passes list_changed on', async () => {
    const dir = tempDir('mini-a-tr-');
    const c = new Client({ name: 'test', version: '1' });
    await c.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(dir)}'), (cmd: '${SERVERS.crashy}')]`, 'mode=transparent', 'namespace=alias', 'pagesize=5'], cwd: ROOT, stderr: 'ignore' }),
    );
    try {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const r = await c.listTools(cursor ? { cursor } : {});
        expect(r.tools.length).toBeLessThanOrEqual(5);
        names.push(...r.tools.map((t) => t.name));
        cursor = r.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBeGreaterThan(5);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expect.arrayContaining(['c1__echo', 'c1__get-sum', 'c2__read_text_file', 'c2__list_directory', 'c3__grow']));
      expect(text(await c.callTool({ name: 'c1__echo', arguments: { message: 'transparent' } }))).toBe('Echo: transparent');
      expect(text(await c.callTool({ name: 'c2__list_allowed_directories', arguments: {} }))).toContain(path.basename(dir));
      const res = await c.listResources();
      const first = res.resources[0]!;
      expect(first.uri).toMatch(/^proxy:\/\/c1\//);
      const read = await c.readResource({ uri: first.uri });
      expect(read.contents[0]!.uri).toBe(first.uri);
      const prompts = await c.listPrompts();
      expect(prompts.prompts.map((p) => p.name)).toContain('c1__simple-prompt');
      const p = await c.getPrompt({ name: 'c1__args-prompt', arguments: { city: 'Porto' } });
      expect(JSON.stringify(p.messages)).toContain('Porto');
      // list_changed from a downstream server reaches the client, and the new tool is listed.
      let changed = 0;
      c.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        changed++;
      });
      await c.callTool({ name: 'c3__grow', arguments: {} });
      expect(await waitFor(() => changed > 0, 5000)).toBe(true);
      const all: string[] = [];
      cursor = undefined;
      do {
        const r = await c.listTools(cursor ? { cursor } : {});
        all.push(...r.tools.map((t) => t.name));
        cursor = r.nextCursor;
      } while (cursor);
      expect(all).toContain('c3__extra-1');
      expect(text(await c.callTool({ name: 'c3__extra-1', arguments: {} }))).toBe('extra 1');
      await expect(c.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/unknown tool 'nope'/);
    } finally {
      await c.close();
    }
  });
});

describe('shutdown', () => {
  it('SIGTERM leaves no child process and no temp file', async () => {
    const tmp = tempDir('mini-a-px-');
    const marker = `--sigterm-${process.pid}`;
    const p = await startHttpProxy([`mcp=[(cmd: '${SERVERS.crashy} ${marker}'), (cmd: "sh -c '${SERVERS.crashy} ${marker}-launched; true'")]`, 'mcpproxythreshold=1'], { TMPDIR: tmp });
    const c = await httpClient(p.url);
    const r = await dispatch(c, { action: 'call', tool: 'ok', connection: 'c1', arguments: { text: 'spill me' } });
    expect(r.resultFile).toContain(tmp);
    await c.close();
    expect(pgrep(marker).length).toBeGreaterThanOrEqual(2);
    p.child.kill('SIGTERM');
    await p.exited;
    expect(await waitFor(() => pgrep(marker).length === 0, 5000)).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('parent death (stdio mode): the watchdog ends mini-a-proxy and its children', async () => {
    const marker = `--orphan-${process.pid}`;
    // A parent that starts mini-a-proxy over stdio and is then killed. The proxy's stdin is a FIFO
    // opened read-write, so it never sees end-of-file: only the watchdog can notice the parent is gone.
    const fifo = path.join(tempDir('mini-a-fifo-'), 'stdin');
    execFileSync('mkfifo', [fifo]);
    const parentScript = `const { spawn } = require('node:child_process');
      const fd = require('node:fs').openSync(${JSON.stringify(fifo)}, 'r+');
      const c = spawn(process.execPath, [${JSON.stringify(BIN.miniAProxy)}, "mcp=[(cmd: '${SERVERS.crashy} ${marker}')]"], { stdio: [fd, 'ignore', 'ignore'] });
      console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentScript], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    const proxyPid = Number(await new Promise<string>((r) => parent.stdout!.once('data', (d) => r(String(d).trim()))));
    try {
      // Servers start when the first client initializes: send one through the FIFO.
      writeFileSync(fifo, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) + '\n');
      // Started when its downstream server runs (a child of the proxy; a pattern alone would match the parent's script too).
      const children = () => {
        try {
          return execFileSync('pgrep', ['-P', String(proxyPid), '-f', 'crashy-server.mjs'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
        } catch {
          return 0;
        }
      };
      expect(await waitFor(() => children() > 0, 15_000, 100)).toBe(true);
      parent.kill('SIGKILL');
      expect(await waitFor(() => !alive(proxyPid), 8000)).toBe(true);
      expect(await waitFor(() => pgrep(marker).length === 0, 5000)).toBe(true);
    } finally {
      if (alive(proxyPid)) process.kill(proxyPid, 'SIGTERM');
    }
  });
});
