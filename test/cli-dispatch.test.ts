import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { logicTest } from './helpers/matrix.js';
import { tempDir } from './helpers/runtime.js';
import { ROOT, SERVERS } from './helpers/servers.js';

const TIME = `mcp=[(cmd: '${SERVERS.time}'), (cmd: '${SERVERS.utils(ROOT)}')]`;
const DB = `mcp=[(cmd: 'node ${path.join(ROOT, 'dist/mcps/db.js')} --db ${path.join(ROOT, 'examples/shop.sqlite')}')]`;

/** Processes whose command line mentions this marker (our servers get it through their path). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', '--', marker], { encoding: 'utf8' }).split('\n').filter((l) => l && !l.includes('pgrep'));
  } catch {
    return [];
  }
}

describe('one-shot dispatch from a shell', () => {
  logicTest('list and call print JSON and exit 0; an error response exits 1', () => {
    const list = runCli(['dispatch={"action":"list"}', TIME]);
    expect(list.code, list.stderr).toBe(0);
    const l = JSON.parse(list.stdout);
    expect(l.connections.map((c: { name: string; toolCount: number }) => [c.name, c.toolCount])).toEqual([['time', 4], ['utils', 3]]);
    const call = runCli(['dispatch={"action":"call","tool":"convert_time","arguments":{"time":"2026-07-01 12:00","from_timezone":"Europe/Lisbon","to_timezone":"Asia/Tokyo"}}', TIME]);
    expect(call.code).toBe(0);
    expect(JSON.parse(JSON.parse(call.stdout).content[0].text).target.time).toBe('20:00:00');
    const pretty = runCli(['dispatch={"action":"search","query":"time zone names"}', TIME, 'format=pretty']);
    expect(pretty.stdout).toMatch(/^\{\n {2}"action": "search",/);
    const bad = runCli(['dispatch={"action":"call","tool":"nope"}', TIME]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ isError: true, error: expect.stringMatching(/unknown tool 'nope'/) });
  });

  logicTest('invalid JSON is a usage error with its position, and no stack', () => {
    const r = runCli(['dispatch={"action":"list",}', TIME]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^mini-a: dispatch: invalid JSON: .* at line 1, column 18$/);
    expect(r.stdout).toBe('');
  });

  logicTest('dispatch=- runs JSON Lines from stdin in order over one pool', () => {
    const input = ['{"action":"call","tool":"current_time","arguments":{"timezone":"UTC"}}', '', 'not json', '{"action":"info","tool":"format_time"}'].join('\n') + '\n';
    const r = runCli(['dispatch=-', TIME, 'mcplazy=true'], { input });
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(3);
    expect(JSON.parse(out[0].content[0].text).timezone).toBe('UTC');
    expect(out[1]).toMatchObject({ isError: true, error: expect.stringMatching(/^stdin line 3: invalid JSON/) });
    expect(out[2]).toMatchObject({ action: 'info', tool: 'format_time' });
    expect(r.code).toBe(1);
  });

  logicTest('spilldir keeps spills for a second process to read back and chain into argumentsFile', () => {
    const dir = tempDir('mini-a-kept-');
    const first = runCli(['dispatch={"action":"call","tool":"query","arguments":{"sql":"SELECT * FROM customers"},"resultToFile":true}', DB, `spilldir=${dir}`]);
    expect(first.code, first.stderr).toBe(0);
    const file = JSON.parse(first.stdout).resultFile as string;
    expect(path.dirname(file)).toBe(dir);
    expect(first.stderr).toContain(`spill file(s) kept in ${dir}`);
    expect(existsSync(file)).toBe(true);
    // A second process, no servers at all: stat is free, grep streams.
    const stat = runCli([`dispatch={"action":"readresult","resultFile":"${file}"}`, `spilldir=${dir}`]);
    expect(JSON.parse(stat.stdout)).toMatchObject({ op: 'stat', tool: 'query', connection: 'c1', format: 'json' });
    const grep = runCli([`dispatch={"action":"readresult","resultFile":"${file}","op":"grep","pattern":"\\"city\\": \\"Tokyo\\""}`, `spilldir=${dir}`]);
    expect(JSON.parse(grep.stdout).matchingLines).toBeGreaterThan(10);
    // Chain: a spilled {sql} object becomes the next call's arguments.
    const args = runCli(['dispatch={"action":"call","tool":"mirror","arguments":{"sql":"SELECT count(*) AS n FROM customers WHERE country = \'Japan\'"},"resultToFile":true}', `mcp=[(cmd: '${SERVERS.crashy}')]`, `spilldir=${dir}`]);
    const argsFile = JSON.parse(args.stdout).resultFile;
    const chained = runCli([`dispatch={"action":"call","tool":"query","argumentsFile":"${argsFile}"}`, DB, `spilldir=${dir}`]);
    expect(chained.code, chained.stderr).toBe(0);
    const res = JSON.parse(chained.stdout);
    expect(res.arguments).toEqual({ _fromFile: argsFile });
    expect(JSON.parse(res.content[0].text).rows[0].n).toBeGreaterThan(0);
  });

  it('without spilldir nothing outlives the process, and no server is left running', () => {
    const tmp = tempDir('mini-a-noleft-');
    // A marker of this test alone: other test files run db servers at the same time.
    const marker = `noleft-${process.pid}`;
    const db = `mcp=[(cmd: 'node ${path.join(ROOT, 'dist/mcps/db.js')} --db ${path.join(ROOT, 'examples/shop.sqlite')} --${marker}')]`;
    const r = runCli(['dispatch={"action":"call","tool":"list_tables","resultToFile":true}', db], { env: { TMPDIR: tmp } });
    expect(r.code).toBe(0);
    expect(existsSync(JSON.parse(r.stdout).resultFile)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
    expect(processesWith(marker)).toEqual([]);
  });

  logicTest('keepresults=true keeps the private directory and says where', () => {
    const tmp = tempDir('mini-a-keep-');
    const r = runCli(['dispatch={"action":"call","tool":"current_time","resultToFile":true}', TIME, 'keepresults=true'], { env: { TMPDIR: tmp } });
    const file = JSON.parse(r.stdout).resultFile;
    expect(readFileSync(file, 'utf8')).toContain('timezone');
    expect(r.stderr).toContain(`kept in ${path.dirname(file)}`);
  });
});

describe('a reader that goes away', () => {
  it('mini-a dispatch=- | head: stops on the closed pipe, ends its servers, no busy loop', async () => {
    const { spawn } = await import('node:child_process');
    const marker = `--epipe-${process.pid}`;
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/cli/mini-a.js'), 'dispatch=-', `mcp=[(cmd: '${SERVERS.time} ${marker}')]`], { cwd: ROOT });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await new Promise<void>((r) => child.stdout.once('data', () => r()).on('error', () => {}) && child.stdin.write('{"action":"list"}\n'));
    child.stdout.destroy();
    child.stderr.destroy();
    for (let i = 0; i < 20; i++) child.stdin.write('{"action":"call","tool":"current_time"}\n');
    const t0 = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('useutils=true', () => {
  logicTest('adds the bundled utils server, rooted at the working directory', () => {
    const r = runCli(['dispatch={"action":"call","tool":"filesystemQuery","arguments":{"operation":"glob","pattern":"examples/*.sh"}}', 'useutils=true']);
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout);
    expect(res.connection).toBe('c1');
    expect(JSON.parse(res.content[0].text).files).toEqual(expect.arrayContaining(['examples/time-question.sh', 'examples/db-spill-grep.sh']));
    const outside = runCli(['dispatch={"action":"call","tool":"filesystemQuery","arguments":{"operation":"read","path":"../../etc/passwd"}}', 'useutils=true']);
    expect(JSON.parse(outside.stdout).content[0].text).toMatch(/refused/);
  });
});
