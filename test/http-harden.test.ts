// Hardening of the HTTP server (issue 14, items 3-7 and 12): real SDK clients and raw sockets
// against serveHttp in-process, with real MCP servers behind it.
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type HttpHandle, type HttpOptions } from '../src/server/http.js';
import { buildProxyServer } from '../src/server/proxy-server.js';
import { clientAddress, RateLimiter } from '../src/server/rate-limit.js';
import { Namespacer } from '../src/server/naming.js';
import { TransparentProxy } from '../src/server/transparent-server.js';
import { UpstreamRouter } from '../src/server/upstream.js';
import { ProxyMetrics } from '../src/server/metrics.js';
import { bigPost, rawExchange } from './helpers/raw-http.js';
import { makeDispatcher } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

const ID = { name: 't', version: '1' };
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
const ACCEPT = 'application/json, text/event-stream';
const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
beforeAll(async () => {
  rt = await makeDispatcher(`[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.hang}')]`);
});
afterAll(async () => {
  await rt?.close();
});

/** serveHttp over the shared runtime, proxy mode unless told otherwise. */
async function serve(o: Partial<HttpOptions> = {}): Promise<HttpHandle> {
  return serveHttp({ host: '127.0.0.1', port: 0, newServer: () => buildProxyServer(rt.dispatcher, ID), health: () => ({}), ...o });
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const c = new Client({ name: 'harden', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await c.connect(transport);
  return { c, transport };
}

const postInit = (url: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body: JSON.stringify(INIT) });

/** A JSON-RPC error body, as every error answer must be. */
function expectRpcError(body: unknown, message: RegExp) {
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: expect.any(Number), message: expect.stringMatching(message) } });
}

describe('request bodies (item 3)', () => {
  let h: HttpHandle;
  beforeAll(async () => {
    h = await serve();
  });
  afterAll(() => h.close());

  it('a 20 MB POST with Content-Length gets 413 with a JSON-RPC error, read in full, without a reset', async () => {
    const r = await bigPost(h.url, 20 * 1024 * 1024);
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(413);
    expectRpcError(JSON.parse(r.body), /request body over the limit of 16777216 bytes/);
  });

  it('a chunked 20 MB POST is cut at the cap: 413, and the connection closes cleanly', async () => {
    const r = await bigPost(h.url, 20 * 1024 * 1024, { chunked: true });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(413);
    expectRpcError(JSON.parse(r.body), /over the limit/);
  });

  it('with Expect: 100-continue, an oversized body is refused before it is sent', async () => {
    const r = await bigPost(h.url, 20 * 1024 * 1024, { expectContinue: true });
    expect(r.status).toBe(413);
    expectRpcError(JSON.parse(r.body), /over the limit/);
  });

  it('a body just under the cap is read (and answered as the JSON it is not)', async () => {
    const small = await serve({ maxBodyBytes: 1000 });
    try {
      const ok = await bigPost(small.url, 999);
      expect(ok.status).toBe(400);
      expectRpcError(JSON.parse(ok.body), /not valid JSON/);
      const over = await bigPost(small.url, 1001, { chunked: true });
      expect(over.status).toBe(413);
      // The server is still fine for the next client.
      const { c } = await connect(small.url);
      expect((await c.listTools()).tools).toHaveLength(1);
      await c.close();
    } finally {
      await small.close();
    }
  });
});

describe('session cap and idle expiry (item 4)', () => {
  it('past maxSessions, initialize gets 503 with a message and Retry-After; ending a session frees a place', async () => {
    const h = await serve({ maxSessions: 3 });
    try {
      const open = await Promise.all([0, 1, 2].map(() => connect(h.url)));
      const full = await postInit(h.url);
      expect(full.status).toBe(503);
      expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectRpcError(await full.json(), /session limit of 3 reached/);
      await expect(connect(h.url)).rejects.toThrow();
      // Sessions already open keep working.
      expect(JSON.parse(text(await open[0]!.c.callTool({ name: 'proxy-dispatch', arguments: { action: 'list' } }))).connections).toHaveLength(2);
      await open[0]!.transport.terminateSession();
      const again = await connect(h.url);
      expect((await again.c.listTools()).tools).toHaveLength(1);
      await Promise.all([...open.slice(1), again].map((s) => s.c.close()));
    } finally {
      await h.close();
    }
  });

  it('an idle session past sessionIdleMs gives its place up to a new one', async () => {
    const h = await serve({ maxSessions: 1, sessionIdleMs: 300 });
    try {
      const first = await connect(h.url);
      await first.transport.close(); // vanishes without ending its session
      expect((await postInit(h.url)).status).toBe(503);
      await new Promise((r) => setTimeout(r, 400));
      expect((await postInit(h.url)).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe('failed initialize leaves nothing behind (item 5)', () => {
  for (const mode of ['transparent', 'proxy'] as const) {
    it(`${mode} mode: the server made for a refused initialize is closed and dropped`, async () => {
      const made: Server[] = [];
      const transparent = new TransparentProxy({ pool: rt.pool, router: new UpstreamRouter(), identity: ID, startAll: async () => {}, listTimeoutMs: 3000 }, { namespace: new Namespacer('alias'), pageSize: 100 });
      const h = await serve({
        newServer: () => {
          const s = mode === 'transparent' ? transparent.newServer() : buildProxyServer(rt.dispatcher, ID);
          made.push(s);
          return s;
        },
        health: () => ({}),
      });
      try {
        // 406: no Accept header; 415: not JSON content; 400: a second initialize in one batch.
        for (let i = 0; i < 10; i++) expect((await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(INIT) })).status).toBe(406);
        expect((await fetch(h.url, { method: 'POST', headers: { 'content-type': 'text/plain', accept: ACCEPT }, body: JSON.stringify(INIT) })).status).toBe(415);
        expect((await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT }, body: JSON.stringify([INIT, { ...INIT, id: 2 }]) })).status).toBe(400);
        expect(made).toHaveLength(12);
        // A real session next to them keeps its server connected.
        const ok = await connect(h.url);
        expect(made).toHaveLength(13);
        await new Promise((r) => setImmediate(r));
        expect(made.slice(0, 12).filter((s) => s.transport !== undefined)).toHaveLength(0);
        expect(made[12]!.transport).toBeDefined();
        const health = await (await fetch(h.url.replace('/mcp', '/health'))).json();
        expect(health.sessions).toBe(1);
        await ok.c.close();
      } finally {
        await h.close();
      }
    });
  }
});

describe('rate limit (item 6)', () => {
  it('is keyed on the client address: varying Authorization does not get around it, on any route', async () => {
    const h = await serve({ rateLimiter: new RateLimiter(5, 60_000), metrics: new ProxyMetrics() });
    try {
      const base = h.url.replace('/mcp', '');
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        const path = ['/health', '/metrics', '/mcp'][i % 3]!;
        const r = await fetch(`${base}${path}`, { method: path === '/mcp' ? 'POST' : 'GET', headers: { authorization: `Bearer random-${i}`, 'content-type': 'application/json', accept: ACCEPT }, body: path === '/mcp' ? JSON.stringify(INIT) : undefined });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expectRpcError(await r.json(), /rate limit of 5 requests per 60 s exceeded/);
        } else await r.body?.cancel();
      }
      expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429]);
    } finally {
      await h.close();
    }
  });

  it('with a token: wrong tokens spend the address budget; the verified token has its own', async () => {
    const h = await serve({ token: 'the-secret', rateLimiter: new RateLimiter(3, 60_000) });
    try {
      const wrong = [];
      for (let i = 0; i < 5; i++) wrong.push((await postInit(h.url, { authorization: `Bearer guess-${i}` })).status);
      expect(wrong).toEqual([401, 401, 401, 429, 429]);
      expect((await postInit(h.url, { authorization: 'Bearer the-secret' })).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('memory is bounded: 100,000 distinct clients keep at most maxClients buckets, and full ones are dropped', () => {
    const l = new RateLimiter(10, 1000, 500);
    // The map itself, so the count is the memory held (the same field before this fix).
    const held = () => (l as unknown as { buckets: Map<string, unknown> }).buckets.size;
    for (let i = 0; i < 100_000; i++) l.take(`client-${i}`, 1_000_000);
    expect(held()).toBeLessThanOrEqual(500);
    expect(l.size).toBe(held());
    // Once their buckets have refilled, they are the same as no bucket and go.
    l.take('late', 1_000_000 + 2000);
    l.take('later', 1_000_000 + 2001);
    expect(held()).toBeLessThanOrEqual(2);
    // The limit itself still holds for a client that keeps asking.
    const results = Array.from({ length: 12 }, () => l.take('busy', 5_000_000).ok);
    expect(results.filter(Boolean)).toHaveLength(10);
  });
});

describe('client identity for the rate limit', () => {
  it('IPv4 as is (also IPv4-mapped), IPv6 by its /64, however it is written', () => {
    expect(clientAddress('10.1.2.3')).toBe('10.1.2.3');
    expect(clientAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    const a = clientAddress('2001:db8:0:42:1:2:3:4');
    expect(a).toBe('2001:db8:0:42::/64');
    expect(clientAddress('2001:0DB8:0000:0042::9')).toBe(a);
    expect(clientAddress('2001:db8::42:0:0:0:1')).toBe(a);
    expect(clientAddress('2001:db8:0:43::1')).not.toBe(a);
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress(undefined)).toBe('?');
  });
});

describe('keep-alive (item 12)', () => {
  // Node's default closes an idle kept-alive socket after 5 s (plus about 1 s of grace in Node 20.20).
  it('a kept-alive socket idle for 7 s still serves the next request', async () => {
    const h = await serve();
    try {
      const socket = net.connect(h.port, '127.0.0.1');
      let got = '';
      let ended = false;
      socket.on('data', (d) => (got += d));
      socket.on('end', () => (ended = true));
      socket.on('close', () => (ended = true));
      const req = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n\r\n`;
      const answered = async (n: number) => {
        for (let i = 0; i < 200 && (got.match(/HTTP\/1\.1 200/g) ?? []).length < n; i++) await new Promise((r) => setTimeout(r, 25));
      };
      socket.write(req);
      await answered(1);
      await new Promise((r) => setTimeout(r, 7000));
      expect(ended).toBe(false);
      socket.write(req);
      await answered(2);
      expect((got.match(/HTTP\/1\.1 200/g) ?? []).length).toBe(2);
      // Clients are told how long an idle socket stays open.
      expect(got).toMatch(/keep-alive: timeout=65/i);
      socket.destroy();
    } finally {
      await h.close();
    }
  }, 15_000);
});

describe('Host and Origin on every route (item 7)', () => {
  it('/health, /metrics and /mcp refuse a foreign Host or Origin; our own origin is fine', async () => {
    const h = await serve({ metrics: new ProxyMetrics(), health: () => ({ connections: [{ alias: 'c1', name: 'time', state: 'ready' }] }) });
    try {
      for (const path of ['/health', '/metrics', '/mcp']) {
        const badHost = await rawExchange(h.port, `GET ${path} HTTP/1.1\r\nHost: evil.example\r\n\r\n`, { stopAtResponse: true });
        expect(badHost.status).toBe(403);
        expectRpcError(badHost.json, /Host header 'evil\.example' not allowed/);
        const badOrigin = await rawExchange(h.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nOrigin: http://evil.example\r\n\r\n`, { stopAtResponse: true });
        expect(badOrigin.status).toBe(403);
        expectRpcError(badOrigin.json, /Origin 'http:\/\/evil\.example' not allowed/);
      }
      const own = await fetch(h.url.replace('/mcp', '/health'), { headers: { origin: `http://localhost:${h.port}` } });
      expect(own.status).toBe(200);
      expect(await own.json()).toEqual({ status: 'ok', sessions: 0, connections: [{ alias: 'c1', name: 'time', state: 'ready' }] });
    } finally {
      await h.close();
    }
  });
});

describe('error answers and isolation', () => {
  it('every error answer is JSON-RPC shaped with a clear message', async () => {
    const h = await serve({ token: 'tok', metrics: new ProxyMetrics() });
    try {
      const base = h.url.replace('/mcp', '');
      const cases: Array<[Promise<Response>, number, RegExp]> = [
        [fetch(`${base}/nope`), 404, /no route GET \/nope; try \/mcp, \/health or \/metrics/],
        [fetch(`${base}/health`, { method: 'POST' }), 405, /\/health answers GET only/],
        [fetch(`${base}/metrics`), 401, /missing bearer token/],
        [fetch(h.url, { method: 'POST', headers: { authorization: 'Bearer tok', 'content-type': 'application/json' }, body: '{"jsonrpc": ' }), 400, /not valid JSON/],
        [fetch(h.url, { method: 'POST', headers: { authorization: 'Bearer tok', 'content-type': 'application/json' }, body: '' }), 400, /empty/],
        [fetch(h.url, { headers: { authorization: 'Bearer tok' } }), 400, /no session: send initialize first/],
        [fetch(h.url, { method: 'POST', headers: { authorization: 'Bearer tok', 'mcp-session-id': 'gone' }, body: '{}' }), 404, /unknown session 'gone'/],
      ];
      for (const [p, status, message] of cases) {
        const r = await p;
        expect(r.status).toBe(status);
        expectRpcError(await r.json(), message);
      }
      const raw = await rawExchange(h.port, 'GET http://[/ HTTP/1.1\r\nHost: x\r\n\r\n', { stopAtResponse: true });
      expect(raw.status).toBe(400);
      expectRpcError(raw.json, /malformed request target/);
      const junk = await rawExchange(h.port, 'HELLO\r\n\r\n');
      expect(junk.status).toBe(400);
      expectRpcError(junk.json, /malformed HTTP request/);
    } finally {
      await h.close();
    }
  });

  it('a hung call and a client that never finishes its body delay no one else', async () => {
    const h = await serve();
    try {
      const slow = await connect(h.url);
      const hung = slow.c.callTool({ name: 'proxy-dispatch', arguments: { action: 'call', connection: 'c2', tool: 'hang', arguments: {} } }, undefined, { timeout: 20_000 }).catch(() => 'ended');
      // Headers and half a body, then nothing.
      const stalled = rawExchange(h.port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`, { keepOpen: true, waitMs: 8000 });
      const other = await connect(h.url);
      for (let i = 0; i < 20; i++) {
        // A call's answer: a text block with the dispatch fields, then the server's own content.
        const r = (await other.c.callTool({ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'current_time', arguments: { timezone: 'UTC' } } })) as { content: Array<{ text: string }> };
        expect(JSON.parse(r.content.at(-1)!.text).timezone).toBe('UTC');
      }
      await other.c.close();
      await slow.c.close();
      expect(await hung).toBe('ended');
      void stalled;
    } finally {
      await h.close();
    }
  });
});
