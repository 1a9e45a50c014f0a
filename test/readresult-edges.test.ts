import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResult, type ReadRequest } from '../src/spill/readresult.js';
import { SpillStore } from '../src/spill/store.js';

let store: SpillStore;
beforeAll(async () => {
  store = await SpillStore.create();
});
afterAll(() => store.cleanup());

const put = (text: string | Buffer) => {
  const w = store.writer('result', 'text');
  w.write(text);
  const meta = w.end();
  store.remember(meta);
  return meta.file;
};
const rr = (file: string, req: Partial<ReadRequest>) => readResult(store, file, { op: 'stat', ...req } as ReadRequest);

/** Reference line split: what `wc -l`-style tools and editors show (CR of CRLF dropped). */
const ref = (text: string) => {
  if (text === '') return [];
  const ls = text.split('\n');
  if (text.endsWith('\n')) ls.pop();
  return ls.map((l) => l.replace(/\r$/, ''));
};

async function checkAll(text: string, label: string) {
  const file = put(text);
  const lines = ref(text);
  const n = lines.length;
  expect((await rr(file, {})).lines, label).toBe(n);
  expect((await rr(file, {})).bytes, label).toBe(Buffer.byteLength(text));
  expect((await rr(file, { op: 'head', lines: 3, maxBytes: 0 })).text, label).toBe(lines.slice(0, 3).join('\n'));
  expect((await rr(file, { op: 'tail', lines: 3, maxBytes: 0 })).text, label).toBe(lines.slice(-3).join('\n'));
  if (n >= 2) expect((await rr(file, { op: 'slice', fromLine: 2, toLine: Math.min(n, 4), maxBytes: 0 })).text, label).toBe(lines.slice(1, 4).join('\n'));
  const g = (await rr(file, { op: 'grep', pattern: 'b', lines: 1000, maxBytes: 0 }));
  const want = lines.map((l, i) => [i + 1, l] as const).filter(([, l]) => /b/i.test(l));
  expect(g.matchingLines, label).toBe(want.length);
  expect(g.text, label).toBe(want.map(([i, l]) => `${i}:${l}`).join('\n'));
  expect((await rr(file, { op: 'read', maxBytes: 0 })).text, label).toBe(text);
}

describe('readresult at the edges', () => {
  it('empty file', async () => {
    const file = put('');
    expect((await rr(file, {}))).toMatchObject({ bytes: 0, lines: 0 });
    expect((await rr(file, { op: 'head' })).text).toBe('');
    expect((await rr(file, { op: 'tail' })).text).toBe('');
    expect((await rr(file, { op: 'grep', pattern: 'x' }))).toMatchObject({ matchingLines: 0, text: '' });
    expect((await rr(file, { op: 'read' })).text).toBe('');
  });

  it('last line without a newline, a lone newline, CRLF', async () => {
    await checkAll('a\nb\nc', 'no final newline');
    await checkAll('\n', 'lone newline');
    await checkAll('\n\n\nb\n', 'blank lines');
    await checkAll('alpha\r\nbeta\r\ngamma\r\n', 'crlf');
    await checkAll('one\r\ntwo b\r\nthree', 'crlf, no final newline');
  });

  it('a 10 MB file of one line: answers stay small, and grep shows a window around the match', async () => {
    const big = 'a'.repeat(5_000_000) + 'NEEDLE' + 'c'.repeat(5_000_000);
    const file = put(big);
    expect((await rr(file, {}))).toMatchObject({ lines: 1, bytes: 10_000_006 });
    const head = (await rr(file, { op: 'head' }));
    expect(Buffer.byteLength(String(head.text))).toBeLessThanOrEqual(64 * 1024 + 40);
    expect(head.truncated).toBe(true);
    const tail = (await rr(file, { op: 'tail', lines: 1 }));
    expect(Buffer.byteLength(String(tail.text))).toBeLessThanOrEqual(64 * 1024 + 40);
    const g = (await rr(file, { op: 'grep', pattern: 'needle' }));
    expect(g.matchingLines).toBe(1);
    expect(String(g.text)).toMatch(/^1:…\[from col \d+\] a+NEEDLEc+ …\[\+\d+ chars\]$/);
    expect(String(g.text).length).toBeLessThan(4200);
    expect((await rr(file, { op: 'read', maxBytes: 10 })).text).toBe('aaaaaaaaaa');
  });

  it('multibyte UTF-8 across every chunk border', async () => {
    // 2-, 3- and 4-byte characters on lines long enough to straddle 64 KiB, 256 KiB and 4 MiB borders.
    const parts: string[] = [];
    for (let i = 0; i < 120; i++) parts.push(`${i} ${'é'.repeat(15_000 + i)} ${'€'.repeat(9_000)} ${'𝄞'.repeat(7_000)} b${i % 3 === 0 ? 'x' : ''}`);
    const text = parts.join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(8 * 1024 * 1024);
    const file = put(text);
    const lines = ref(text);
    expect((await rr(file, {})).lines).toBe(120);
    expect((await rr(file, { op: 'slice', fromLine: 60, toLine: 62, maxBytes: 0 })).text).toBe(lines.slice(59, 62).join('\n'));
    expect((await rr(file, { op: 'tail', lines: 5, maxBytes: 0 })).text).toBe(lines.slice(-5).join('\n'));
    const g = (await rr(file, { op: 'grep', pattern: '€ 𝄞+ bx', lines: 200, maxBytes: 0 }));
    expect(g.matchingLines).toBe(40);
    // 40 lines of 85 KB: maxBytes 0 still stops at the 1 MiB cap on answers, after whole lines.
    const nums = String(g.text).split('\n').map((l) => Number(l.split(':')[0]));
    expect(nums.length).toBeGreaterThan(5);
    expect(nums).toEqual(lines.map((_, i) => i + 1).filter((i) => (i - 1) % 3 === 0).slice(0, nums.length));
    expect(g).toMatchObject({ returned: nums.length, truncated: true });
    expect(Buffer.byteLength(String(g.text))).toBeLessThanOrEqual(1024 * 1024);
    expect(String(g.text)).not.toContain('\uFFFD');
    const gAscii = (await rr(file, { op: 'grep', pattern: 'bx$', lines: 5 }));
    expect(gAscii.matchingLines).toBe(40);
    expect(String(gAscii.text)).not.toContain('\uFFFD');
  });

  it('grep context spans chunk borders and counts every matching line once', async () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => (i % 50_000 === 49_999 ? `hit hit ${i + 1}` : `line ${i + 1}`));
    const file = put(lines.join('\n') + '\n');
    const g = (await rr(file, { op: 'grep', pattern: 'hit', context: 2, lines: 10 }));
    expect(g.matchingLines).toBe(6);
    const out = String(g.text).split('\n');
    expect(out.slice(0, 5)).toEqual(['49998-line 49998', '49999-line 49999', '50000:hit hit 50000', '50001-line 50001', '50002-line 50002']);
    expect(out.filter((l) => l === '--')).toHaveLength(5);
  });
});
