import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { ROOT, SERVERS } from './helpers/servers.js';

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let fsDir: string;

beforeAll(async () => {
  fsDir = tempDir('mini-a-fsd-');
  writeFileSync(path.join(fsDir, 'notes.txt'), 'alpha\nbeta\n');
  const mem = path.join(tempDir('mini-a-mem-'), 'memory.jsonl');
  rt = await makeDispatcher(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(fsDir)}'), (cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${mem}')), (cmd: '${SERVERS.crashy}')]`);
});
afterAll(() => rt?.close());

const text = (r: Record<string, unknown>) => (r.content as Array<{ text: string }>)[0]!.text;

describe('list', () => {
  it('shows connections with their tools, paged, secrets-free', async () => {
    const r = await rt.d({ action: 'list', limit: 5 });
    expect(r.isError).toBeUndefined();
    expect(r.total).toBeGreaterThan(30);
    expect(r.returned).toBe(5);
    expect(r.nextOffset).toBe(5);
    const conns = r.connections as Array<Record<string, unknown>>;
    expect(conns.map((c) => `${c.alias}/${c.name}`)).toEqual(['c1/everything', 'c2/filesystem', 'c3/memory', 'c4/crashy']);
    expect(conns[0]).toMatchObject({ state: 'ready', transport: 'stdio', server: { name: 'mcp-servers/everything' } });
    expect((conns[0]!.tools as unknown[]).length).toBe(5);
    expect(conns[1]!.tools).toEqual([]);
    const tool = (conns[0]!.tools as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(tool).sort()).toEqual(['annotations', 'description', 'name']);
    expect(JSON.stringify(r)).not.toContain('MEMORY_FILE_PATH');
    const page2 = await rt.d({ action: 'list', limit: 5, offset: 5 });
    expect((page2.connections as Array<{ tools: Array<{ name: string }> }>)[0]!.tools[0]!.name).not.toBe(tool.name);
  });

  it('filters by connection and type, with schemas on request', async () => {
    const r = await rt.d({ action: 'list', connection: 'filesystem', includeInputSchema: true, includeAnnotations: false });
    const conns = r.connections as Array<{ alias: string; tools: Array<Record<string, unknown>> }>;
    expect(conns).toHaveLength(1);
    expect(conns[0]!.alias).toBe('c2');
    const read = conns[0]!.tools.find((t) => t.name === 'read_text_file')!;
    expect(read.inputSchema).toMatchObject({ type: 'object', required: ['path'] });
    expect(JSON.stringify(read.inputSchema)).not.toContain('$schema');
    expect(read.annotations).toBeUndefined();
    const prompts = await rt.d({ action: 'list', type: 'prompt', connection: 'c1' });
    expect((prompts.connections as Array<{ prompts: Array<{ name: string }> }>)[0]!.prompts.map((p) => p.name)).toContain('simple-prompt');
    const res = await rt.d({ action: 'list', type: 'resource', connection: 'c1' });
    expect((res.connections as Array<{ resources: unknown[] }>)[0]!.resources.length).toBeGreaterThan(0);
    const bare = await rt.d({ action: 'list', includeTools: false });
    expect((bare.connections as Array<Record<string, unknown>>)[0]!.tools).toBeUndefined();
    expect((await rt.d({ action: 'list', refresh: true, connection: 'c4' })).isError).toBeUndefined();
  });
});

describe('search', () => {
  it('ranks natural-language requests', async () => {
    const top = async (query: string) => ((await rt.d({ action: 'search', query })).results as Array<{ connection: string; tool: string }>)[0];
    expect(await top('read the contents of a text file')).toMatchObject({ connection: 'c2', tool: 'read_text_file' });
    expect(await top('add two numbers together')).toMatchObject({ connection: 'c1', tool: 'get-sum' });
    expect(await top('create a new folder')).toMatchObject({ connection: 'c2', tool: 'create_directory' });
    expect(await top('store facts about a person in the knowledge graph')).toMatchObject({ connection: 'c3' });
    expect(await top('link two entities with a relation')).toMatchObject({ connection: 'c3', tool: 'create_relations' });
  });

  it('returns connection, tool, a short description and why it matched, best first, limited', async () => {
    const r = await rt.d({ action: 'search', query: 'file', limit: 3 });
    const res = r.results as Array<{ connection: string; tool: string; description: string; why: string }>;
    expect(res).toHaveLength(3);
    for (const x of res) expect(Object.keys(x).sort()).toEqual(['connection', 'description', 'tool', 'why']);
    for (const x of res) expect(x.why).toMatch(/\bfile\b/);
    const read = await rt.d({ action: 'search', query: 'read the contents of a text file', limit: 1 });
    expect((read.results as Array<{ tool: string; why: string }>)[0]).toMatchObject({ tool: 'read_text_file', why: expect.stringMatching(/^name: read text file/) });
    const only = await rt.d({ action: 'search', query: 'read', connection: 'c3' });
    expect((only.results as Array<{ connection: string }>).every((x) => x.connection === 'c3')).toBe(true);
    const prompts = await rt.d({ action: 'search', query: 'prompt with arguments', type: 'prompt' });
    expect((prompts.results as Array<{ type: string }>)[0]).toMatchObject({ type: 'prompt' });
    expect((await rt.d({ action: 'search', query: 'zzzqqq' })).results).toEqual([]);
  });
});

describe("a server's own name", () => {
  it('finds a connection whose configured name says nothing ("in globex" finds the server that calls itself globex-crm)', async () => {
    const named = (n: string) => `node ${path.join(ROOT, 'test/fixtures/named-server.mjs')} ${n}`;
    const two = await makeDispatcher(`[(cmd: '${named('acme-wiki')}', name: x1), (cmd: '${named('globex-crm')}', name: x2)]`);
    try {
      const top = async (query: string) => ((await two.d({ action: 'search', query })).results as Array<{ connection: string; tool: string }>)[0];
      expect(await top('search the records in globex')).toMatchObject({ connection: 'c2', tool: 'search_records' });
      expect(await top('add a record to the acme wiki')).toMatchObject({ connection: 'c1', tool: 'create_record' });
    } finally {
      await two.close();
    }
  });
});

describe('search index', () => {
  it('keeps every connection searchable after a search confined to one and a refreshed catalog', async () => {
    const only = await rt.d({ action: 'search', query: 'create a new folder', connection: 'c3' });
    expect((only.results as Array<{ connection: string }>).every((x) => x.connection === 'c3')).toBe(true);
    await rt.d({ action: 'search', query: 'echo a message', refresh: true, connection: 'c1' });
    const all = await rt.d({ action: 'search', query: 'create a new folder' });
    expect((all.results as Array<{ connection: string; tool: string }>)[0]).toMatchObject({ connection: 'c2', tool: 'create_directory' });
    const echo = await rt.d({ action: 'search', query: 'echo a message back' });
    expect((echo.results as Array<{ connection: string; tool: string }>)[0]).toMatchObject({ connection: 'c1', tool: 'echo' });
  });
});

describe('info', () => {
  it('gives one tool in full with a compact schema', async () => {
    const r = await rt.d({ action: 'info', tool: 'edit_file' });
    expect(r).toMatchObject({ action: 'info', type: 'tool', connection: 'c2', tool: 'edit_file' });
    expect(String(r.description).length).toBeGreaterThan(20);
    expect(r.inputSchema).toMatchObject({ type: 'object', required: ['path', 'edits'] });
    expect(JSON.stringify(r.inputSchema)).not.toMatch(/\$schema/);
    const p = await rt.d({ action: 'info', prompt: 'args-prompt' });
    expect(p).toMatchObject({ type: 'prompt', prompt: 'args-prompt' });
    expect((p.arguments as Array<{ name: string }>).map((a) => a.name)).toContain('city');
  });
});

describe('call', () => {
  it('answers inline with {action, tool, connection, estimatedTokens, content} only', async () => {
    const r = await rt.d({ action: 'call', tool: 'echo', arguments: { message: 'hi' } });
    expect(Object.keys(r).sort()).toEqual(['action', 'connection', 'content', 'estimatedTokens', 'tool']);
    expect(r).toMatchObject({ action: 'call', tool: 'echo', connection: 'c1', content: [{ type: 'text', text: 'Echo: hi' }] });
    expect(r.estimatedTokens).toBe(Math.ceil(JSON.stringify(r.content).length / 4));
  });

  it('accepts arguments as a JSON string, forwards meta, reads files through filesystem', async () => {
    expect(text(await rt.d({ action: 'call', tool: 'get-sum', arguments: '{"a": 2, "b": 40}' }))).toMatch(/42/);
    expect(JSON.parse(text(await rt.d({ action: 'call', tool: 'meta', connection: 'crashy', meta: { traceId: 't-1' } })))).toMatchObject({ traceId: 't-1' });
    expect(text(await rt.d({ action: 'call', tool: 'read_text_file', arguments: { path: path.join(fsDir, 'notes.txt') } }))).toBe('alpha\nbeta\n');
  });

  it('validates arguments against the schema before sending, naming the field', async () => {
    const missing = await rt.d({ action: 'call', tool: 'echo', arguments: {} });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.error).toMatch(/invalid arguments for 'echo' \(c1\/everything\): missing required field 'message'/);
    const wrong = await rt.d({ action: 'call', tool: 'get-sum', arguments: { a: 'two', b: 3 } });
    expect(wrong.error).toMatch(/a: must be number/);
    const nested = await rt.d({ action: 'call', tool: 'create_entities', arguments: { entities: [{ name: 'x' }] } });
    expect(nested.error).toMatch(/entities\.0: missing required field 'entities\.0\.entityType'|missing required field .*entityType/);
  });

  it('reads resources and gets prompts', async () => {
    const list = await rt.d({ action: 'list', type: 'resource', connection: 'c1' });
    const first = (list.connections as Array<{ resources: Array<{ uri?: string }> }>)[0]!.resources.find((x) => x.uri)!;
    const r = await rt.d({ action: 'call', uri: first.uri });
    expect(r).toMatchObject({ action: 'call', uri: first.uri, connection: 'c1' });
    expect((r.content as Array<{ uri: string }>)[0]!.uri).toBe(first.uri);
    const p = await rt.d({ action: 'call', prompt: 'args-prompt', arguments: { city: 'Lisbon' } });
    expect(JSON.stringify(p.content)).toContain('Lisbon');
    const bad = await rt.d({ action: 'call', prompt: 'args-prompt' });
    expect(bad.error).toMatch(/prompt 'args-prompt' needs argument\(s\): city/);
  });

  it('unknown tools get suggestions by spelling or by meaning', async () => {
    expect((await rt.d({ action: 'call', tool: 'ecko', arguments: {} })).error).toMatch(/unknown tool 'ecko'\. Did you mean 'echo' \(c1\/everything\)\?/);
    expect((await rt.d({ action: 'call', tool: 'readFileContents' })).error).toMatch(/unknown tool 'readFileContents'\. Did you mean '.*read.*file.*' \(c2\)/);
    expect((await rt.d({ action: 'call', tool: 'echo', connection: 'c2', arguments: {} })).error).toMatch(/unknown tool 'echo' on c2\/filesystem/);
    expect((await rt.d({ action: 'call', tool: 'echo', connection: 'c9' })).error).toMatch(/unknown connection 'c9'.*known: c1\/everything, c2\/filesystem, c3\/memory, c4\/crashy/);
  });
});

describe('ambiguity', () => {
  it('a tool name on two servers needs a connection; both stay callable', async () => {
    const two = await makeDispatcher(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.everything}', id: second)]`);
    try {
      const r = await two.d({ action: 'call', tool: 'echo', arguments: { message: 'x' } });
      expect(r.error).toBe(`tool 'echo' exists on several connections: c1/everything, c2/everything-2; pass connection (e.g. "connection":"c1")`);
      expect(text(await two.d({ action: 'call', tool: 'echo', connection: 'c2', arguments: { message: 'b' } }))).toBe('Echo: b');
      expect(text(await two.d({ action: 'call', tool: 'echo', connection: 'everything', arguments: { message: 'a' } }))).toBe('Echo: a');
      expect(text(await two.d({ action: 'call', tool: 'echo', connection: 'second', arguments: { message: 'id' } }))).toBe('Echo: id');
    } finally {
      await two.close();
    }
  });
});

describe('bad input', () => {
  const cases: Array<[unknown, RegExp]> = [
    [null, /takes an object such as \{"action":"list"\}; got null/],
    ['not json', /got a string that is not JSON/],
    [{}, /'action' is required: one of list, search, info, call, batch, run, readresult/],
    [{ action: 'lst' }, /'action' must be one of list, search, info, call, batch, run, readresult, got string "lst" \(did you mean 'list'\?\)/],
    [{ action: 'call', tool: 'echo', query: 'x' }, /'query' does not go with action=call \(it belongs to action=search\)/],
    [{ action: 'list', tool: 'echo' }, /'tool' does not go with action=list \(it belongs to action=info, action=call\)/],
    [{ action: 'search' }, /action=search needs 'query'/],
    [{ action: 'search', query: 'x', limt: 3 }, /unknown argument 'limt' \(did you mean 'limit'\?\)/],
    [{ action: 'list', limit: 0 }, /'limit' must be from 1 to 1000, got 0/],
    [{ action: 'list', limit: 'lots' }, /'limit' must be a whole number from 1 to 1000, got string "lots"/],
    [{ action: 'list', includeTools: 'yes' }, /'includeTools' must be true or false/],
    [{ action: 'call' }, /action=call needs 'tool'/],
    [{ action: 'call', tool: 'echo', arguments: [1] }, /'arguments' must be an object \(or a JSON string of one\), got an array/],
    [{ action: 'call', tool: 'echo', arguments: '{bad' }, /'arguments' is a string that is not valid JSON/],
    [{ action: 'call', tool: 'a', uri: 'b' }, /give only one of tool, uri/],
    [{ action: 'info', tool: 'x', type: 'resource' }, /type=resource needs 'uri'/],
    [{ action: 'readresult' }, /needs 'resultFile'/],
    [{ action: 'readresult', resultFile: 'x', op: 'grep' }, /op=grep needs 'pattern'/],
    [{ action: 'readresult', resultFile: 'x', op: 'head', pattern: 'a' }, /'pattern' does not go with op=head/],
    [{ action: 'readresult', resultFile: 'x', op: 'slice', fromLine: 5, toLine: 2 }, /'toLine' \(2\) is before 'fromLine' \(5\)/],
  ];
  it.each(cases)('%j -> a clear error', async (req, msg) => {
    const r = await rt.d(req);
    expect(r.isError).toBe(true);
    expect(r.error).toMatch(msg);
  });
});
