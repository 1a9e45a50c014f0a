import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openAiFunction } from '../src/dispatch/schema.js';
import { maggToolDefinition, objectify } from '../src/server/magg.js';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS } from './helpers/servers.js';
import { countTokens } from '../src/util/tokens.js';

/** A tool result as sent: the SDK's own result schema would drop the proxy annotations. */
const Raw = z.looseObject({ content: z.array(z.looseObject({ type: z.string() })), isError: z.boolean().optional(), structuredContent: z.record(z.string(), z.unknown()).optional() });
type Raw = z.infer<typeof Raw>;
type Item = Raw['content'][number] & { annotations?: Record<string, unknown>; text?: string; resource?: Record<string, unknown>; uri?: string; data?: string; mimeType?: string };

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

async function connect(args: string[]): Promise<Client> {
  const c = new Client({ name: 'magg-test', version: '1' });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, ...args], cwd: ROOT, stderr: 'ignore' }));
  return c;
}

async function proxy(c: Client, args: unknown): Promise<Raw & { content: Item[] }> {
  return (await c.request({ method: 'tools/call', params: { name: 'proxy', arguments: args as Record<string, unknown> } }, Raw)) as Raw & { content: Item[] };
}

/** The one embedded JSON resource of a list or info answer, parsed. */
function query(r: Raw): { uri: string; data: unknown; ann: Record<string, unknown> } {
  expect(r.isError).toBeFalsy();
  expect(r.content).toHaveLength(1);
  const item = r.content[0] as Item;
  expect(item.type).toBe('resource');
  expect(item.resource!.mimeType).toBe('application/json');
  return { uri: item.resource!.uri as string, data: JSON.parse(item.resource!.text as string), ann: item.annotations! };
}

async function errorOf(c: Client, args: unknown): Promise<string> {
  const r = await proxy(c, args);
  expect(r.isError, JSON.stringify(args)).toBe(true);
  return (r.content[0] as Item).text!;
}

const names = (data: unknown) => (data as Array<{ name: string }>).map((t) => t.name);

describe('dialect=magg: the proxy tool over everything, time and memory', () => {
  let c: Client;
  let dir: string;
  const memoryFile = () => path.join(dir, 'memory.jsonl');

  beforeAll(async () => {
    dir = tempDir();
    c = await connect([`mcp=[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.time}'), (cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${memoryFile()}'))]`, 'dialect=magg', `argsroots=${dir}`]);
  });
  afterAll(async () => {
    await c?.close();
  });

  it('lists exactly one tool, proxy, with the spec parameters and a schema strict validators accept', async () => {
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toEqual(['proxy']);
    const schema = tools[0]!.inputSchema as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(schema.properties.action!.enum).toEqual(['list', 'info', 'call', 'batch']);
    expect(schema.properties.type!.enum).toEqual(['tool', 'resource', 'prompt']);
    for (const k of ['path', 'args', 'filter_server', 'filter', 'operations', 'limit', 'offset']) expect(schema.properties).toHaveProperty(k);
    expect(schema.required).toEqual(['action']);
    expect(() => new Ajv({ strict: true }).compile(schema)).not.toThrow();
    expect(c.getInstructions()).toContain('proxy');
  });

  it('list: one embedded JSON resource of whole MCP objects, annotated, paged', async () => {
    const tools = query(await proxy(c, { action: 'list', type: 'tool' }));
    expect(tools.uri).toBe('proxy:list/tool');
    expect(tools.ann).toMatchObject({ proxyAction: 'list', proxyType: 'tool', typescriptType: 'Tool', pythonType: 'Tool', many: true, offset: 0, limit: 100 });
    expect(tools.ann).not.toHaveProperty('proxyPath');
    const all = tools.data as Array<{ name: string; inputSchema: unknown }>;
    expect(tools.ann.totalCount).toBe(all.length);
    expect(names(all)).toEqual(expect.arrayContaining(['everything__echo', 'time__current_time', 'memory__create_entities']));
    for (const t of all) {
      expect(t.name).toMatch(VALID);
      expect(t.inputSchema).toMatchObject({ type: 'object' });
    }
    const page = query(await proxy(c, { action: 'list', type: 'tool', limit: 2, offset: 1 }));
    expect(names(page.data)).toEqual(names(all).slice(1, 3));
    expect(page.ann).toMatchObject({ totalCount: all.length, offset: 1, limit: 2 });

    const resources = query(await proxy(c, { action: 'list', type: 'resource' }));
    expect(resources.uri).toBe('proxy:list/resource');
    expect(resources.ann).toMatchObject({ proxyAction: 'list', proxyType: 'resource', typescriptType: 'Resource | ResourceTemplate', many: true });
    const items = resources.data as Array<{ uri?: string; uriTemplate?: string }>;
    expect(items.map((r) => r.uri)).toEqual(expect.arrayContaining(['proxy://everything/demo://resource/static/document/features.md', 'proxy://memory/memory://knowledge-graph']));
    expect(items.map((r) => r.uriTemplate)).toContain('proxy://everything/demo://resource/dynamic/text/{resourceId}');

    const prompts = query(await proxy(c, { action: 'list', type: 'prompt' }));
    expect(prompts.ann).toMatchObject({ proxyAction: 'list', proxyType: 'prompt', typescriptType: 'Prompt', many: true });
    const args = (prompts.data as Array<{ name: string; arguments?: unknown[] }>).find((p) => p.name === 'everything__args-prompt');
    expect(args?.arguments).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'city', required: true })]));
  });

  it('info: the whole object of one tool, resource, resource template or prompt', async () => {
    const tool = query(await proxy(c, { action: 'info', type: 'tool', path: 'everything__echo' }));
    expect(tool.uri).toBe('proxy:info/tool/everything__echo');
    expect(tool.ann).toEqual({ proxyAction: 'info', proxyType: 'tool', proxyPath: 'everything__echo', typescriptType: 'Tool', pythonType: 'Tool', many: false });
    expect(tool.data).toMatchObject({ name: 'everything__echo', inputSchema: { properties: { message: { type: 'string' } }, required: ['message'] } });

    const doc = 'proxy://everything/demo://resource/static/document/features.md';
    const res = query(await proxy(c, { action: 'info', type: 'resource', path: doc }));
    expect(res.uri).toBe(`proxy:info/resource/${doc}`);
    expect(res.ann).toMatchObject({ proxyPath: doc, typescriptType: 'Resource', many: false });
    expect(res.data).toMatchObject({ uri: doc, mimeType: 'text/markdown' });

    const dyn = query(await proxy(c, { action: 'info', type: 'resource', path: 'proxy://everything/demo://resource/dynamic/text/7' }));
    expect(dyn.ann.typescriptType).toBe('ResourceTemplate');
    expect(dyn.data).toMatchObject({ uriTemplate: 'proxy://everything/demo://resource/dynamic/text/{resourceId}' });

    const prompt = query(await proxy(c, { action: 'info', type: 'prompt', path: 'everything__args-prompt' }));
    expect(prompt.ann).toMatchObject({ proxyAction: 'info', proxyType: 'prompt', proxyPath: 'everything__args-prompt', typescriptType: 'Prompt', many: false });
    expect(prompt.data).toMatchObject({ name: 'everything__args-prompt' });
  });

  it('call a tool: its own content, each item annotated; structured content, images and links come through', async () => {
    const ann = (p: string) => ({ proxyType: 'tool', proxyAction: 'call', proxyPath: p });
    const echo = await proxy(c, { action: 'call', type: 'tool', path: 'everything__echo', args: { message: 'hi' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hi', annotations: ann('everything__echo') }]);
    // args as a JSON string, as Magg takes them.
    const str = await proxy(c, { action: 'call', type: 'tool', path: 'everything__echo', args: '{"message":"as a string"}' });
    expect(str.content[0]!.text).toBe('Echo: as a string');

    const time = await proxy(c, { action: 'call', type: 'tool', path: 'time__current_time', args: { timezone: 'Asia/Tokyo' } });
    expect(time.structuredContent).toMatchObject({ timezone: 'Asia/Tokyo', utcOffset: '+09:00' });
    expect(time.content[0]!.annotations).toEqual(ann('time__current_time'));

    const img = await proxy(c, { action: 'call', type: 'tool', path: 'everything__get-tiny-image' });
    const image = img.content.find((b) => b.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    expect(image.annotations).toMatchObject(ann('everything__get-tiny-image'));

    const links = await proxy(c, { action: 'call', type: 'tool', path: 'everything__get-resource-links', args: { count: 1 } });
    const link = links.content.find((b) => b.type === 'resource_link')!;
    expect(link.uri).toMatch(/^proxy:\/\/everything\/demo:\/\//);
    const read = await proxy(c, { action: 'call', type: 'resource', path: link.uri });
    expect(read.isError).toBeFalsy();
    expect(read.content[0]!.resource!.uri).toBe(link.uri);

    // A plain SDK client still gets a valid result (it drops annotation keys it does not know).
    const plain = await c.callTool({ name: 'proxy', arguments: { action: 'call', type: 'tool', path: 'everything__echo', args: { message: 'plain' } } });
    expect((plain.content as Array<{ text: string }>)[0]!.text).toBe('Echo: plain');
  });

  it('call a resource: embedded resources, annotated; text that is JSON is objectified, other text and blobs are not', async () => {
    const doc = 'proxy://everything/demo://resource/static/document/features.md';
    const md = await proxy(c, { action: 'call', type: 'resource', path: doc });
    expect(md.content).toHaveLength(1);
    expect(md.content[0]!.annotations).toEqual({ proxyType: 'resource', proxyAction: 'call', proxyPath: doc });
    expect(md.content[0]!.resource).toMatchObject({ uri: doc, mimeType: 'text/markdown' });
    expect(md.content[0]!.resource).not.toHaveProperty('contentType');

    const blob = await proxy(c, { action: 'call', type: 'resource', path: 'proxy://everything/demo://resource/dynamic/blob/3' });
    expect(blob.content[0]!.resource).toMatchObject({ uri: 'proxy://everything/demo://resource/dynamic/blob/3', blob: expect.any(String) });
    expect(blob.content[0]!.resource).not.toHaveProperty('text');
    expect(blob.content[0]!.resource).not.toHaveProperty('contentType');

    // The memory server sends its graph as indented JSON text: it comes back re-encoded, original MIME type kept.
    await proxy(c, { action: 'call', type: 'tool', path: 'memory__create_entities', args: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] } });
    const graph = await proxy(c, { action: 'call', type: 'resource', path: 'proxy://memory/memory://knowledge-graph' });
    const r = graph.content[0]!.resource as { uri: string; mimeType: string; text: string; contentType: string };
    const direct = new Client({ name: 'direct', version: '1' });
    const [cmd, ...args] = SERVERS.memory.split(' ');
    await direct.connect(new StdioClientTransport({ command: cmd!, args, env: { ...process.env, MEMORY_FILE_PATH: memoryFile() } as Record<string, string>, stderr: 'ignore' }));
    const original = ((await direct.readResource({ uri: 'memory://knowledge-graph' })).contents[0] as { text: string }).text;
    await direct.close();
    expect(original).toContain('\n  ');
    expect(r.uri).toBe('proxy://memory/memory://knowledge-graph');
    expect(r.mimeType).toBe('application/json');
    expect(r.contentType).toBe('application/json');
    expect(r.text).not.toBe(original);
    expect(r.text).toBe(JSON.stringify(JSON.parse(original)));
    expect(JSON.parse(r.text).entities).toEqual([expect.objectContaining({ name: 'Ada' })]);
  });

  it('call a prompt: the GetPromptResult wrapped in one embedded JSON resource, links inside exposed', async () => {
    const p = await proxy(c, { action: 'call', type: 'prompt', path: 'everything__args-prompt', args: { city: 'Lisbon' } });
    expect(p.content).toHaveLength(1);
    const item = p.content[0]!;
    expect(item.resource).toMatchObject({ uri: 'proxy:call/prompt/everything__args-prompt', mimeType: 'application/json' });
    expect(item.annotations).toEqual({ proxyType: 'prompt', proxyAction: 'call', proxyPath: 'everything__args-prompt', typescriptType: 'GetPromptResult', pythonType: 'GetPromptResult' });
    const result = JSON.parse(item.resource!.text as string) as { messages: Array<{ role: string; content: { text?: string; resource?: { uri: string } } }> };
    expect(result.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect(result.messages[0]!.content.text).toContain('Lisbon');

    const withRes = await proxy(c, { action: 'call', type: 'prompt', path: 'everything__resource-prompt', args: { resourceType: 'Text', resourceId: '2' } });
    const msgs = (JSON.parse(withRes.content[0]!.resource!.text as string) as typeof result).messages;
    expect(msgs.some((m) => m.content.resource?.uri === 'proxy://everything/demo://resource/dynamic/text/2')).toBe(true);
  });

  it('refuses every bad request with a message that says what is allowed', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, "'action' is required: one of list, info, call, batch"],
      [{ action: 'lst', type: 'tool' }, "did you mean 'list'"],
      [{ action: 'list' }, "'type' is required for action=list: one of tool, resource, prompt"],
      [{ action: 'info', type: 'tools', path: 'x' }, "'type' must be one of tool, resource, prompt"],
      [{ action: 'list', type: 'tool', path: 'everything__echo' }, "'path' is not allowed with action=list"],
      [{ action: 'list', type: 'tool', args: {} }, "'args' is only allowed with action=call; action=list takes: type, limit, offset, filter_server, filter"],
      [{ action: 'info', type: 'tool', path: 'everything__echo', args: {} }, "'args' is only allowed with action=call; action=info takes: type, path"],
      [{ action: 'info', type: 'tool' }, "action=info needs 'path'"],
      [{ action: 'call', type: 'resource' }, "action=call needs 'path': the resource URI"],
      [{ action: 'call', type: 'tool', path: 'everything__echo', filter_server: 'x' }, "'filter_server' does not go with action=call (it belongs to action=list)"],
      [{ action: 'list', type: 'tool', limt: 3 }, "unknown argument 'limt' (did you mean 'limit'?)"],
      [{ action: 'list', type: 'tool', limit: 0 }, "'limit' must be from 1 to 1000"],
      [{ action: 'list', type: 'tool', offset: -1 }, "'offset' must be from 0 up"],
      [{ action: 'list', type: 'tool', filter: 'time' }, "'filter' must be an object {prefix, tags}"],
      [{ action: 'list', type: 'tool', filter: { tag: ['a'] } }, "unknown filter 'tag'; 'filter' takes: prefix"],
      [{ action: 'list', type: 'tool', filter: { tags: [1] } }, "'filter.tags' must be a list of strings"],
      [{ action: 'call', type: 'tool', path: 'everything__echo', args: [1] }, "'args' must be an object (or a JSON string of one), got an array"],
      [{ action: 'call', type: 'tool', path: 'everything__echo', args: '{bad' }, "'args' is a string that is not valid JSON"],
      [{ action: 'call', type: 'tool', path: 'everything__echo', args: { message: 5 } }, "invalid arguments for 'echo'"],
      [{ action: 'call', type: 'tool', path: 'everything__ecko' }, "unknown tool 'everything__ecko'. Did you mean 'everything__echo'?"],
      [{ action: 'info', type: 'prompt', path: 'nope' }, "unknown prompt 'nope'"],
      [{ action: 'info', type: 'resource', path: 'proxy://everything/demo://nothing/here' }, "unknown resource 'proxy://everything/demo://nothing/here': no server lists it"],
      [{ action: 'call', type: 'resource', path: 'demo://resource/static/document/features.md' }, 'resource paths look like proxy://<server>/<uri>'],
      [{ action: 'call', type: 'resource', path: 'proxy://everything/demo://resource/static/document/features.md', args: { a: 1 } }, "a resource read takes only 'path'"],
      [{ action: 'batch' }, "action=batch needs 'operations'"],
      [{ action: 'batch', operations: [] }, "action=batch needs 'operations'"],
      [{ action: 'batch', type: 'tool', operations: [{ action: 'list', type: 'tool' }] }, "'type' does not go with action=batch"],
      [{ action: 'batch', operations: [{ action: 'batch', operations: [] }] }, 'operations[0]: a batch cannot contain a batch'],
      [{ action: 'batch', operations: [{ action: 'list', type: 'tool' }, { action: 'info', type: 'tool' }] }, "operations[1]: action=info needs 'path'"],
      [{ action: 'batch', operations: Array.from({ length: 51 }, () => ({ action: 'list', type: 'tool' })) }, 'a batch runs at most 50'],
      [{ action: 'list', type: 'tool', operations: [] }, "'operations' does not go with action=list (it belongs to action=batch)"],
    ];
    for (const [args, want] of cases) expect(await errorOf(c, args), JSON.stringify(args)).toContain(want);
    // Another tool name.
    const other = await c.request({ method: 'tools/call', params: { name: 'proxy-dispatch', arguments: {} } }, Raw);
    expect(other.isError).toBe(true);
    expect((other.content[0] as Item).text).toContain('this server has one tool, proxy');
  });

  it('batch: operations run in order, each item annotated with its index; a failure is reported and the rest still run', async () => {
    const r = await proxy(c, {
      action: 'batch',
      operations: [
        { action: 'call', type: 'tool', path: 'everything__get-sum', args: { a: 2, b: 3 } },
        { action: 'call', type: 'tool', path: 'everything__nope' },
        { action: 'info', type: 'tool', path: 'time__convert_time' },
        { action: 'list', type: 'prompt', limit: 1 },
      ],
    });
    expect(r.isError).toBeFalsy();
    expect(r.content.map((b) => b.annotations!.batchIndex)).toEqual([0, 1, 2, 3]);
    expect(r.content[0]).toMatchObject({ type: 'text', annotations: { proxyAction: 'call', proxyType: 'tool', proxyPath: 'everything__get-sum' } });
    expect(r.content[0]!.text).toContain('5');
    expect(r.content[1]).toMatchObject({ type: 'text', annotations: { proxyAction: 'call', proxyPath: 'everything__nope', isError: true } });
    expect(r.content[1]!.text).toContain("unknown tool 'everything__nope'");
    expect(r.content[2]!.annotations).toMatchObject({ proxyAction: 'info', proxyPath: 'time__convert_time', typescriptType: 'Tool', many: false });
    expect(r.content[3]!.annotations).toMatchObject({ proxyAction: 'list', proxyType: 'prompt', many: true, limit: 1 });
    expect(r.content[3]!.annotations).not.toHaveProperty('isError');

    const allBad = await proxy(c, { action: 'batch', operations: [{ action: 'call', type: 'tool', path: 'x__y' }, { action: 'info', type: 'prompt', path: 'z' }] });
    expect(allBad.isError).toBe(true);
    expect(allBad.content).toHaveLength(2);
  });

  it('filter: filter_server, filter.prefix and filter.tags narrow list (and totalCount)', async () => {
    const all = names(query(await proxy(c, { action: 'list', type: 'tool', limit: 1000 })).data);
    const timeTools = ['time__current_time', 'time__convert_time', 'time__format_time', 'time__list_timezones'];
    for (const fs of ['time', 'time_', 'time__']) {
      const q = query(await proxy(c, { action: 'list', type: 'tool', filter_server: fs }));
      expect(names(q.data).sort(), fs).toEqual([...timeTools].sort());
      expect(q.ann.totalCount).toBe(4);
    }
    const get = query(await proxy(c, { action: 'list', type: 'tool', filter: { prefix: 'everything__get-' } }));
    expect(names(get.data)).toEqual(all.filter((n) => n.startsWith('everything__get-')));
    expect(names(get.data).length).toBeGreaterThan(2);
    // A server's own name works as a prefix too.
    expect(names(query(await proxy(c, { action: 'list', type: 'tool', filter: { prefix: 'convert' } })).data)).toEqual(['time__convert_time']);
    // Tags (the time server's tools carry _meta.tags): any of the given tags.
    expect(names(query(await proxy(c, { action: 'list', type: 'tool', filter: { tags: ['timezone'] } })).data).sort()).toEqual(['time__convert_time', 'time__list_timezones']);
    expect(names(query(await proxy(c, { action: 'list', type: 'tool', filter: { tags: ['format', 'clock'] } })).data).sort()).toEqual(['time__current_time', 'time__format_time']);
    const none = query(await proxy(c, { action: 'list', type: 'tool', filter_server: 'everything', filter: { tags: ['time'] } }));
    expect(none.data).toEqual([]);
    expect(none.ann.totalCount).toBe(0);
    const res = query(await proxy(c, { action: 'list', type: 'resource', filter_server: 'memory' }));
    expect((res.data as Array<{ uri: string }>).map((r) => r.uri)).toEqual(['proxy://memory/memory://knowledge-graph']);
  });

  it('spill: resultToFile and resultSizeThreshold write the result to a file, read back and chained through the proxy tool', async () => {
    const r = await proxy(c, { action: 'call', type: 'tool', path: 'everything__get-tiny-image', resultToFile: true });
    expect(r.content).toHaveLength(1);
    const file = r.content[0]!.annotations!.resultFile as string;
    expect(r.content[0]!.annotations).toMatchObject({ proxyType: 'tool', proxyAction: 'call', proxyPath: 'everything__get-tiny-image' });
    expect(file).toMatch(/mini-a-proxy-result-.*\.json$/);
    expect(r.content[0]!.text).toContain(`Read it with {"action":"call","type":"resource","path":"${file}"`);

    const stat = query({ content: (await proxy(c, { action: 'call', type: 'resource', path: file, args: { op: 'stat' } })).content });
    expect(stat.data).toMatchObject({ bytes: expect.any(Number), lines: expect.any(Number), format: 'json' });
    const grep = await proxy(c, { action: 'call', type: 'resource', path: file, args: { op: 'grep', pattern: 'image/png' } });
    expect(grep.content[0]!.annotations).toEqual({ proxyType: 'resource', proxyAction: 'call', proxyPath: file });
    expect(grep.content[0]!.resource!.text).toContain('image/png');
    expect(await errorOf(c, { action: 'call', type: 'resource', path: file, args: { op: 'grep' } })).toContain("op=grep needs 'pattern'");
    expect(await errorOf(c, { action: 'call', type: 'resource', path: file, resultToFile: true })).toContain("reading a spill file takes only 'path' and 'args'");

    const auto = await proxy(c, { action: 'call', type: 'tool', path: 'time__list_timezones', resultSizeThreshold: 100 });
    expect(auto.content[0]!.text).toContain('over the 100-byte threshold');
    const small = await proxy(c, { action: 'call', type: 'tool', path: 'everything__echo', args: { message: 'short' }, resultSizeThreshold: 100 });
    expect(small.content[0]!.text).toBe('Echo: short');

    // argumentsFile: a JSON file under argsroots, or one argument from a spill file; nothing outside.
    const argsFile = path.join(dir, 'echo-args.json');
    writeFileSync(argsFile, JSON.stringify({ message: 'from a file' }));
    expect((await proxy(c, { action: 'call', type: 'tool', path: 'everything__echo', argumentsFile: argsFile })).content[0]!.text).toBe('Echo: from a file');
    const chained = await proxy(c, { action: 'call', type: 'tool', path: 'everything__echo', argumentsFile: `${file}#message` });
    expect(chained.content[0]!.text).toContain('image/png');
    expect(await errorOf(c, { action: 'call', type: 'tool', path: 'everything__echo', argumentsFile: '/etc/hostname' })).toMatch(/refused|outside/i);
    expect(await errorOf(c, { action: 'call', type: 'resource', path: '/etc/passwd' })).toContain('is not a spill file of this proxy');
    expect(await errorOf(c, { action: 'call', type: 'resource', path: `${path.dirname(file)}/../../etc/passwd` })).toContain('is not a spill file of this proxy');
  });
});

describe('dialect=magg options', () => {
  it('follows namespace= and the global spill threshold', async () => {
    const c = await connect([`mcp=[(cmd: '${SERVERS.time}')]`, 'dialect=magg', 'namespace=alias', 'mcpproxythreshold=300']);
    try {
      const tools = query(await proxy(c, { action: 'list', type: 'tool' }));
      expect(names(tools.data)).toContain('c1__current_time');
      const big = await proxy(c, { action: 'call', type: 'tool', path: 'c1__list_timezones' });
      expect(big.content[0]!.text).toContain('over the 300-byte threshold');
      expect(big.content[0]!.annotations!.resultFile).toEqual(expect.any(String));
    } finally {
      await c.close();
    }
  });

  it('is a usage error with mode=transparent', () => {
    const r = runCli([`mcp=[(cmd: '${SERVERS.time}')]`, 'mode=transparent', 'dialect=magg'], { bin: 'miniAProxy' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('dialect=magg applies to mode=proxy only');
  });
});

describe('the proxy tool definition and objectification', () => {
  const fn = (t: { name: string; description?: string; inputSchema: unknown }) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } });

  it('costs at most 500 tokens (o200k_base) in OpenAI function form, like proxy-dispatch', () => {
    for (const mode of ['name', 'alias', 'none'] as const) {
      const n = countTokens(JSON.stringify(fn(maggToolDefinition(mode))));
      expect(n, mode).toBeLessThanOrEqual(500);
    }
    // Both tools teach a whole workflow in about the same room.
    const magg = countTokens(JSON.stringify(fn(maggToolDefinition('name'))));
    const dispatch = countTokens(JSON.stringify(openAiFunction()));
    expect(magg / dispatch).toBeLessThan(1.5);
  });

  it('objectifies text that is a JSON object or array, and nothing else', () => {
    expect(objectify({ uri: 'u', mimeType: 'text/plain', text: ' {"a": [1, 2]}\n' })).toEqual({ uri: 'u', mimeType: 'application/json', contentType: 'text/plain', text: '{"a":[1,2]}' });
    expect(objectify({ uri: 'u', text: '[1, 2]' })).toEqual({ uri: 'u', mimeType: 'application/json', text: '[1,2]' });
    for (const text of ['42', '"s"', 'plain words', '{not json', '']) expect(objectify({ uri: 'u', mimeType: 'text/plain', text })).toEqual({ uri: 'u', mimeType: 'text/plain', text });
    expect(objectify({ uri: 'u', mimeType: 'image/png', blob: 'AAAA' })).toEqual({ uri: 'u', mimeType: 'image/png', blob: 'AAAA' });
  });
});
