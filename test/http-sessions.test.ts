import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { buildProxyServer } from '../src/server/proxy-server.js';
import { serveHttp } from '../src/server/http.js';
import { makeDispatcher } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

describe('HTTP sessions', () => {
  it('a session idle longer than the limit is ended; the client is told to initialize again', async () => {
    const rt = await makeDispatcher(`(cmd: '${SERVERS.time}')`);
    const h = await serveHttp({ host: '127.0.0.1', port: 0, newServer: () => buildProxyServer(rt.dispatcher, { name: 't', version: '1' }), health: () => ({}), sessionIdleMs: 200 });
    try {
      const c = new Client({ name: 'idle', version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(h.url));
      await c.connect(transport);
      expect((await c.listTools()).tools).toHaveLength(1);
      const sid = transport.sessionId!;
      const gone = async () => (await fetch(h.url, { method: 'POST', headers: { 'mcp-session-id': sid, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) })).status === 404;
      // Close the client's event stream without ending the session, as a vanished client would.
      await transport.close().catch(() => {});
      await new Promise((r) => setTimeout(r, 700));
      expect(await gone()).toBe(true);
    } finally {
      await h.close();
      await rt.close();
    }
  });
});
