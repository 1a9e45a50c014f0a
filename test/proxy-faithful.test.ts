import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const EDGE = `node ${ROOT}/test/fixtures/edge-server.mjs`;
const LONG = 'a_tool_whose_name_is_sixty_one_characters_long_for_the_limits';
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;
const text = (r: unknown) => ((r as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('\n'));

/** An SDK client that can do everything a client may (sampling, elicitation, roots), on mini-a-proxy over stdio. */
async function proxyClient(args: string[], name = 'faithful') {
  const c = new Client({ name, version: '1' }, { capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } });
  const seen = { sampling: [] as unknown[], elicitation: [] as unknown[], roots: 0, logs: [] as Array<{ level: string; logger?: string }>, updated: [] as string[], listChanged: 0 };
  c.setRequestHandler(CreateMessageRequestSchema, async (req) => {
    seen.sampling.push(req.params);
    return { role: 'assistant', content: { type: 'text', text: 'sampled by the upstream client' }, model: 'upstream-model', stopReason: 'endTurn' };
  });
  c.setRequestHandler(ElicitRequestSchema, async (req) => {
    seen.elicitation.push(req.params);
    if (req.params.mode === 'url') return { action: 'accept' };
    const props = Object.keys((req.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
    const content: Record<string, unknown> = {};
    for (const p of props) content[p] = p === 'name' ? 'Ada' : undefined;
    return { action: 'accept', content: { name: 'Ada', ...Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined)) } };
  });
  c.setRequestHandler(ListRootsRequestSchema, async () => {
    seen.roots++;
    return { roots: [{ uri: 'file:///upstream/root', name: 'upstream-root' }] };
  });
  c.setNotificationHandler(LoggingMessageNotificationSchema, async (n) => {
    seen.logs.push({ level: n.params.level, logger: n.params.logger });
  });
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => {
    seen.updated.push(n.params.uri);
  });
  c.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    seen.listChanged++;
  });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, ...args], cwd: ROOT, stderr: 'ignore' }));
  return { c, seen };
}

async function allTools(c: Client): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const r = await c.listTools(cursor ? { cursor } : {});
    names.push(...r.tools.map((t) => t.name));
    cursor = r.nextCursor;
  } while (cursor);
  return names;
}

describe('transparent mode is a faithful MCP proxy (everything behind it)', () => {
  let c: Client;
  let seen: Awaited<ReturnType<typeof proxyClient>>['seen'];
  let direct: Client;

  beforeAll(async () => {
    ({ c, seen } = await proxyClient([`mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${EDGE}')]`, 'mode=transparent']));
    direct = new Client({ name: 'direct', version: '1' });
    const [cmd, ...args] = SERVERS.everything.split(' ');
    await direct.connect(new StdioClientTransport({ command: cmd!, args, stderr: 'ignore' }));
  });
  afterAll(async () => {
    await c?.close();
    await direct?.close();
  });

  it("names tools by server name (namespace=name); every name is valid and long ones are shortened and still callable", async () => {
    const names = await allTools(c);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'edge__progress']));
    for (const n of names) expect(n).toMatch(VALID);
    const long = names.find((n) => n.startsWith('edge__a_tool_whose'))!;
    expect(long.length).toBeLessThanOrEqual(64);
    expect(text(await c.callTool({ name: long, arguments: {} }))).toBe(`called ${LONG}`);
    const dotted = names.find((n) => n.startsWith('edge__files'))!;
    expect(text(await c.callTool({ name: dotted, arguments: {} }))).toBe('called files.read');
  });

  it('tools that exist only for capable clients appear, and their requests reach the upstream client', async () => {
    const names = await allTools(c);
    expect(names).toEqual(expect.arrayContaining(['everything__trigger-sampling-request', 'everything__trigger-elicitation-request', 'everything__get-roots-list']));
    const sampled = await c.callTool({ name: 'everything__trigger-sampling-request', arguments: { prompt: 'say hi', maxTokens: 20 } });
    expect(text(sampled)).toContain('sampled by the upstream client');
    expect(JSON.stringify(seen.sampling)).toContain('say hi');
    const elicited = await c.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
    expect(text(elicited)).toContain('Ada');
    expect(seen.elicitation.length).toBeGreaterThan(0);
    const roots = await c.callTool({ name: 'everything__get-roots-list', arguments: {} });
    expect(text(roots)).toContain('file:///upstream/root');
  });

  it("relays progress under the client's own token, and the call completes", async () => {
    const steps: number[] = [];
    const r = await c.callTool({ name: 'edge__progress', arguments: { steps: 7 } }, undefined, { onprogress: (p) => steps.push(p.progress) });
    expect(text(r)).toBe('done after 7 steps');
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('relays server log messages at the level the client set, the server named in logger', async () => {
    await c.setLoggingLevel('debug');
    await c.callTool({ name: 'everything__toggle-simulated-logging', arguments: {} });
    expect(await waitFor(() => seen.logs.length > 0, 10_000)).toBe(true);
    await c.callTool({ name: 'everything__toggle-simulated-logging', arguments: {} });
    expect(seen.logs.every((l) => l.logger === 'everything' || l.logger?.startsWith('everything/'))).toBe(true);
  });

  it('rewrites resource links to the exposed form, which can be read back', async () => {
    const r = await c.callTool({ name: 'everything__get-resource-links', arguments: { count: 2 } });
    const links = (r.content as Array<{ type: string; uri?: string }>).filter((b) => b.type === 'resource_link');
    expect(links.length).toBe(2);
    for (const l of links) {
      expect(l.uri).toMatch(/^proxy:\/\/everything\/demo:\/\//);
      const read = await c.readResource({ uri: l.uri! });
      expect(read.contents[0]!.uri).toBe(l.uri);
    }
    const listed = await c.listResources();
    expect(listed.resources[0]!.uri).toMatch(/^proxy:\/\/everything\//);
    const templates = await c.listResourceTemplates();
    expect(templates.resourceTemplates.length).toBeGreaterThan(0);
    expect(templates.resourceTemplates[0]!.uriTemplate).toMatch(/^proxy:\/\/everything\//);
  });

  it('subscriptions pass through, with updates under the exposed URI', async () => {
    const uri = (await c.listResources()).resources[0]!.uri;
    await c.subscribeResource({ uri });
    await c.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    expect(await waitFor(() => seen.updated.includes(uri), 15_000)).toBe(true);
    await c.unsubscribeResource({ uri });
    await c.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
  });

  it('ping, completion and instructions answer; error codes and data come back as the server sent them', async () => {
    expect(await c.ping()).toEqual({});
    // Completion goes to the prompt's server under its own name, and its values come back.
    const viaProxy = await c.complete({ ref: { type: 'ref/prompt', name: 'everything__completable-prompt' }, argument: { name: 'department', value: 'E' } });
    const viaDirect = await direct.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } });
    expect(viaDirect.completion.values.length).toBeGreaterThan(0);
    expect(viaProxy.completion.values).toEqual(viaDirect.completion.values);
    expect(c.getInstructions()).toContain('## edge');
    expect(c.getInstructions()).toContain('Edge server: tools with awkward names.');
    // The same bad request, directly and through the proxy: same code and data.
    const bad = async (client: Client, uri: string) => client.readResource({ uri }).then(() => undefined, (e: McpError) => ({ code: e.code, data: e.data }));
    const d = await bad(direct, 'demo://resource/dynamic/text/notanumber');
    const p = await bad(c, 'proxy://everything/demo://resource/dynamic/text/notanumber');
    expect(d).toBeDefined();
    expect(p).toEqual(d);
  });
});

describe('cancellation passes both ways', () => {
  it("the client's cancellation reaches the server", async () => {
    const { c } = await proxyClient([`mcp=[(cmd: '${SERVERS.hang}')]`, 'mode=transparent']);
    try {
      const ac = new AbortController();
      const call = c.callTool({ name: 'hang__hang', arguments: {} }, undefined, { signal: ac.signal });
      setTimeout(() => ac.abort('changed my mind'), 300);
      await expect(call).rejects.toThrow();
      expect(await waitFor(async () => text(await c.callTool({ name: 'hang__cancelled', arguments: {} })) === '1', 5000, 100)).toBe(true);
    } finally {
      await c.close();
    }
  });

  it("the server's cancellation of its own request reaches the client", async () => {
    const c = new Client({ name: 'slow-sampler', version: '1' }, { capabilities: { sampling: {} } });
    let aborted = false;
    c.setRequestHandler(CreateMessageRequestSchema, async (_req, extra) => {
      await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => ((aborted = true), resolve())));
      return { role: 'assistant', content: { type: 'text', text: 'too late' }, model: 'm' };
    });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, `mcp=[(cmd: '${EDGE}')]`, 'mode=transparent'], cwd: ROOT, stderr: 'ignore' }));
    try {
      const r = await c.callTool({ name: 'edge__sample', arguments: { prompt: 'slow', timeoutMs: 500 } });
      expect(text(r)).toMatch(/timed out/i);
      expect(await waitFor(() => aborted, 5000)).toBe(true);
    } finally {
      await c.close();
    }
  });
});

describe('transparent mode naming', () => {
  it('namespace=none passes names and URIs unchanged', async () => {
    const { c } = await proxyClient([`mcp=[(cmd: '${SERVERS.everything}')]`, 'mode=transparent', 'namespace=none']);
    try {
      const names = await allTools(c);
      expect(names).toContain('echo');
      expect(text(await c.callTool({ name: 'echo', arguments: { message: 'as is' } }))).toBe('Echo: as is');
      const uri = (await c.listResources()).resources[0]!.uri;
      expect(uri).toMatch(/^demo:\/\//);
      expect((await c.readResource({ uri })).contents[0]!.uri).toBe(uri);
    } finally {
      await c.close();
    }
  });

  it('namespace=none with two servers offering the same name is a start-up error naming both', async () => {
    const child = spawn(process.execPath, [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.everything}', id: twin)]`, 'mode=transparent', 'namespace=none'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    // Servers start when a client initializes.
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\n');
    expect(await code).toBe(2);
    expect(stderr).toMatch(/tool 'echo' is offered by both c1\/everything and c2\/everything-2/);
  });

  it('namespace=alias names by c1, c2', async () => {
    const { c } = await proxyClient([`mcp=[(cmd: '${SERVERS.everything}')]`, 'mode=transparent', 'namespace=alias']);
    try {
      expect(await allTools(c)).toContain('c1__echo');
      expect((await c.listResources()).resources[0]!.uri).toMatch(/^proxy:\/\/c1\//);
    } finally {
      await c.close();
    }
  });
});

describe('one slow server never stalls the others', () => {
  it('tools/list answers with the ready servers, then list_changed brings the late one', async () => {
    const { c, seen } = await proxyClient([`mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${EDGE} --slow-list 7000', name: slow)]`, 'mode=transparent', 'listtimeout=2500']);
    try {
      const first = await allTools(c);
      expect(first).toContain('everything__echo');
      expect(first.some((n) => n.startsWith('slow__'))).toBe(false);
      expect(await waitFor(() => seen.listChanged > 0, 15_000)).toBe(true);
      expect(await allTools(c)).toContain('slow__progress');
    } finally {
      await c.close();
    }
  });

  it('a server that never answers tools/list is left out; calls to the others work', async () => {
    // The deadline is generous for everything's start on a loaded machine; the hung one never answers.
    const { c } = await proxyClient([`mcp=[(cmd: '${EDGE} --hang-list', name: hung), (cmd: '${SERVERS.everything}')]`, 'mode=transparent', 'listtimeout=2500']);
    try {
      const names = await allTools(c);
      expect(names).toContain('everything__echo');
      expect(names.some((n) => n.startsWith('hung__'))).toBe(false);
      expect(text(await c.callTool({ name: 'everything__echo', arguments: { message: 'still here' } }))).toBe('Echo: still here');
    } finally {
      await c.close();
    }
  });

  it('dispatch search answers within the deadline and names the missing server', async () => {
    const { c } = await proxyClient([`mcp=[(cmd: '${EDGE} --hang-list', name: hung), (cmd: '${SERVERS.everything}')]`, 'listtimeout=2500']);
    try {
      const r = await c.callTool({ name: 'proxy-dispatch', arguments: { action: 'search', query: 'echo a message' } });
      const res = JSON.parse(text(r));
      expect(res.results[0].tool).toBe('echo');
      expect(res.unavailable.join(' ')).toMatch(/c1\/hung: no answer within 2500 ms/);
    } finally {
      await c.close();
    }
  });
});

describe('framing', () => {
  it('a downstream server that speaks Content-Length framing works (framing: content-length)', async () => {
    const { c } = await proxyClient([`mcp=[(cmd: '${EDGE} --content-length', name: lsp, framing: content-length)]`, 'mode=transparent']);
    try {
      expect(text(await c.callTool({ name: 'lsp__progress', arguments: { steps: 2 } }))).toBe('done after 2 steps');
    } finally {
      await c.close();
    }
  });

  it('the stdio side answers a Content-Length framed client in kind', async () => {
    const child = spawn(process.execPath, [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.time}')]`, 'mcplazy=true'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const frame = (m: unknown) => {
        const body = JSON.stringify(m);
        return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      };
      child.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lsp', version: '1' } } }));
      expect(await waitFor(() => out.includes('"id":1'), 10_000)).toBe(true);
      expect(out.startsWith('Content-Length: ')).toBe(true);
      child.stdin.write(frame({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      child.stdin.write(frame({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      expect(await waitFor(() => out.includes('"id":2'), 10_000)).toBe(true);
      const second = out.slice(out.lastIndexOf('Content-Length: '));
      const body = second.slice(second.indexOf('\r\n\r\n') + 4);
      expect(Buffer.byteLength(body)).toBe(Number(/Content-Length: (\d+)/.exec(second)![1]));
      expect(JSON.parse(body).result.tools[0].name).toBe('proxy-dispatch');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
