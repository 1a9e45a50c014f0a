import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode as fromToon } from '@toon-format/toon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { ROOT, SERVERS } from './helpers/servers.js';

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let fsDir: string;
let bigText: string;
let argsRoot: string;

beforeAll(async () => {
  fsDir = tempDir('mini-a-spillfs-');
  argsRoot = tempDir('mini-a-args-');
  bigText = Array.from({ length: 20_000 }, (_, i) => `row ${i + 1} ${i % 1000 === 0 ? 'MARKER' : 'data'} ${'é'.repeat(i % 5)}`).join('\n') + '\n';
  writeFileSync(path.join(fsDir, 'big.txt'), bigText);
  rt = await makeDispatcher(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(fsDir)}'), (cmd: '${SERVERS.crashy}')]`, { threshold: 0, argsRoots: [argsRoot] });
});
afterAll(() => rt?.close());

const spillText = (r: Record<string, unknown>) => (r.content as Array<{ text: string }>)[0]!.text;

describe('spilling results to files', () => {
  it('resultToFile writes the data itself to a private file and answers with path, size and a short preview', async () => {
    const r = await rt.d({ action: 'call', tool: 'read_text_file', arguments: { path: path.join(fsDir, 'big.txt') }, resultToFile: true });
    expect(Object.keys(r).sort()).toEqual(['action', 'autoSpilled', 'connection', 'content', 'resultFile', 'tool']);
    expect(r).toMatchObject({ action: 'call', tool: 'read_text_file', connection: 'c2', autoSpilled: false });
    const file = String(r.resultFile);
    expect(path.basename(file)).toMatch(/^mini-a-proxy-result-[a-z0-9]+-[0-9a-f]+\.json$/);
    expect(readFileSync(file, 'utf8')).toBe(bigText);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const text = spillText(r);
    const bytes = Buffer.byteLength(bigText);
    expect(text).toContain(file);
    expect(text).toContain('resultToFile was set');
    expect(text).toContain(`${bytes} bytes, ≈${Math.ceil(bytes / 4)} tokens, 20000 lines of text`);
    expect(text).toContain('row 1 MARKER');
    expect(text.length).toBeLessThan(800);
    expect(text).not.toContain('row 500 ');
  });

  it('spills automatically over the global threshold; resultSizeThreshold per call wins', async () => {
    const auto = await makeDispatcher(`(cmd: '${SERVERS.everything}')`, { threshold: 1000 });
    try {
      const big = 'x'.repeat(5000);
      const r = await auto.d({ action: 'call', tool: 'echo', arguments: { message: big } });
      expect(r).toMatchObject({ autoSpilled: true });
      expect(spillText(r)).toMatch(/result is \d+ bytes, over the 1000-byte threshold/);
      expect(readFileSync(String(r.resultFile), 'utf8')).toBe(`Echo: ${big}`);
      const small = await auto.d({ action: 'call', tool: 'echo', arguments: { message: 'short' } });
      expect(small.content).toEqual([{ type: 'text', text: 'Echo: short' }]);
      const higher = await auto.d({ action: 'call', tool: 'echo', arguments: { message: big }, resultSizeThreshold: 100_000 });
      expect(higher.resultFile).toBeUndefined();
      const lower = await auto.d({ action: 'call', tool: 'echo', arguments: { message: 'tiny but over 10' }, resultSizeThreshold: 10 });
      expect(lower.autoSpilled).toBe(true);
      expect(auto.dispatcher.stats.spills).toBe(2);
    } finally {
      await auto.close();
    }
    // 0 = off.
    const r0 = await rt.d({ action: 'call', tool: 'echo', arguments: { message: 'y'.repeat(50_000) } });
    expect(r0.resultFile).toBeUndefined();
  });

  it('JSON text and structured results are written as structured data: pretty JSON, or TOON', async () => {
    const json = await rt.d({ action: 'call', tool: 'mirror', connection: 'crashy', arguments: { items: [{ id: 1, name: 'a' }, { id: 2, name: 'b' }], total: 2 }, resultToFile: true });
    expect(spillText(json)).toContain('object with 2 keys: items[2]{id: number, name: string}, total: number');
    expect(JSON.parse(readFileSync(String(json.resultFile), 'utf8'))).toEqual({ items: [{ id: 1, name: 'a' }, { id: 2, name: 'b' }], total: 2 });
    expect(readFileSync(String(json.resultFile), 'utf8').split('\n').length).toBeGreaterThan(5);
    const toon = await makeDispatcher(`(cmd: '${SERVERS.crashy}')`, { toon: true });
    try {
      const data = { users: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `user${i}`, active: i % 2 === 0 })) };
      const r = await toon.d({ action: 'call', tool: 'mirror', arguments: data, resultToFile: true });
      const text = readFileSync(String(r.resultFile), 'utf8');
      expect(text).toMatch(/^users\[50\]\{id,name,active\}:/);
      expect(fromToon(text)).toEqual(data);
      expect(spillText(r)).toContain('lines of toon');
      expect(Buffer.byteLength(text)).toBeLessThan(JSON.stringify(data, null, 2).length / 2);
      // Read back with readresult like any spill.
      const g = await toon.d({ action: 'readresult', resultFile: r.resultFile, op: 'grep', pattern: 'user4[0-9]' });
      expect(g.matchingLines).toBe(10);
    } finally {
      await toon.close();
    }
  });
});

describe('readresult', () => {
  let file: string;
  beforeAll(async () => {
    const r = await rt.d({ action: 'call', tool: 'read_text_file', arguments: { path: path.join(fsDir, 'big.txt') }, resultToFile: true });
    file = String(r.resultFile);
  });
  const lines = () => bigText.split('\n').slice(0, -1);

  it('stat, head, tail, slice, grep and read', async () => {
    expect(await rt.d({ action: 'readresult', resultFile: file })).toMatchObject({ op: 'stat', bytes: Buffer.byteLength(bigText), lines: 20000, format: 'text', tool: 'read_text_file', connection: 'c2' });
    expect((await rt.d({ action: 'readresult', resultFile: file, op: 'head', lines: 3 })).text).toBe(lines().slice(0, 3).join('\n'));
    const tail = await rt.d({ action: 'readresult', resultFile: file, op: 'tail', lines: 2 });
    expect(tail).toMatchObject({ fromLine: 19999, toLine: 20000, totalLines: 20000, text: lines().slice(-2).join('\n') });
    const slice = await rt.d({ action: 'readresult', resultFile: file, op: 'slice', fromLine: 1000, toLine: 1002 });
    expect(slice).toMatchObject({ fromLine: 1000, toLine: 1002, text: lines().slice(999, 1002).join('\n') });
    const grep = await rt.d({ action: 'readresult', resultFile: file, op: 'grep', pattern: 'marker', lines: 3, context: 1 });
    expect(grep).toMatchObject({ matchingLines: 20, returned: 3, truncated: true });
    expect(grep.text).toBe(['1:row 1 MARKER ', '2-row 2 data é', '--', '1000-row 1000 data éééé', '1001:row 1001 MARKER ', '1002-row 1002 data é', '--', '2000-row 2000 data éééé', '2001:row 2001 MARKER ', '2002-row 2002 data é'].join('\n'));
    const read = await rt.d({ action: 'readresult', resultFile: file, op: 'read' });
    expect(read.isError).toBe(true);
    expect(read.error).toMatch(/refused: the file has \d+ bytes .* Use op=stat, then op=grep/);
    const part = await rt.d({ action: 'readresult', resultFile: file, op: 'read', maxBytes: 20 });
    expect(part).toMatchObject({ truncated: true, text: bigText.slice(0, 20) });
    const capped = await rt.d({ action: 'readresult', resultFile: file, op: 'head', lines: 5000, maxBytes: 100 });
    expect(capped.truncated).toBe(true);
    expect(Buffer.byteLength(String(capped.text))).toBeLessThanOrEqual(100);
    expect((await rt.d({ action: 'readresult', resultFile: file, op: 'grep', pattern: '(' })).error).toMatch(/invalid regex '\(':/);
  });

  it('refuses anything that is not a spill file of this store', async () => {
    const dir = path.dirname(file);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a spill');
    symlinkSync('/etc/passwd', path.join(dir, 'mini-a-proxy-result-evil-00.json'));
    const cases: Array<[string, RegExp]> = [
      ['/etc/passwd', /refused: it is outside the allowed roots/],
      [`${dir}/../../etc/passwd`, /refused: it is outside the allowed roots/],
      ['../../../../etc/passwd', /refused: '\.\.' leads out of the allowed roots/],
      [path.join(dir, 'notes.txt'), /refused: only spill files/],
      [path.join(dir, 'mini-a-proxy-result-evil-00.json'), /refused: it is a symlink .* outside/],
      [path.join(fsDir, 'big.txt'), /refused: it is outside the allowed roots/],
    ];
    for (const [p, msg] of cases) {
      const r = await rt.d({ action: 'readresult', resultFile: p, op: 'head' });
      expect(r.isError, p).toBe(true);
      expect(r.error, p).toMatch(msg);
      expect(JSON.stringify(r)).not.toContain('root:');
    }
    // A bare file name is resolved inside the store.
    expect((await rt.d({ action: 'readresult', resultFile: path.basename(file) })).lines).toBe(20000);
  });
});

describe('argumentsFile and the chain pattern', () => {
  it('a spilled object becomes the arguments of the next call; inline arguments add to it', async () => {
    const first = await rt.d({ action: 'call', tool: 'mirror', connection: 'crashy', arguments: { a: 1, nested: { b: [1, 2] } }, resultToFile: true });
    const second = await rt.d({ action: 'call', tool: 'mirror', connection: 'crashy', argumentsFile: first.resultFile, arguments: { extra: true } });
    expect(second.arguments).toEqual({ _fromFile: first.resultFile });
    expect(JSON.parse((second.content as Array<{ text: string }>)[0]!.text)).toEqual({ a: 1, nested: { b: [1, 2] }, extra: true });
  });

  it('PATH#name passes a spilled text as one argument: copy a file through a spill', async () => {
    const read = await rt.d({ action: 'call', tool: 'read_text_file', arguments: { path: path.join(fsDir, 'big.txt') }, resultToFile: true });
    const out = path.join(fsDir, 'copy.txt');
    const write = await rt.d({ action: 'call', tool: 'write_file', argumentsFile: `${read.resultFile}#content`, arguments: { path: out } });
    expect(write.isError).toBeUndefined();
    expect(write.arguments).toEqual({ _fromFile: `${read.resultFile}#content` });
    expect(JSON.stringify(write)).not.toContain('row 1 MARKER');
    expect(readFileSync(out, 'utf8')).toBe(bigText);
  });

  it('reads JSON files under argsroots, refuses escapes, and explains non-object content', async () => {
    writeFileSync(path.join(argsRoot, 'args.json'), JSON.stringify({ message: 'from a file' }));
    const r = await rt.d({ action: 'call', tool: 'echo', argumentsFile: path.join(argsRoot, 'args.json') });
    expect((r.content as Array<{ text: string }>)[0]!.text).toBe('Echo: from a file');
    mkdirSync(path.join(argsRoot, 'sub'), { recursive: true });
    symlinkSync('/etc', path.join(argsRoot, 'sub', 'etc-link'));
    writeFileSync(path.join(argsRoot, 'list.json'), '[1,2]');
    writeFileSync(path.join(argsRoot, 'plain.txt'), 'hello');
    const cases: Array<[string, RegExp]> = [
      ['/etc/hostname', /refused: it is outside the allowed roots/],
      [path.join(argsRoot, '../../etc/hostname'), /refused: it is outside the allowed roots/],
      [path.join(argsRoot, 'sub/etc-link/hostname'), /refused: it is a symlink .* outside/],
      [path.join(argsRoot, 'list.json'), /holds an array, not an object of arguments; pass it as one argument with argumentsFile: '.*list\.json#ARGNAME'/],
      [path.join(argsRoot, 'plain.txt'), /is not JSON; to pass its text as one argument write argumentsFile: '.*#ARGNAME'/],
      [path.join(argsRoot, 'missing.json'), /does not exist/],
    ];
    for (const [p, msg] of cases) {
      const res = await rt.d({ action: 'call', tool: 'echo', argumentsFile: p });
      expect(res.isError, p).toBe(true);
      expect(res.error, p).toMatch(msg);
    }
    const asArg = await rt.d({ action: 'call', tool: 'echo', argumentsFile: `${path.join(argsRoot, 'plain.txt')}#message` });
    expect((asArg.content as Array<{ text: string }>)[0]!.text).toBe('Echo: hello');
  });
});

describe('cleanup', () => {
  it('an uncaught error still removes the spill directory', () => {
    const tmp = tempDir('mini-a-crash-');
    const script = `import { SpillStore } from ${JSON.stringify(path.join(ROOT, 'dist/src/spill/store.js'))};
      const s = await SpillStore.create(); s.writeText('result', 'x', 'text'); console.log(s.dir);
      setTimeout(() => { throw new Error('boom'); }, 10);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('internal error: boom');
    expect(existsSync(r.stdout.trim())).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
