// Hardening of `mini-a-proxy transport=http` as a process (issue 14, items 4, 13 and 17): the
// built CLI, spawned, driven by the SDK client and raw sockets.
import { execFileSync, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/http-server.js';
import { startHttpProxy, type HttpProxy } from './helpers/proxy-process.js';
import { rawExchange } from './helpers/raw-http.js';
import { alive, BIN, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
const ACCEPT = 'application/json, text/event-stream';

async function stop(p: HttpProxy): Promise<number | null> {
  p.child.kill('SIGTERM');
  return p.exited;
}

describe('malformed input never crashes the proxy (item 13)', () => {
  const TOKEN = 'fuzz-token-51c2';
  let p: HttpProxy;
  beforeAll(async () => {
    p = await startHttpProxy([`mcp=[(cmd: '${SERVERS.crashy}')]`, `token=${TOKEN}`]);
  });
  afterAll(async () => {
    if (p) expect(await stop(p)).toBe(143);
  });

  it("a request line 'GET http://[/' gets 400, with or without the token, and the proxy stays up", async () => {
    for (const auth of ['', `Authorization: Bearer ${TOKEN}\r\n`]) {
      const r = await rawExchange(p.port, `GET http://[/ HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n${auth}\r\n`, { stopAtResponse: true });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/malformed request target/) } });
    }
    expect((await fetch(`${p.base}/health`)).status).toBe(200);
    expect(p.child.exitCode).toBeNull();
  });

  it('fuzz: malformed request lines, headers and bodies each get an answer; the process stays up', async () => {
    const host = `Host: 127.0.0.1:${p.port}\r\n`;
    const auth = `Authorization: Bearer ${TOKEN}\r\n`;
    const post = (body: string, extra = '') => `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nAccept: ${ACCEPT}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const valid = post(JSON.stringify(INIT));
    // A seeded generator, so a failure can be replayed.
    let seed = 14;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const cases: Array<string | Buffer> = [
      'GET http://[::1 HTTP/1.1\r\n\r\n',
      `GET //[ HTTP/1.1\r\n${host}\r\n`,
      `GET %zz HTTP/1.1\r\n${host}\r\n`,
      `GET /mcp?%zz=%% HTTP/1.1\r\n${host}${auth}\r\n`,
      `OPTIONS * HTTP/1.1\r\n${host}\r\n`,
      `CONNECT 127.0.0.1:1 HTTP/1.1\r\n${host}\r\n`,
      `GET /health HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\n${host}\r\n`,
      `GET /health HTTP/1.1\r\n${host}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      `GET /health HTTP/1.1\r\n${host}No colon here\r\n\r\n`,
      `GET /health HTTP/1.1\r\n${host}X: \x01\x02\x7f\r\n\r\n`,
      `GET /health HTTP/1.1\r\nHost: [\r\n\r\n`,
      `GET /health HTTP/1.1\r\n${host}Origin: http://[\r\n\r\n`,
      `GET /health HTTP/1.1\r\n${host}Origin: null\r\n\r\n`,
      `GET /metrics HTTP/1.1\r\n${host}Authorization: Bearer ${'x'.repeat(8000)}\r\n\r\n`,
      `GET /metrics HTTP/1.1\r\n${host}Authorization: Bearer\r\n\r\n`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Length: -1\r\n\r\n`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Length: abc\r\n\r\n`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: 10\r\n\r\n{`,
      `POST /mcp HTTP/1.1\r\n${host}${auth}Content-Length: 99999999999999999999\r\n\r\n`,
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      'GET /\r\n\r\n',
      `GET / HTTP/9.9\r\n${host}\r\n`,
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
      post('[]'),
      post('null'),
      post('[null]'),
      post('"x"'),
      post('1e999'),
      post('{"method":"initialize"}'),
      post(JSON.stringify([INIT, INIT])),
      post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
      post(JSON.stringify(INIT).replace('"capabilities":{}', `"capabilities":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`)),
      post(JSON.stringify(INIT), `Mcp-Session-Id: ${'s'.repeat(5000)}\r\n`),
      post(JSON.stringify(INIT), 'Mcp-Session-Id: \u00ff\u00fe\r\n'),
      post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 'Mcp-Session-Id: nope\r\n'),
    ];
    for (let i = 0; i < 40; i++) cases.push(Buffer.from(Array.from({ length: 1 + rnd(300) }, () => rnd(256))));
    for (let i = 0; i < 60; i++) {
      const b = Buffer.from(valid);
      for (let k = 0; k < 1 + rnd(4); k++) b[rnd(b.length)] = rnd(256);
      cases.push(b);
    }
    const unanswered: string[] = [];
    for (let i = 0; i < cases.length; i += 10) {
      const batch = cases.slice(i, i + 10);
      const answers = await Promise.all(batch.map((c) => rawExchange(p.port, c, { waitMs: 8000 })));
      answers.forEach((a, k) => {
        // Every case gets a status line; every error answer is JSON-RPC shaped.
        const shaped = a.status >= 400 ? (a.json as { jsonrpc?: string; error?: { message?: string } } | undefined)?.error?.message !== undefined : a.status > 0;
        if (!shaped) unanswered.push(`#${i + k} ${JSON.stringify(batch[k]!.toString('latin1').slice(0, 80))} -> ${a.status} ${a.ended} ${JSON.stringify(a.text.slice(0, 120))}`);
      });
      expect(p.child.exitCode).toBeNull();
    }
    expect(unanswered).toEqual([]);
    // Blank lines before a request are allowed (RFC 9112 2.2): no request came, so no answer, just a clean close.
    expect(await rawExchange(p.port, '\r\n\r\n')).toMatchObject({ status: 0, ended: 'end' });
    const h = await fetch(`${p.base}/health`);
    expect(h.status).toBe(200);
    expect((await h.json()).status).toBe('ok');
    // And a real client is served as before.
    const c = new Client({ name: 'after-fuzz', version: '1' });
    await c.connect(new StreamableHTTPClientTransport(new URL(p.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    expect((await c.listTools()).tools.map((t) => t.name)).toEqual(['proxy-dispatch']);
    await c.close();
  }, 60_000);
});

describe('session options on the command line (item 4)', () => {
  it('maxsessions= caps sessions (503 with Retry-After); sessionidle= frees idle places', async () => {
    const p = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}')]`, 'mcplazy=true', 'maxsessions=2', 'sessionidle=1000']);
    try {
      const init = () => fetch(p.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT }, body: JSON.stringify(INIT) });
      const first = [await init(), await init()];
      expect(first.map((r) => r.status)).toEqual([200, 200]);
      await Promise.all(first.map((r) => r.body?.cancel()));
      const full = await init();
      expect(full.status).toBe(503);
      expect(Number(full.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await full.json()).error.message).toMatch(/session limit of 2 reached/);
      await new Promise((r) => setTimeout(r, 1300));
      expect((await init()).status).toBe(200);
    } finally {
      await stop(p);
    }
    const help = execFileSync(process.execPath, [BIN.miniAProxy, '--help'], { encoding: 'utf8' });
    expect(help).toMatch(/maxsessions=N\s+most HTTP sessions at once.*\(default 1000\)/);
    expect(help).toMatch(/sessionidle=MS\s+end an HTTP session after .*\(default 1800000\)/);
  });
});

describe('HTTP mode lives on its own (item 17)', () => {
  it('keeps serving after the process that started it exits', async () => {
    const port = await freePort();
    const marker = `--http-outlives-${process.pid}`;
    const parentScript = `const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, [${JSON.stringify(BIN.miniAProxy)}, 'transport=http', 'port=${port}', "mcp=[(cmd: '${SERVERS.crashy} ${marker}')]"], { stdio: 'ignore' });
      console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentScript], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    const proxyPid = Number(await new Promise<string>((r) => parent.stdout!.once('data', (d) => r(String(d).trim()))));
    const health = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/health`)).status === 200;
      } catch {
        return false;
      }
    };
    try {
      expect(await waitFor(health, 15_000, 100)).toBe(true);
      parent.kill('SIGKILL');
      // Well past the stdio watchdog's 1 s period.
      await new Promise((r) => setTimeout(r, 2500));
      expect(alive(proxyPid)).toBe(true);
      expect(await health()).toBe(true);
    } finally {
      if (alive(proxyPid)) process.kill(proxyPid, 'SIGTERM');
    }
    expect(await waitFor(() => !alive(proxyPid), 10_000)).toBe(true);
  });

  it('SIGHUP (a closed terminal, nohup) does not stop it (it reads the configuration again); SIGTERM does, and stderr says why', async () => {
    const p = await startHttpProxy([`mcp=[(cmd: '${SERVERS.time}')]`, 'mcplazy=true']);
    p.child.kill('SIGHUP');
    expect(await waitFor(() => p.stderr().includes('SIGHUP: reading the configuration again'), 5000)).toBe(true);
    expect((await fetch(`${p.base}/health`)).status).toBe(200);
    expect(await stop(p)).toBe(143);
    expect(p.stderr()).toMatch(new RegExp(`HTTP server at http://127\\.0\\.0\\.1:${p.port}/mcp stopped: SIGTERM received`));
  });
});
