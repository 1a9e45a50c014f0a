import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decode as fromToon } from '@toon-format/toon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeOf } from '../src/spill/shape.js';
import { makeDispatcher } from './helpers/runtime.js';
import { alive, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const db = `node ${path.join(ROOT, 'dist/mcps/db.js')} --db ${path.join(ROOT, 'examples/shop.sqlite')}`;

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
beforeAll(async () => {
  rt = await makeDispatcher(`[(cmd: '${SERVERS.shape}', name: shape), (cmd: '${db}', name: db)]`);
});
afterAll(() => rt?.close());

const text = (r: Record<string, unknown>) => (r.content as Array<{ text: string }>)[0]!.text;

describe('select on action=call', () => {
  it('applies to structuredContent', async () => {
    const r = await rt.d({ action: 'call', tool: 'records', arguments: { n: 12 }, select: "records[?kind=='special'].name" });
    expect(r).toMatchObject({ action: 'call', tool: 'records', connection: 'c1', result: ['rec-0', 'rec-5', 'rec-10'] });
    expect(r.content).toBeUndefined();
    const db = await rt.d({ action: 'call', tool: 'query', arguments: { sql: 'SELECT id, city FROM customers ORDER BY id LIMIT 5' }, select: 'rows[*].city | sort(@) | [0]' });
    expect(typeof db.result).toBe('string');
  });

  it('applies to the JSON text of a result without structuredContent', async () => {
    const r = await rt.d({ action: 'call', tool: 'jsontext', arguments: { a: { b: [1, 2, 3] }, c: 'x' }, select: 'a.b[1]' });
    expect(r.result).toBe(2);
    const none = await rt.d({ action: 'call', tool: 'jsontext', arguments: { a: 1 }, select: 'missing.field' });
    expect(none.result).toBeNull();
  });

  it('refuses plain text results, and does not apply to tool errors', async () => {
    const t = await rt.d({ action: 'call', tool: 'plain', arguments: { text: 'hello there' }, select: 'a' });
    expect(t.isError).toBe(true);
    expect(t.error).toMatch(/select needs JSON, but the result of 'plain' is plain text \(11 bytes\)/);
    const f = await rt.d({ action: 'call', tool: 'fail', select: 'a' });
    expect(f).toMatchObject({ isError: true, note: 'select was not applied: the tool reported an error' });
    expect(text(f)).toBe('it went wrong');
  });

  it('a bad expression is refused before the call, naming the position', async () => {
    const before = rt.dispatcher.stats.calls;
    const r = await rt.d({ action: 'call', tool: 'records', arguments: { n: 1 }, select: "records[?kind=='special'" });
    expect(r.isError).toBe(true);
    expect(r.error).toMatch(/^select 'records\[\?kind=='special'' is not valid JMESPath: .*at position 24 \(the end\)/);
    const lex = await rt.d({ action: 'call', tool: 'records', arguments: { n: 1 }, select: 'records[0] ~ name' });
    expect(lex.error).toMatch(/unknown character: ~, at position 11 \('~'\)/);
    const mid = await rt.d({ action: 'call', tool: 'records', arguments: { n: 1 }, select: 'records..name' });
    expect(mid.error).toMatch(/at position 8 \('\.'\)/);
    expect(rt.dispatcher.stats.calls).toBe(before);
    // A function error shows up when the expression runs; it names the function's position.
    const fn = await rt.d({ action: 'call', tool: 'records', arguments: { n: 1 }, select: 'count | nosuch(@)' });
    expect(fn.error).toMatch(/Unknown function: nosuch\(\), at position 8 \('n'\)/);
    const type = await rt.d({ action: 'call', tool: 'records', arguments: { n: 1 }, select: 'length(count)' });
    expect(type.error).toMatch(/length\(\) expected argument 1 .* at position 0/);
  });

  it('a selected value spills like any result, with its outline', async () => {
    const r = await rt.d({ action: 'call', tool: 'records', arguments: { n: 300 }, select: 'records[*].{id: id, name: name}', resultSizeThreshold: 1000 });
    expect(r.autoSpilled).toBe(true);
    expect(text(r)).toContain('array of 300 items {id: number, name: string}');
    expect(JSON.parse(readFileSync(String(r.resultFile), 'utf8'))).toHaveLength(300);
  });
});

describe('the spill outline', () => {
  it('goes down to the fields of array items with their types', () => {
    const graph = { entities: [{ name: 'a', entityType: 'person', observations: ['x'] }, { name: 'b', entityType: 'org', observations: [] }], relations: [] };
    expect(shapeOf(graph)).toBe('object with 2 keys: entities[2]{name: string, entityType: string, observations: string[]}, relations[0]');
    expect(shapeOf([{ id: 1, v: null }, { id: 2, v: 'x', extra: true }])).toBe('array of 2 items {id: number, v: null|string, extra?: boolean}');
    expect(shapeOf({ 'odd key': [1, 'a'], nested: { deep: { deeper: { x: 1 } } } })).toBe('object with 2 keys: "odd key"[2] of number|string, nested: {deep: {deeper: object}}');
    expect(shapeOf({ rows: [{ tags: [{ k: 'a' }] }] })).toBe('object with 1 keys: rows[1]{tags: {k: string}[]}');
  });

  it('stays within its budget however wide the items are', () => {
    const wide = [Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field_${i}`, i]))];
    const s = shapeOf(wide);
    expect(s.length).toBeLessThanOrEqual(282);
    expect(s).toMatch(/^array of 1 items \{field_0: number, .*, …$/);
  });

  it('keeps the spill answer the size it was on real results (db rows)', async () => {
    const r = await rt.d({ action: 'call', tool: 'query', arguments: { sql: 'SELECT * FROM customers' }, resultToFile: true });
    const t = text(r);
    expect(t).toContain('rows[500]{id: number, name: string, email: string, city: string, country: string, created_at: string}');
    // 660 bytes before the outline had types (measured on this result); the preview gives way.
    expect(Buffer.byteLength(t) - String(r.resultFile).length).toBeLessThanOrEqual(660 - 86);
  });
});

describe('readresult op=query and op=items', () => {
  let big: string;
  let small: string;
  beforeAll(async () => {
    // 20,000 rows, about 3 MB of pretty JSON: over the size where queries stream.
    big = String((await rt.d({ action: 'call', tool: 'query', arguments: { sql: 'SELECT * FROM order_totals', limit: 50000 }, resultToFile: true })).resultFile);
    small = String((await rt.d({ action: 'call', tool: 'records', arguments: { n: 45 }, resultToFile: true })).resultFile);
  });
  const count = async (where: string) => ((await rt.d({ action: 'call', tool: 'query', arguments: { sql: `SELECT count(*) AS n FROM orders ${where}` } })).structuredContent as { rows: Array<{ n: number }> }).rows[0]!.n;

  it('query streams a large file for path[?…] forms and gives the same answer as the database', async () => {
    const q = await rt.d({ action: 'readresult', resultFile: big, op: 'query', select: "rows[?status=='refunded'].id | length(@)" });
    expect(q).toMatchObject({ op: 'query', streamed: true, result: await count("WHERE status = 'refunded'") });
    const p = await rt.d({ action: 'readresult', resultFile: big, op: 'query', select: 'rows[*].total | max(@)' });
    expect(p.streamed).toBe(true);
    expect(typeof p.result).toBe('number');
    const cols = await rt.d({ action: 'readresult', resultFile: big, op: 'query', select: 'columns' });
    expect(cols.result).toEqual(['id', 'customer', 'product', 'total', 'status']);
    // Not a streamable form: evaluated on the whole file (it is under the whole-file limit).
    const whole = await rt.d({ action: 'readresult', resultFile: big, op: 'query', select: 'length(rows)' });
    expect(whole).toMatchObject({ result: 20000 });
    expect(whole.streamed).toBeUndefined();
  });

  it('a query result over maxBytes goes to a new file with its outline', async () => {
    const q = await rt.d({ action: 'readresult', resultFile: big, op: 'query', select: "rows[?status=='pending'].{id: id, customer: customer}", maxBytes: 2000 });
    expect(q.resultFile).not.toBe(big);
    expect(text(q)).toMatch(/array of \d+ items \{id: number, customer: string\}/);
    const again = await rt.d({ action: 'readresult', resultFile: q.resultFile, op: 'query', select: 'length(@)' });
    expect(again.result).toBe(await count("WHERE status = 'pending'"));
  });

  it('items pages through an array with an opaque cursor until the end', async () => {
    const seen: number[] = [];
    let page = await rt.d({ action: 'readresult', resultFile: small, op: 'items', path: 'records', limit: 20 });
    expect(page).toMatchObject({ path: 'records', offset: 0, returned: 20 });
    expect(page.total).toBeUndefined(); // the end was not read
    for (;;) {
      seen.push(...(page.items as Array<{ id: number }>).map((x) => x.id));
      if (!page.nextCursor) break;
      page = await rt.d({ action: 'readresult', resultFile: small, op: 'items', cursor: page.nextCursor, limit: 20 });
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => i));
    expect(page).toMatchObject({ offset: 40, returned: 5, total: 45 });
    const off = await rt.d({ action: 'readresult', resultFile: big, op: 'items', path: 'rows', offset: 19998, limit: 5 });
    expect(off).toMatchObject({ returned: 2, total: 20000 });
    expect((off.items as Array<{ id: number }>)[1]!.id).toBe(20000);
    expect(off.nextCursor).toBeUndefined();
    // A filter is not a plain path: evaluated on the whole file, then paged.
    const f = await rt.d({ action: 'readresult', resultFile: small, op: 'items', path: "records[?kind=='special']", limit: 3 });
    expect(f).toMatchObject({ total: 9, returned: 3 });
  });

  it('items keeps pages within maxBytes', async () => {
    const p = await rt.d({ action: 'readresult', resultFile: big, op: 'items', path: 'rows', limit: 1000, maxBytes: 1000 });
    expect(Number(p.returned)).toBeGreaterThan(0);
    expect(Number(p.returned)).toBeLessThan(20);
    expect(Buffer.byteLength(JSON.stringify(p.items))).toBeLessThanOrEqual(1000);
    const next = await rt.d({ action: 'readresult', resultFile: big, op: 'items', cursor: p.nextCursor });
    expect((next.items as Array<{ id: number }>)[0]!.id).toBe(Number(p.returned) + 1);
  });

  it('streams: a page is read without reading the rest of the file', async () => {
    // A file whose end is broken: the first page comes from its start; a whole-file query fails.
    const meta = rt.spill.writeText('result', `{"rows": [${Array.from({ length: 30 }, (_, i) => `{"i": ${i}}`).join(', ')}, {"i": BROKEN`, 'json');
    const page = await rt.d({ action: 'readresult', resultFile: meta.file, op: 'items', path: 'rows', limit: 5 });
    expect((page.items as Array<{ i: number }>).map((x) => x.i)).toEqual([0, 1, 2, 3, 4]);
    const q = await rt.d({ action: 'readresult', resultFile: meta.file, op: 'query', select: 'length(rows)' });
    expect(q.error).toMatch(/not valid JSON/);
  });

  it('works on TOON spills the same way', async () => {
    const toon = await makeDispatcher(`(cmd: '${SERVERS.shape}')`, { toon: true });
    try {
      const r = await toon.d({ action: 'call', tool: 'records', arguments: { n: 30 }, resultToFile: true });
      const body = readFileSync(String(r.resultFile), 'utf8');
      expect(body).toMatch(/^count: 30\nrecords\[30\]/);
      expect((fromToon(body) as { records: unknown[] }).records).toHaveLength(30);
      const q = await toon.d({ action: 'readresult', resultFile: r.resultFile, op: 'query', select: "records[?kind=='special'].id" });
      expect(q.result).toEqual([0, 5, 10, 15, 20, 25]);
      const p = await toon.d({ action: 'readresult', resultFile: r.resultFile, op: 'items', path: 'records', offset: 28 });
      expect(p).toMatchObject({ returned: 2, total: 30, items: [{ id: 28, name: 'rec-28', kind: 'plain', tags: ['t1'], note: '' }, { id: 29 }] });
    } finally {
      await toon.close();
    }
  });

  it('every bad request is a clear error', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ op: 'query' }, /op=query needs 'select'/],
      [{ op: 'query', select: 'rows[' }, /select 'rows\[' is not valid JMESPath: .*at position 5 \(the end\)/],
      [{ op: 'items', path: 'rows[?' }, /path 'rows\[\?' is not valid JMESPath/],
      [{ op: 'items', path: 'columns[0]' }, /path 'columns\[0\]' gives string, not an array/],
      [{ op: 'items', path: 'rowCount' }, /path 'rowCount' leads to a number, not an array/],
      [{ op: 'items', path: 'nope' }, /path 'nope' leads to nothing \(no such path\), not an array/],
      [{ op: 'items' }, /path '@' leads to an object, not an array/],
      [{ op: 'items', cursor: 'garbage!' }, /'cursor' is not one readresult gave/],
      [{ op: 'items', cursor: Buffer.from(JSON.stringify({ f: 'other.json', p: 'rows', o: 1 })).toString('base64url') }, /'cursor' belongs to another resultFile/],
      [{ op: 'items', cursor: 'abc', path: 'rows' }, /give 'cursor' alone/],
      [{ op: 'items', select: 'rows' }, /'select' does not go with op=items; op=items takes: path, offset, limit, cursor, maxBytes/],
      [{ op: 'query', select: 'rows', limit: 3 }, /'limit' does not go with op=query/],
      [{ op: 'grep', pattern: 'x', path: 'rows' }, /'path' does not go with op=grep/],
    ];
    for (const [req, err] of cases) {
      const r = await rt.d({ action: 'readresult', resultFile: big, ...req });
      expect(r.isError, JSON.stringify(req)).toBe(true);
      expect(String(r.error), JSON.stringify(req)).toMatch(err);
    }
    const txt = rt.spill.writeText('result', 'just some text\n', 'text');
    expect((await rt.d({ action: 'readresult', resultFile: txt.file, op: 'query', select: 'a' })).error).toMatch(/spilled as text, not JSON or TOON data; read it with op=grep/);
  });
});

describe('a select that builds too much', () => {
  const doubling = Array.from({ length: 40 }, () => '[@, @][]').join(' | ');

  it('is stopped at its deadline or its heap, in its own process; mini-a goes on', async () => {
    const { selectInWorker } = await import('../src/spill/select-runner.js');
    const slow = selectInWorker({ x: [1, 2, 3] }, doubling, { evalMs: 500, fileMs: 500, heapMb: 512 }).catch((e: Error) => e);
    // The main thread keeps answering while it runs.
    expect((await rt.d({ action: 'call', tool: 'records', arguments: { n: 2 }, select: 'count' })).result).toBe(2);
    expect(String(await slow)).toMatch(/did not finish within 0.5 s; select less, filter first/);
    const big = await selectInWorker({}, "replace('a', 'a', 'a', `1000000000`)", { evalMs: 30_000, fileMs: 30_000, heapMb: 64 }).catch((e: Error) => e);
    expect(String(big)).toMatch(/needed more than 64 MB: it builds too much/);
    expect(await selectInWorker({ x: [1, 2, 3] }, 'x[1]')).toBe(2);
  });

  it('its process ends with mini-a, however mini-a ends', async () => {
    const script = `
      import { execFileSync } from 'node:child_process';
      const { selectInWorker } = await import(${JSON.stringify(path.join(ROOT, 'dist/src/spill/select-runner.js'))});
      await selectInWorker({ a: 1 }, 'a');
      console.log(execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' }).trim());
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = await new Promise<number[]>((resolve) => parent.stdout!.once('data', (d) => resolve(String(d).trim().split('\n').map(Number))));
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.every(alive)).toBe(true);
    parent.kill('SIGKILL');
    expect(await waitFor(() => !pids.some(alive), 5000)).toBe(true);
  });
});
