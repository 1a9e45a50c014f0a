/**
 * readresult against hostile patterns and files (issue 14, items 1, 9, 14, 15, 16): a runaway
 * regex gets a clear error while other requests go on; every answer has a hard size cap and says
 * how to page; tail is linear and returns the lines asked; FIFOs are refused without blocking.
 * Checks that could hang the code before the fix run in a worker with a deadline (runBuilt).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, openSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResult, type ReadRequest } from '../src/spill/readresult.js';
import { SpillStore } from '../src/spill/store.js';
import { closeBuilt, runBuilt } from './helpers/deadline.js';
import { makeDispatcher } from './helpers/runtime.js';
import { ROOT, SERVERS } from './helpers/servers.js';

let store: SpillStore;
beforeAll(async () => {
  store = await SpillStore.create();
});
afterAll(async () => {
  await closeBuilt();
  await store.cleanup();
});

const put = (text: string) => store.writeText('result', text, 'text').file;
const rr = (file: string, req: Partial<ReadRequest>) => readResult(store, file, { op: 'stat', ...req } as ReadRequest);
const MiB = 1024 * 1024;

/** readResult on a fresh store over the same directory, in a worker with a deadline. */
const rrBuilt = (file: string, req: Partial<ReadRequest>, deadlineMs = 20_000) =>
  runBuilt(
    'src/spill/readresult',
    'async (m, storeUrl, dir, file, req) => { const { SpillStore } = await import(storeUrl); const s = await SpillStore.create({ dir }); return await m.readResult(s, file, req); }',
    [pathToFileURL(path.join(ROOT, 'dist/src/spill/store.js')).href, store.dir, file, { op: 'stat', ...req }],
    deadlineMs,
  ) as Promise<Record<string, unknown>>;

describe('grep with a runaway pattern (item 1)', () => {
  it('(a+)+$ over lines of 30 a + b: a clear error naming the pattern, and other requests answered meanwhile', async () => {
    const evil = put(Array.from({ length: 50 }, () => 'a'.repeat(30) + 'b').join('\n') + '\n');
    const other = put('alpha\nbeta\ngamma\n');
    let settled = false;
    const g = rr(evil, { op: 'grep', pattern: '(a+)+$' }).finally(() => (settled = true));
    // While the runaway grep runs, the same process answers a stat, a head and a plain grep.
    expect(await rr(other, {})).toMatchObject({ lines: 3 });
    expect((await rr(other, { op: 'head', lines: 1 })).text).toBe('alpha');
    expect(await rr(other, { op: 'grep', pattern: 'BETA' })).toMatchObject({ matchingLines: 1, text: '2:beta' });
    expect(settled).toBe(false);
    await expect(g).rejects.toThrow(/^grep stopped: pattern '\(a\+\)\+\$' made no progress for 3 s .*catastrophic backtracking\. Use a simpler pattern/);
    // The dispatcher passes the same message on as the answer's error.
    const h = await makeDispatcher(`(cmd: '${SERVERS.time}')`, { spillDir: store.dir });
    try {
      const r = await h.d({ action: 'readresult', resultFile: evil, op: 'grep', pattern: '(a+)+c' });
      expect(r).toMatchObject({ isError: true, error: expect.stringMatching(/^grep stopped: pattern '\(a\+\)\+c'/) });
    } finally {
      await h.close();
    }
  }, 30_000);

  it('a legitimate grep over 30 MB runs off the main thread: timers fire and a stat is answered before it ends', async () => {
    const block = Array.from({ length: 1000 }, (_, i) => `2026-11-22 ${i % 7 === 0 ? 'ERROR' : 'info'} request ${i} served ok`).join('\n') + '\n';
    const big = put(block.repeat(Math.ceil((30 * MiB) / block.length)));
    const small = put('one\n');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let done = false;
    const g = rr(big, { op: 'grep', pattern: 'error', lines: 3 }).finally(() => (done = true));
    expect(await rr(small, {})).toMatchObject({ lines: 1 });
    expect(done).toBe(false);
    const res = await g;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(res).toMatchObject({ returned: 3, text: '1:2026-11-22 ERROR request 0 served ok\n8:2026-11-22 ERROR request 7 served ok\n15:2026-11-22 ERROR request 14 served ok' });
    expect(res.matchingLines).toBe(143 * Math.ceil((30 * MiB) / block.length));
  }, 30_000);
});

describe('the grep worker', () => {
  it('starts under `node --input-type=module -e` too (it must not inherit options meant for inline code)', () => {
    const f = put('a\nERR b\n');
    const script = `
      const { SpillStore } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist/src/spill/store.js')).href)});
      const { readResult } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist/src/spill/readresult.js')).href)});
      const s = await SpillStore.create({ dir: ${JSON.stringify(store.dir)} });
      process.stdout.write(JSON.stringify(await readResult(s, ${JSON.stringify(f)}, { op: 'grep', pattern: 'err' })));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ matchingLines: 1, text: '2:ERR b' });
  });
});

describe('every read has a hard cap and says how to page (item 9)', () => {
  let file: string;
  const line = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat(16 * 1024)}`;
  const N = 400; // 400 lines of 16 KB: 6.4 MB
  beforeAll(() => {
    file = put(Array.from({ length: N }, (_, i) => line(i + 1)).join('\n') + '\n');
  });

  it('read with maxBytes 0 (and with 10 MB) returns at most 1 MiB and where to go on', async () => {
    for (const maxBytes of [0, 10 * MiB]) {
      const r = await rrBuilt(file, { op: 'read', maxBytes });
      expect(r.returnedBytes).toBeLessThanOrEqual(MiB);
      expect(r.truncated).toBe(true);
      const shownLines = String(r.text).split('\n').length;
      expect(r.hint).toMatch(new RegExp(`^read stopped at the 1048576-byte cap on answers, \\d+ of \\d+ bytes; go on with op=slice fromLine=${shownLines}, or find what you need with op=grep$`));
    }
  }, 30_000);

  it('head, slice, tail and grep with maxBytes 0 stop at 1 MiB too, after whole lines', async () => {
    const head = await rrBuilt(file, { op: 'head', lines: 100_000, maxBytes: 0 });
    expect(Buffer.byteLength(String(head.text))).toBeLessThanOrEqual(MiB);
    const last = Number(head.toLine);
    expect(String(head.text).split('\n')).toEqual(Array.from({ length: last }, (_, i) => line(i + 1)));
    expect(head.hint).toBe(`stopped at the 1048576-byte cap on answers after line ${last}; go on with op=slice fromLine=${last + 1}`);
    const slice = await rrBuilt(file, { op: 'slice', fromLine: 100, toLine: 400, maxBytes: 0 });
    expect(slice).toMatchObject({ fromLine: 100, truncated: true });
    expect(Buffer.byteLength(String(slice.text))).toBeLessThanOrEqual(MiB);
    const tail = await rrBuilt(file, { op: 'tail', lines: 100_000, maxBytes: 0 });
    expect(Buffer.byteLength(String(tail.text))).toBeLessThanOrEqual(MiB);
    expect(tail).toMatchObject({ toLine: N, truncated: true });
    expect(tail.hint).toMatch(/earlier lines with op=slice/);
    const grep = await rrBuilt(file, { op: 'grep', pattern: 'x', lines: 100_000, maxBytes: 0 });
    expect(Buffer.byteLength(String(grep.text))).toBeLessThanOrEqual(MiB);
    expect(grep).toMatchObject({ matchingLines: N, truncated: true });
    expect(grep.hint).toMatch(/^stopped at the 1048576-byte cap on answers after \d+ of 400 matching lines/);
  }, 60_000);
});

describe('tail (items 14, 15)', () => {
  it('lines=100000 of 200,000 short lines reads only what fits (it was quadratic)', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}`);
    const f = put(lines.join('\n') + '\n');
    const r = await rrBuilt(f, { op: 'tail', lines: 100_000 });
    const got = String(r.text).split('\n');
    expect(got).toEqual(lines.slice(-got.length));
    expect(got.length).toBeGreaterThan(1000);
    expect(Buffer.byteLength(String(r.text))).toBeLessThanOrEqual(64 * 1024);
    expect(r).toMatchObject({ fromLine: 200_001 - got.length, toLine: 200_000, totalLines: 200_000, truncated: true });
  }, 30_000);

  it('returns the lines asked when the last (or first) line is over 16 KB, marking it cut', async () => {
    const short = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);
    const f = put(short.join('\n') + '\n' + 'x'.repeat(20_000) + '\n');
    const r = await rr(f, { op: 'tail', lines: 5 });
    expect(r).toMatchObject({ fromLine: 7, toLine: 11, truncated: true });
    expect(String(r.text).split('\n')).toEqual([...short.slice(6), 'x'.repeat(16_000) + ' …[line cut]']);
    const g = put('y'.repeat(20_000) + '\n' + short.join('\n') + '\n');
    const all = await rr(g, { op: 'tail', lines: 11 });
    expect(all).toMatchObject({ fromLine: 1, toLine: 11 });
    expect(String(all.text).split('\n')).toEqual(['y'.repeat(16_000) + ' …[line cut]', ...short]);
  });
});

describe('non-regular files in the spill directory (item 16)', () => {
  let fifo: string;
  beforeAll(() => {
    fifo = path.join(store.dir, 'mini-a-proxy-result-fifo-00.json');
    execFileSync('mkfifo', [fifo]);
  });
  afterAll(() => {
    // Should anything still wait in open() on the FIFO, a writer releases it.
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader: nothing waits.
    }
  });

  it('a FIFO named like a spill file is refused at once by every op, never opened for a read that blocks', async () => {
    for (const op of ['stat', 'head', 'tail', 'slice', 'grep', 'read'] as const) {
      const req: Partial<ReadRequest> = { op, ...(op === 'grep' ? { pattern: 'x' } : op === 'slice' ? { fromLine: 1 } : op === 'read' ? { maxBytes: 10 } : {}) };
      await expect(rrBuilt(fifo, req, 10_000), op).rejects.toThrow(/is a FIFO \(named pipe\), not a regular file: refused/);
    }
  }, 90_000);

  it('through the dispatcher: the answer says why; a symlink out of the directory stays refused', async () => {
    const h = await makeDispatcher(`(cmd: '${SERVERS.time}')`, { spillDir: store.dir });
    try {
      const r = await h.d({ action: 'readresult', resultFile: fifo, op: 'stat' });
      expect(r).toMatchObject({ isError: true, error: `'${fifo}' is a FIFO (named pipe), not a regular file: refused (only regular spill files are read)` });
      const dev = path.join(store.dir, 'mini-a-proxy-result-dev-00.json');
      symlinkSync('/dev/zero', dev);
      expect((await h.d({ action: 'readresult', resultFile: dev, op: 'head' })).error).toMatch(/refused: it is a symlink .* outside/);
    } finally {
      await h.close();
    }
  });
});
