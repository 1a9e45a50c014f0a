import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMcpConfigFile } from '../src/config/mcpconfig.js';
import { parseMcpOption, uniqueNames } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Policy } from '../src/mcp/policy.js';
import { Pool } from '../src/mcp/pool.js';
import { ResultCache } from '../src/mcp/result-cache.js';
import { tokenHash } from '../src/server/tokens.js';
import { startHttpProxy, type HttpProxy } from './helpers/proxy-process.js';
import { tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const EDGE = `node ${ROOT}/test/fixtures/edge-server.mjs`;
const text = (r: unknown) => ((r as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('\n'));
const answer = (r: unknown) => JSON.parse((r as { content: Array<{ text: string }> }).content[0]!.text) as Record<string, unknown>;

/** A dispatcher over real servers with the given global rules (and the servers' own). */
function dispatcherWith(mcp: string, global?: ConstructorParameters<typeof Policy>[0], cache?: ResultCache) {
  const pool = new Pool(uniqueNames(parseMcpOption(mcp)), { policy: new Policy(global), hooks: new LocalClientHooks({ elicit: 'decline' }), ...(cache ? { cache } : {}) });
  const d = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [ROOT], listTimeoutMs: 30_000 });
  return { pool, d: (req: unknown) => d.dispatch(req), close: () => pool.close() };
}

describe('tool policy (config)', () => {
  it("a server's deny rule hides the tool from list, search and info, and a call says which rule refused it", async () => {
    const rt = dispatcherWith(`[(cmd: '${SERVERS.everything}', tools: (deny: ['get-env', 'gzip-*']))]`);
    try {
      const listed = JSON.stringify(await rt.d({ action: 'list', limit: 100 }));
      expect(listed).toContain('"echo"');
      expect(listed).not.toContain('get-env');
      expect(listed).not.toContain('gzip-file-as-resource');
      const found = (await rt.d({ action: 'search', query: 'environment variables' })) as { results: Array<{ tool: string }> };
      expect(found.results.map((r) => r.tool)).not.toContain('get-env');
      const info = await rt.d({ action: 'info', tool: 'get-env' });
      expect(info.error).toMatch(/tool 'get-env' \(c1\/everything\) is refused by deny 'get-env' of server 'everything'/);
      const call = await rt.d({ action: 'call', tool: 'gzip-file-as-resource', arguments: {} });
      expect(call.error).toMatch(/refused by deny 'gzip-\*' of server 'everything'/);
    } finally {
      await rt.close();
    }
  });

  it('batch and code mode go through the same rules', async () => {
    const rt = dispatcherWith(`[(cmd: '${SERVERS.everything}', tools: (deny: ['get-env']))]`);
    try {
      const b = (await rt.d({ action: 'batch', calls: [{ tool: 'echo', arguments: { message: 'ok' } }, { tool: 'get-env', arguments: {} }] })) as { results: Array<{ isError?: boolean; error?: string }> };
      expect(b.results[0]!.isError).toBeUndefined();
      expect(b.results[1]!.error).toMatch(/refused by deny 'get-env' of server 'everything'/);
      const r = await rt.d({ action: 'run', code: "try { await mcp.call('get-env', {}); return 'called'; } catch (e) { return String(e.message ?? e); }" });
      expect(JSON.stringify(r)).toMatch(/refused by deny 'get-env' of server 'everything'/);
    } finally {
      await rt.close();
    }
  });

  it('readOnly: true keeps only tools marked readOnlyHint; a global allow list names servers with server/tool', async () => {
    const rt = dispatcherWith(`[(cmd: '${SERVERS.everything}', readOnly: true), (cmd: '${SERVERS.time}')]`, { allow: ['everything/*', 'time/current_time'] });
    try {
      const r = (await rt.d({ action: 'list', limit: 100 })) as { connections: Array<{ name: string; tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean } }> }> };
      const every = r.connections.find((c) => c.name === 'everything')!.tools;
      expect(every.length).toBeGreaterThan(0);
      expect(every.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      expect(r.connections.find((c) => c.name === 'time')!.tools.map((t) => t.name)).toEqual(['current_time']);
      expect(every.map((t) => t.name)).not.toContain('toggle-simulated-logging');
      expect((await rt.d({ action: 'call', tool: 'toggle-simulated-logging', arguments: {} })).error).toMatch(/readOnly of server 'everything'/);
      expect((await rt.d({ action: 'call', tool: 'convert_time', arguments: {} })).error).toMatch(/the allow list of the global tools= policy/);
      expect((await rt.d({ action: 'call', tool: 'current_time', arguments: { timezone: 'UTC' } })).isError).toBeUndefined();
    } finally {
      await rt.close();
    }
  });

  it("other clients' tool keys in mcpServers files (includeTools, excludeTools, disabledTools) are honoured", () => {
    const dir = tempDir();
    const file = path.join(dir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'node', args: ['x.js'], includeTools: ['read_*'], excludeTools: ['read_secret'] }, b: { command: 'node', args: ['y.js'], disabledTools: ['rm'] } } }));
    const [a, b] = loadMcpConfigFile(file);
    expect(a!.tools).toEqual({ allow: ['read_*'], deny: ['read_secret'] });
    expect(b!.tools).toEqual({ deny: ['rm'] });
  });

  it('transparent mode and code paths go through the same rules: a hidden tool is neither listed nor callable', async () => {
    const c = new Client({ name: 'policy', version: '1' });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.everything}')]`, 'mode=transparent', "tools=(deny: ['everything/get-env'])"], cwd: ROOT, stderr: 'ignore' }));
    try {
      const names = (await c.listTools()).tools.map((t) => t.name);
      expect(names).toContain('everything__echo');
      expect(names).not.toContain('everything__get-env');
      const r = await c.callTool({ name: 'everything__get-env', arguments: {} });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/refused by deny 'everything\/get-env' of the global tools= policy/);
    } finally {
      await c.close();
    }
  });
});

describe('result cache', () => {
  it('read-only tools are answered from the cache per arguments, until the TTL; others never; cache: false skips it', async () => {
    const cache = new ResultCache({ ttlMs: 400, maxBytes: 1_000_000 });
    const rt = dispatcherWith(`(cmd: '${EDGE}')`, undefined, cache);
    const n = async (req: Record<string, unknown>) => ((await rt.d({ action: 'call', ...req })) as { content: Array<{ text: string }> }).content[0]!.text;
    try {
      const first = await n({ tool: 'count', arguments: { label: 'a' } });
      expect(await n({ tool: 'count', arguments: { label: 'a' } })).toBe(first);
      expect(await n({ tool: 'count', arguments: { label: 'b' } })).not.toBe(first);
      expect(await n({ tool: 'count', arguments: { label: 'a' }, cache: false })).not.toBe(first);
      const bumped = await n({ tool: 'bump' });
      expect(await n({ tool: 'bump' })).not.toBe(bumped);
      await new Promise((r) => setTimeout(r, 500));
      expect(await n({ tool: 'count', arguments: { label: 'a' } })).not.toBe(first);
      expect(cache.hits).toBe(1);
    } finally {
      await rt.close();
    }
  });

  it("a server's cache: (ttl, tools) caches tools it names even without readOnlyHint", async () => {
    const cache = new ResultCache({ ttlMs: 0, maxBytes: 1_000_000 });
    const rt = dispatcherWith(`(cmd: '${EDGE}', cache: (ttl: 60000, tools: ['bu*']))`, undefined, cache);
    try {
      const a = text(await rt.d({ action: 'call', tool: 'bump' }));
      expect(text(await rt.d({ action: 'call', tool: 'bump' }))).toBe(a);
    } finally {
      await rt.close();
    }
  });
});

/** An SDK client over HTTP with a bearer token. */
async function tokenClient(url: string, token: string): Promise<Client> {
  const c = new Client({ name: 'token-client', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return c;
}

describe('per-token access over HTTP', () => {
  const dir = tempDir('mini-a-tokens-');
  const tokensFile = path.join(dir, 'tokens.json');
  const NARROW = 'narrow-token-abcdef-123456';
  const WIDE = 'wide-token-zyxwvu-987654';
  const LATER = 'later-token-qwerty-555555';
  writeFileSync(tokensFile, JSON.stringify({ tokens: [{ name: 'narrow', sha256: tokenHash(NARROW), servers: ['time'], tools: { allow: ['current_time'] } }, { name: 'wide', sha256: tokenHash(WIDE) }] }));
  let proxy: HttpProxy;
  let transparent: HttpProxy;
  afterAll(async () => {
    for (const p of [proxy, transparent]) {
      if (!p) continue;
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  it('a narrow token cannot reach other servers or tools by any action; a wide one can', async () => {
    proxy = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.everything}')]`, `tokens=${tokensFile}`]);
    const narrow = await tokenClient(proxy.url, NARROW);
    const wide = await tokenClient(proxy.url, WIDE);
    const d = async (c: Client, args: Record<string, unknown>) => answer(await c.callTool({ name: 'proxy-dispatch', arguments: args }));
    try {
      const listed = JSON.stringify(await d(narrow, { action: 'list', limit: 100 }));
      expect(listed).toContain('current_time');
      expect(listed).not.toContain('convert_time');
      expect(listed).not.toContain('everything');
      const hits = (await d(narrow, { action: 'search', query: 'echo a message' })) as { results: Array<{ tool: string; connection: string }> };
      expect(hits.results.every((h) => h.tool === 'current_time')).toBe(true);
      expect((await d(narrow, { action: 'call', tool: 'echo', connection: 'everything', arguments: { message: 'x' } })).error).toMatch(/refused by the servers of token 'narrow'/);
      expect((await d(narrow, { action: 'call', tool: 'convert_time', arguments: {} })).error).toMatch(/refused by the allow list of token 'narrow'/);
      expect((await d(narrow, { action: 'info', tool: 'echo' })).error).toMatch(/unknown tool 'echo'/);
      expect((await d(narrow, { action: 'call', tool: 'current_time', arguments: { timezone: 'UTC' } })).isError).toBeUndefined();
      expect(text(await wide.callTool({ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'echo', arguments: { message: 'wide' } } }))).toContain('Echo: wide');
      // A session belongs to its token.
      const res = await fetch(proxy.url, { method: 'POST', headers: { authorization: `Bearer ${WIDE}`, 'mcp-session-id': (narrow.transport as StreamableHTTPClientTransport).sessionId!, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }) });
      expect(res.status).toBe(403);
      // Refusals are logged without the token.
      await fetch(proxy.url, { method: 'POST', headers: { authorization: 'Bearer not-a-token-at-all', 'content-type': 'application/json' }, body: '{}' });
      expect(await waitFor(() => proxy.stderr().includes('refused: an unknown token'), 5000)).toBe(true);
      for (const t of [NARROW, WIDE, 'not-a-token-at-all']) expect(proxy.stderr()).not.toContain(t);
    } finally {
      await narrow.close();
      await wide.close();
    }
  });

  it('the tokens file is read again when it changes', async () => {
    await expect(tokenClient(proxy.url, LATER)).rejects.toThrow();
    writeFileSync(tokensFile, JSON.stringify({ tokens: [{ name: 'later', sha256: tokenHash(LATER), readOnly: true }] }));
    expect(await waitFor(async () => tokenClient(proxy.url, LATER).then((c) => (void c.close(), true), () => false), 8000, 250)).toBe(true);
    await expect(tokenClient(proxy.url, WIDE)).rejects.toThrow();
  });

  it('transparent mode lists only what the token may reach', async () => {
    writeFileSync(tokensFile, JSON.stringify({ tokens: [{ name: 'narrow', sha256: tokenHash(NARROW), servers: ['time'], tools: { allow: ['current_time'] } }] }));
    transparent = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.everything}')]`, `tokens=${tokensFile}`, 'mode=transparent']);
    const c = await tokenClient(transparent.url, NARROW);
    try {
      expect((await c.listTools()).tools.map((t) => t.name)).toEqual(['time__current_time']);
      const r = await c.callTool({ name: 'everything__echo', arguments: { message: 'no' } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/refused by the servers of token 'narrow'/);
    } finally {
      await c.close();
    }
  });
});

describe('live servers', () => {
  it('the control API adds, restarts and removes servers; a connected client gets list_changed; off without its token', async () => {
    const CONTROL = 'control-secret-777777';
    const p = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}')]`, 'mode=transparent', `controltoken=${CONTROL}`]);
    const c = new Client({ name: 'live', version: '1' });
    let changed = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    await c.connect(new StreamableHTTPClientTransport(new URL(p.url)));
    const control = (method: string, route: string, body?: unknown, token = CONTROL) =>
      fetch(`${p.base}/control${route}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    try {
      expect((await c.listTools()).tools.map((t) => t.name)).not.toContain('everything__echo');
      expect((await control('GET', '/servers', undefined, 'wrong')).status).toBe(401);
      const added = await control('POST', '/servers', { mcp: `(cmd: '${SERVERS.everything}')` });
      expect(added.status, await added.clone().text()).toBe(201);
      expect(await waitFor(() => changed > 0, 8000)).toBe(true);
      expect((await c.listTools()).tools.map((t) => t.name)).toContain('everything__echo');
      expect(text(await c.callTool({ name: 'everything__echo', arguments: { message: 'live' } }))).toBe('Echo: live');
      expect((await control('POST', '/servers/everything/restart')).status).toBe(200);
      expect(text(await c.callTool({ name: 'everything__echo', arguments: { message: 'again' } }))).toBe('Echo: again');
      const before = changed;
      expect((await control('DELETE', '/servers/everything')).status).toBe(200);
      expect(await waitFor(() => changed > before, 8000)).toBe(true);
      expect((await c.listTools()).tools.map((t) => t.name)).not.toContain('everything__echo');
      expect((await control('DELETE', '/servers/nope')).status).toBe(404);
      const listing = JSON.stringify(await (await control('GET', '/servers')).json());
      expect(listing).toContain('"name":"time"');
    } finally {
      await c.close();
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  it('SIGHUP and watchconfig=true read mcpconfig again: a server added there appears without dropping the session', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'servers.json');
    const [node, time] = SERVERS.time.split(' ');
    const [, everything] = SERVERS.everything.split(' ');
    writeFileSync(file, JSON.stringify({ mcpServers: { time: { command: node, args: [time] } } }));
    const p = await startHttpProxy([`mcpconfig=${file}`, 'mode=transparent', 'watchconfig=true']);
    const c = new Client({ name: 'reload', version: '1' });
    let changed = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed++;
    });
    await c.connect(new StreamableHTTPClientTransport(new URL(p.url)));
    try {
      expect((await c.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['time__current_time']));
      writeFileSync(file, JSON.stringify({ mcpServers: { time: { command: node, args: [time] }, everything: { command: node, args: [everything] } } }));
      expect(await waitFor(() => changed > 0, 10_000, 100)).toBe(true);
      expect((await c.listTools()).tools.map((t) => t.name)).toContain('everything__echo');
      const before = changed;
      writeFileSync(file, JSON.stringify({ mcpServers: { everything: { command: node, args: [everything] } } }));
      p.child.kill('SIGHUP');
      expect(await waitFor(() => changed > before, 10_000, 100)).toBe(true);
      const names = (await c.listTools()).tools.map((t) => t.name);
      expect(names).toContain('everything__echo');
      expect(names).not.toContain('time__current_time');
    } finally {
      await c.close();
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
});
