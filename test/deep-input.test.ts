/**
 * Deeply nested input never overflows the stack (issue 14, item 10): SLON on the command line, and
 * what a downstream server sends (tool schemas, results, resource templates), through the real
 * CLI and dispatcher, against a server that writes 20,000-level JSON by hand.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactSchema } from '../src/dispatch/compact-schema.js';
import { redact } from '../src/util/redact.js';
import { runCli } from './helpers/cli.js';
import { makeDispatcher } from './helpers/runtime.js';
import { BIN, ROOT } from './helpers/servers.js';

const HOSTILE = `node ${path.join(ROOT, 'test/fixtures/hostile-server.mjs')}`;

describe('deep SLON is a usage error, not a crash', () => {
  it('mcp= with 5,000 levels: exit 2 and one line saying where', () => {
    const r = runCli(['dispatch={"action":"list"}', `mcp=${'['.repeat(5000)}${']'.repeat(5000)}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mini-a: mcp: maps and lists nest deeper than 100 levels at column 101\n');
  });

  it('OAF_MODEL with 5,000 levels of maps', () => {
    const r = runCli(['goal=hi'], { env: { OAF_MODEL: '(a: '.repeat(5000) + '1' + ')'.repeat(5000) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mini-a: OAF_MODEL: maps and lists nest deeper than 100 levels at column 401\n');
  });

  it('100 levels still parse (the error is then about what they hold), 101 do not', () => {
    const at = (n: number) => runCli(['dispatch={"action":"list"}', `mcp=${'['.repeat(n)}${']'.repeat(n)}`]).stderr;
    expect(at(100)).toMatch(/^mini-a: mcp\[0\]: a connection must be a map/);
    expect(at(101)).toMatch(/nest deeper than 100 levels/);
  });
});

describe('walkers over hostile values', () => {
  it('compactSchema of a 100,000-level schema: cut, with a note', () => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i++) s = { type: 'object', properties: { a: s } };
    const out = JSON.stringify(compactSchema(s));
    expect(out).toContain('(nested deeper than 64 levels: not shown)');
    expect(out.length).toBeLessThan(5000);
  });

  it('redact: deep args do not overflow, and nothing below its depth limit comes back unmasked', () => {
    let v: unknown = { args: ['--token', 'deep-secret-1'] };
    for (let i = 0; i < 100_000; i++) v = { args: [v] };
    expect(() => JSON.stringify(redact(v))).not.toThrow();
    let w: unknown = { note: 'plain text sk-abcdefghijkl' };
    for (let i = 0; i < 30; i++) w = { a: w };
    expect(JSON.stringify(redact(w))).not.toContain('abcdefghijkl');
  });
});

describe('a server that sends 20,000-level JSON', () => {
  let h: Awaited<ReturnType<typeof makeDispatcher>>;
  beforeAll(async () => {
    h = await makeDispatcher(`(cmd: '${HOSTILE}')`);
  });
  afterAll(() => h.close());

  it('info and list show its schema cut at 64 levels', async () => {
    const info = await h.d({ action: 'info', tool: 'deep_schema' });
    expect(info.isError).toBeUndefined();
    expect(JSON.stringify(info.inputSchema)).toContain('(nested deeper than 64 levels: not shown)');
    const list = await h.d({ action: 'list', includeInputSchema: true });
    expect(list.isError).toBeUndefined();
    expect(JSON.stringify(list)).toContain('(nested deeper than 64 levels: not shown)');
  });

  it('a deep result is refused with a clear error, inline or spilled', async () => {
    for (const resultToFile of [false, true]) {
      const r = await h.d({ action: 'call', tool: 'deep_result', resultToFile });
      expect(r).toMatchObject({ isError: true, error: "the result of 'deep_result' (c1/hostile) nests deeper than 256 levels; mini-a does not pass on data that deep" });
    }
  });

  it('deep JSON text spills as the text it is', async () => {
    const r = await h.d({ action: 'call', tool: 'deep_text', resultToFile: true });
    expect(r.isError).toBeUndefined();
    const stat = await h.d({ action: 'readresult', resultFile: r.resultFile, op: 'stat' });
    expect(stat).toMatchObject({ format: 'text', lines: 1, bytes: 20_000 * 6 + 1 });
  });
});

describe('a resource template with 12 variables', () => {
  it('a URI that does not fit is answered at once (the regex built from the template was exponential)', () => {
    const r = spawnSync(process.execPath, [BIN.miniA, `dispatch={"action":"call","uri":"x${'b'.repeat(40)}z"}`, `mcp=(cmd: '${HOSTILE}')`], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    expect(r.signal).toBeNull();
    expect(JSON.parse(r.stdout)).toMatchObject({ isError: true, error: expect.stringMatching(/^unknown resource 'xb+z'/) });
    const ok = spawnSync(process.execPath, [BIN.miniA, `dispatch={"action":"call","uri":"x${'b'.repeat(40)}y"}`, `mcp=(cmd: '${HOSTILE}')`], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
    expect(JSON.parse(ok.stdout)).toMatchObject({ content: [{ text: 'read' }] });
  }, 70_000);
});
