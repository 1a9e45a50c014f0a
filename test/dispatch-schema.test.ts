import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { compactSchema } from '../src/dispatch/compact-schema.js';
import { directTools } from '../src/dispatch/direct.js';
import { openAiFunction, TOOL_DESCRIPTION } from '../src/dispatch/schema.js';
import { countTokens } from '../src/util/tokens.js';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

const tokens = (v: unknown) => countTokens(typeof v === 'string' ? v : JSON.stringify(v));

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let tools: Tool[] = [];
beforeAll(async () => {
  rt = await makeDispatcher(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(tempDir())}'), (cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${tempDir()}/m.jsonl')), (cmd: '${SERVERS.everything}', id: twin)]`);
  await rt.pool.connectAll();
  for (const c of rt.pool.connections.slice(0, 3)) tools.push(...(await c.getCatalog()).tools);
});
afterAll(() => rt?.close());

describe('the proxy-dispatch definition', () => {
  it('costs at most 500 tokens (o200k_base) in OpenAI function form', () => {
    const n = tokens(openAiFunction());
    expect(n).toBeLessThanOrEqual(500);
    // Before select, batch and run it cost 443: they had to fit within 15% of that.
    expect(n).toBeLessThanOrEqual(Math.floor(443 * 1.15));
    // ...while still teaching the workflow, new actions included.
    for (const w of ['search', 'list', 'info', 'call', 'resultToFile', 'readresult', 'grep', 'argumentsFile', 'select', 'JMESPath', 'batch', 'run', 'mcp.call', 'format=typescript', 'query', 'items', 'cursor']) expect(TOOL_DESCRIPTION).toContain(w);
  });
});

describe('token counts', () => {
  it('count a special token written in a description as the text it is, not an error', () => {
    // js-tiktoken, and gpt-tokenizer by default, refuse "<|endoftext|>": one odd description broke the savings report.
    const n = tokens({ name: 'odd', description: 'says <|endoftext|> here' });
    expect(n).toBeGreaterThan(tokens({ name: 'odd', description: 'says  here' }) + 2);
  });
});

describe('compact schemas (info)', () => {
  it('are at least 25% smaller over the reference servers and validate the same', () => {
    let raw = 0;
    let compact = 0;
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    for (const t of tools) {
      const { $schema: _ignored, ...rawSchema } = t.inputSchema as Record<string, unknown>;
      const c = compactSchema(t.inputSchema) as Record<string, unknown>;
      raw += tokens(t.inputSchema);
      compact += tokens(c);
      expect(JSON.stringify(c)).not.toContain('$schema');
      const vRaw = ajv.compile(rawSchema);
      const vCompact = ajv.compile(c);
      // Probe instances: empty, each property with values of several types, all together.
      const props = Object.keys((rawSchema.properties as object) ?? {});
      const samples: unknown[] = [{}, { zzz: 1 }];
      const values = ['s', 1, 1.5, true, null, [], ['a'], {}, [{}], 'resourceLink', 'error'];
      for (const p of props) for (const v of values) samples.push({ [p]: v });
      samples.push(Object.fromEntries(props.map((p) => [p, 's'])));
      for (const s of samples) expect(vCompact(s), `${t.name} ${JSON.stringify(s)}`).toBe(vRaw(s));
    }
    const saved = 1 - compact / raw;
    expect(saved).toBeGreaterThanOrEqual(0.25);
  });

  it('hoist repeated sub-schemas into $defs once, and keep existing $refs working', () => {
    const point = { type: 'object', properties: { x: { type: 'number', description: 'horizontal position' }, y: { type: 'number', description: 'vertical position' } }, required: ['x', 'y'] };
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { from: point, to: point, via: { type: 'array', items: point } } };
    const c = compactSchema(schema) as { $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(Object.keys(c.$defs)).toHaveLength(1);
    expect(c.properties.from).toEqual({ $ref: '#/$defs/d1' });
    expect(tokens(c)).toBeLessThan(tokens(schema));
    const ajv = new Ajv({ strict: false, logger: false });
    const good = { from: { x: 1, y: 2 }, to: { x: 0, y: 0 }, via: [{ x: 1, y: 1 }] };
    const bad = { from: { x: 1 }, via: [{ x: 'a', y: 1 }] };
    const { $schema: _s, ...raw } = schema;
    expect(ajv.compile(c)(good)).toBe(true);
    expect(ajv.compile(c)(bad)).toBe(ajv.compile(raw)(bad));
    expect(compactSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }], title: 'A', default: null } } })).toEqual({ type: 'object', properties: { a: { type: ['string', 'null'] } } });
  });
});

describe('direct registration (mcpproxy=false)', () => {
  it('gives every tool a unique OpenAI-valid name; same-named tools of two servers both stay callable', async () => {
    const direct = await directTools(rt.pool);
    const names = direct.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const echoes = direct.filter((d) => d.tool.name === 'echo');
    expect(echoes.map((e) => e.name)).toEqual(['c1__echo', 'c4__echo']);
    expect(direct.find((d) => d.tool.name === 'read_text_file')!.name).toBe('read_text_file');
    for (const e of echoes) {
      const r = await e.connection.callTool(e.tool.name, { message: e.name });
      expect((r.content as Array<{ text: string }>)[0]!.text).toBe(`Echo: ${e.name}`);
    }
  });
});
