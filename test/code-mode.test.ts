import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSignature } from '../src/dispatch/ts-signature.js';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS } from './helpers/servers.js';

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let dir: string;
beforeAll(async () => {
  dir = tempDir('mini-a-code-');
  for (let i = 0; i < 12; i++) writeFileSync(path.join(dir, `f${i}.txt`), i % 3 === 0 ? `the needle is here ${'.'.repeat(i)}` : 'only hay');
  rt = await makeDispatcher(`[(cmd: '${SERVERS.shape}', name: shape), (cmd: '${SERVERS.filesystem(dir)}', name: fs)]`, { runTimeoutMs: 5000 });
});
afterAll(() => rt?.close());

const run = (code: string, extra: Record<string, unknown> = {}) => rt.d({ action: 'run', code, ...extra });

describe('action=run', () => {
  it('runs a multi-step task with mcp.call and returns the script value; console.log is captured', async () => {
    const r = await run(`
      const listing = await mcp.call('list_directory', { path: ${JSON.stringify(dir)} });
      const names = listing.content.split('\\n').map((l) => l.replace('[FILE] ', '')).filter((n) => n.endsWith('.txt'));
      console.log('files:', names.length);
      const hits = [];
      for (const n of names) {
        const has = await mcp.call('read_text_file', { path: ${JSON.stringify(dir)} + '/' + n }, { select: "contains(content, 'needle')" });
        if (has) hits.push(n);
      }
      return hits.sort();`);
    expect(r).toMatchObject({ action: 'run', calls: 13, logs: ['files: 12'], result: ['f0.txt', 'f3.txt', 'f6.txt', 'f9.txt'] });
  });

  it('gives tools structured content, else parsed JSON text, else text; tool errors are exceptions', async () => {
    const r = await run(`
      const a = await mcp.call('records', { n: 2 });
      const b = await mcp.call('jsontext', { x: [1, 2] });
      const c = await mcp.call('plain', { text: 'hi' });
      let d;
      try { await mcp.call('fail', {}); } catch (e) { d = e.message; }
      return { a: a.records[1].name, b: b.x, c, d };`);
    expect(r.result).toEqual({ a: 'rec-1', b: [1, 2], c: 'hi', d: "mcp.call: tool 'fail' reported an error: it went wrong" });
  });

  it('mcp.search, mcp.info (a TypeScript signature) and mcp.readresult work inside', async () => {
    const spilled = await rt.d({ action: 'call', tool: 'records', arguments: { n: 40 }, resultToFile: true });
    const r = await run(`
      const hits = await mcp.search('return records');
      const info = await mcp.info('records');
      const q = await mcp.readresult({ resultFile: ${JSON.stringify(spilled.resultFile)}, op: 'query', select: "records[?kind=='special'] | length(@)" });
      return { first: hits[0].tool, sig: info.signature, special: q.result };`);
    expect(r.result).toEqual({ first: 'records', sig: 'mcp.call("records", args: { n: number; pad?: number }): Promise<unknown>', special: 8 });
  });

  it('the return value spills like any result', async () => {
    const r = await run('const out = []; for (let i = 0; i < 500; i++) out.push({ i, label: "item " + i }); return out;', { resultSizeThreshold: 2000 });
    expect(r).toMatchObject({ action: 'run', autoSpilled: true });
    expect((r.content as Array<{ text: string }>)[0]!.text).toContain('array of 500 items {i: number, label: string}');
    expect(JSON.parse(readFileSync(String(r.resultFile), 'utf8'))).toHaveLength(500);
  });

  it('says so when the script returns nothing, and refuses values that are not data', async () => {
    expect(await run('const x = 1;')).toMatchObject({ result: null, note: expect.stringMatching(/returned nothing/) });
    expect((await run('return () => 1;')).error).toMatch(/returned a function/);
    expect((await run('const a = {}; a.self = a; return a;')).error).toMatch(/return value is not JSON data/);
  });

  it('script errors name the line', async () => {
    expect((await run('\nthrow new Error("boom")')).error).toMatch(/^the script failed: Error: boom \(line 2/);
    expect((await run('return (;')).error).toMatch(/^the script failed: SyntaxError: .*line 1/);
    expect((await run('return mcp.call(42)')).error).toMatch(/'tool' must be a string/);
    expect((await run('return mcp.call("records", {n: 1}, {bogus: 1})')).error).toMatch(/unknown option\(s\) bogus/);
    expect((await run('return mcp.call("records", {n: 1}, {select: "records["})')).error).toMatch(/select 'records\[' is not valid JMESPath/);
    const withLogs = await run('console.log("step 1"); throw new Error("later")');
    expect(withLogs.error).toMatch(/later[\s\S]*console output before that:\nstep 1/);
  });

  it('refuses a request without code, or with too much', async () => {
    expect((await rt.d({ action: 'run' })).error).toMatch(/action=run needs 'code'/);
    expect((await rt.d({ action: 'run', code: '   ' })).error).toMatch(/'code' must not be empty/);
    expect((await rt.d({ action: 'run', code: 'x'.repeat(100_001) })).error).toMatch(/'code' has 100001 characters; the limit is 100000/);
    expect((await rt.d({ action: 'run', code: 'return 1', tool: 'x' })).error).toMatch(/'tool' does not go with action=run/);
  });
});

describe('the sandbox', () => {
  it('has no file system, network, process, module loader or timers', async () => {
    const r = await run(`return {
      process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout, setInterval: typeof setInterval,
      std: typeof std, os: typeof os, XMLHttpRequest: typeof XMLHttpRequest, WebSocket: typeof WebSocket, Deno: typeof Deno, Bun: typeof Bun,
      globals: Object.getOwnPropertyNames(globalThis).filter((k) => !/^[A-Z]/.test(k)).sort(),
    };`);
    const res = r.result as Record<string, unknown>;
    for (const k of ['process', 'require', 'fetch', 'setTimeout', 'setInterval', 'std', 'os', 'XMLHttpRequest', 'WebSocket', 'Deno', 'Bun']) expect(res[k], k).toBe('undefined');
    // Only the language's own functions and what mini-a put there (console, mcp).
    expect(res.globals).toEqual(['console', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'mcp', 'parseFloat', 'parseInt', 'undefined', 'unescape']);
    expect((await run('return await import("fs")')).error).toMatch(/could not load module 'fs'/);
    expect((await run('return await import("node:child_process")')).error).toMatch(/could not load module/);
    expect((await run('return new Function("return this")().process')).result).toBeNull();
  });

  it('time limit: a busy loop is stopped', async () => {
    const quick = await makeDispatcher(`(cmd: '${SERVERS.shape}')`, { runTimeoutMs: 300 });
    try {
      const r = await quick.d({ action: 'run', code: 'while (true) {}' });
      expect(r.error).toBe('time limit: the script ran over 300 ms (runtimeout=MS raises it)');
      // A loop that catches everything cannot swallow the interrupt.
      expect((await quick.d({ action: 'run', code: 'for (;;) { try { while (true) {} } catch (e) {} }' })).error).toMatch(/^time limit/);
      // Waiting on a slow call counts too, and the call is cancelled.
      const slow = await quick.d({ action: 'run', code: 'await mcp.call("inflight", { ms: 10000 }); return 1' });
      expect(slow.error).toMatch(/^time limit: the script ran over 300 ms/);
      // The dispatcher is fine afterwards.
      expect((await quick.d({ action: 'run', code: 'return 6 * 7' })).result).toBe(42);
    } finally {
      await quick.close();
    }
  });

  it('memory limit: growing data and deep recursion are stopped', async () => {
    const small = await makeDispatcher(`(cmd: '${SERVERS.shape}')`, { runMemoryMb: 16 });
    try {
      const grow = await small.d({ action: 'run', code: 'const a = []; for (;;) a.push("x".repeat(100000) + a.length);' });
      expect(grow.error).toBe('memory limit: the script used over 16 MB (runmemory=MB raises it)');
      const objects = await small.d({ action: 'run', code: 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "v" + i });' });
      expect(objects.error).toMatch(/^memory limit/);
      const big = await small.d({ action: 'run', code: 'return "y".repeat(64 * 1024 * 1024).length' });
      expect(big.error).toMatch(/^memory limit/);
      // A result too big for the sandbox cannot enter it.
      const heavy = await small.d({ action: 'run', code: 'const r = await mcp.call("records", { n: 4000, pad: 4000 }); return r.count' });
      expect(heavy.error).toMatch(/memory limit/);
      expect((await small.d({ action: 'run', code: 'function f(n) { return f(n + 1) + 1 } return f(0)' })).error).toMatch(/^memory limit: stack overflow/);
      expect((await small.d({ action: 'run', code: 'return [1, 2, 3].map((x) => x * 2)' })).result).toEqual([2, 4, 6]);
    } finally {
      await small.close();
    }
  });

  it('call limit: the call after the last allowed one fails the script, even if it catches it', async () => {
    const few = await makeDispatcher(`(cmd: '${SERVERS.shape}')`, { runMaxCalls: 3 });
    try {
      const r = await few.d({ action: 'run', code: 'for (let i = 0; i < 10; i++) await mcp.call("plain", { text: "x" }); return 1' });
      expect(r.error).toBe('call limit: the script made more than 3 mcp calls (runcalls=N raises it)');
      const caught = await few.d({ action: 'run', code: 'let n = 0; for (let i = 0; i < 10; i++) { try { await mcp.call("plain", { text: "x" }); n++ } catch {} } return n' });
      expect(caught.error).toMatch(/^call limit/);
      const calls = few.dispatcher.stats.calls;
      expect(calls).toBe(6);
      expect((await few.d({ action: 'run', code: 'return await mcp.call("plain", { text: "ok" })' })).result).toBe('ok');
    } finally {
      await few.close();
    }
  });

  it('is loaded only when action=run is used (no static import of quickjs anywhere)', () => {
    const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? files(path.join(d, f)) : [path.join(d, f)]));
    const offenders: string[] = [];
    for (const f of files(path.join(ROOT, 'src'))) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)) {
        if (/quickjs/.test(m[1]!) || m[1]!.endsWith('/sandbox.js')) offenders.push(`${path.relative(ROOT, f)}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('info format=typescript', () => {
  it('gives a compact signature instead of the JSON Schemas', async () => {
    const r = await rt.d({ action: 'info', tool: 'read_text_file', format: 'typescript' });
    expect(r.signature).toBe('mcp.call("read_text_file", args: { path: string; /** If provided, returns only the last N lines of the file */ tail?: number; /** If provided, returns only the first N lines of the file */ head?: number }): Promise<{ content: string }>');
    expect(r.inputSchema).toBeUndefined();
    expect((await rt.d({ action: 'info', tool: 'read_text_file', format: 'yaml' })).error).toMatch(/'format' must be one of json, typescript/);
    expect((await rt.d({ action: 'info', uri: 'file:///x', format: 'typescript' })).error).toMatch(/format=typescript is for tools/);
  });

  it('covers refs, enums, unions, arrays, records and cycles', () => {
    const schema = {
      type: 'object',
      properties: {
        mode: { enum: ['a', 'b'] },
        when: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        pts: { type: 'array', items: { $ref: '#/$defs/p' } },
        bag: { type: 'object', additionalProperties: { type: 'integer' } },
        any: {},
        'odd-name': { const: 3 },
        tree: { $ref: '#/$defs/node' },
      },
      required: ['mode'],
      $defs: { p: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] }, node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    };
    expect(toolSignature({ name: 't', inputSchema: schema })).toBe(
      'mcp.call("t", args: { mode: "a" | "b"; when?: string | null; pts?: { x: number }[]; bag?: { [key: string]: number }; any?: unknown; "odd-name"?: 3; tree?: { kids?: unknown[] } }): Promise<unknown>',
    );
  });
});

describe('through mini-a-proxy (stdio, the SDK client)', () => {
  it('select, batch and run answer MCP clients; the run limits come from the command line', async () => {
    const c = new Client({ name: 'test', version: '1' });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.miniAProxy, `mcp=[(cmd: '${SERVERS.shape}')]`, 'runcalls=2', 'runtimeout=5000', 'batchconcurrency=2'], cwd: ROOT, stderr: 'ignore' }));
    try {
      const ask = async (args: Record<string, unknown>) => {
        const r = (await c.callTool({ name: 'proxy-dispatch', arguments: args })) as { content: Array<{ text: string }>; isError?: boolean };
        return { ...JSON.parse(r.content[0]!.text), mcpError: r.isError === true };
      };
      expect((await ask({ action: 'call', tool: 'records', arguments: { n: 3 }, select: 'records[*].id' })).result).toEqual([0, 1, 2]);
      const b = await ask({ action: 'batch', calls: [{ tool: 'plain', arguments: { text: 'a' } }, { tool: 'records', arguments: { n: 1 }, select: 'count' }] });
      expect(b.results).toEqual([{ tool: 'plain', connection: 'c1', content: [{ type: 'text', text: 'a' }] }, { tool: 'records', connection: 'c1', result: 1 }]);
      expect((await ask({ action: 'run', code: 'return (await mcp.call("records", {n: 5})).records.length' })).result).toBe(5);
      const over = await ask({ action: 'run', code: 'for (let i = 0; i < 3; i++) await mcp.call("plain", {text: "x"}); return 1' });
      expect(over).toMatchObject({ mcpError: true, error: 'call limit: the script made more than 2 mcp calls (runcalls=N raises it)' });
    } finally {
      await c.close();
    }
  });
});
