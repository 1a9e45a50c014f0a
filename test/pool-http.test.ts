import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMcpOption } from '../src/config/spec.js';
import { Pool } from '../src/mcp/pool.js';
import { startEverythingHttp } from './helpers/http-server.js';

let http: Awaited<ReturnType<typeof startEverythingHttp>>;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingHttp('streamableHttp'), startEverythingHttp('sse')]);
});
afterAll(() => {
  http?.stop();
  sse?.stop();
});

const text = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

describe('remote transports', () => {
  it('Streamable HTTP, SSE, and remote falling back to SSE', async () => {
    const p = new Pool(
      parseMcpOption(
        `[(type: remote, url: 'http://127.0.0.1:${http.port}/mcp', headers: (X-Test: 'yes')), (type: sse, url: 'http://127.0.0.1:${sse.port}/sse'), (type: remote, url: 'http://127.0.0.1:${sse.port}/sse', name: fallback), (type: remote, url: 'http://user:pw-secret@127.0.0.1:${http.port}/mcp', name: creds)]`,
      ),
    );
    try {
      await p.connectAll();
      expect(p.connections.map((c) => [c.state, c.activeTransport])).toEqual([
        ['ready', 'http'],
        ['ready', 'sse'],
        ['ready', 'sse'],
        ['ready', 'http'], // credentials in the URL travel as Basic auth (fetch refuses them in URLs)
      ]);
      expect(p.summarize(p.connections[3]!).target).toBe('http://user:***@127.0.0.1:' + http.port + '/mcp');
      for (const c of p.connections) expect(text(await c.callTool('echo', { message: c.alias }))).toBe(`Echo: ${c.alias}`);
      expect(p.summarize(p.connections[0]!).transport).toBe('http');
    } finally {
      await p.close();
    }
  });
});

describe('remote start failures', () => {
  it('say what the server answered, once when both transports got the same', async () => {
    const http = await import('node:http');
    const server = http.createServer((_q, r) => r.writeHead(401).end('no')).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const p = new Pool(parseMcpOption(`[(type: remote, url: 'http://127.0.0.1:${port}/mcp'), (type: remote, url: 'http://127.0.0.1:1/mcp')]`));
    try {
      await p.connectAll();
      expect(p.connections[0]!.error).toBe(`HTTP 401 from http://127.0.0.1:${port}/mcp (not authorized: check the headers (token))`);
      expect(p.connections[1]!.error).toBe('connection refused at http://127.0.0.1:1/mcp');
    } finally {
      await p.close();
      server.close();
    }
  });
});
