import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { ROOT } from './helpers/servers.js';

const db = (file: string, rw = false) => `node ${path.join(ROOT, 'dist/mcps/db.js')} --db ${file}${rw ? ' --readwrite' : ''}`;
let rt: Awaited<ReturnType<typeof makeDispatcher>>;
let copy: string;

beforeAll(async () => {
  copy = path.join(tempDir('mini-a-db-'), 'shop.sqlite');
  copyFileSync(path.join(ROOT, 'examples/shop.sqlite'), copy);
  rt = await makeDispatcher(`[(cmd: '${db(path.join(ROOT, 'examples/shop.sqlite'))}', name: ro), (cmd: '${db(copy, true)}', name: rw)]`);
});
afterAll(() => rt?.close());

const data = (r: Record<string, unknown>) => JSON.parse((r.content as Array<{ text: string }>)[0]!.text);

describe('mcps/db over stdio through the pool', () => {
  it('lists tables and describes one', async () => {
    const t = data(await rt.d({ action: 'call', tool: 'list_tables', connection: 'ro' }));
    expect(t.tables).toEqual([
      { name: 'customers', type: 'table', rows: 500 },
      { name: 'order_totals', type: 'view', rows: 20000 },
      { name: 'orders', type: 'table', rows: 20000 },
      { name: 'products', type: 'table', rows: 120 },
    ]);
    const d = data(await rt.d({ action: 'call', tool: 'describe_table', connection: 'ro', arguments: { table: 'orders' } }));
    expect(d.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'customer_id', 'product_id', 'quantity', 'status', 'ordered_at']);
    expect(d.columns[0]).toMatchObject({ primaryKey: true });
    expect(d.indexes).toEqual([{ name: 'orders_customer', unique: false }]);
    expect(d.sql).toMatch(/^CREATE TABLE orders/);
  });

  it('runs read queries with parameters and returns rows as structured data', async () => {
    const r = data(await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql: 'SELECT id, name FROM customers WHERE id IN (?, ?) ORDER BY id', params: [1, 2] } }));
    expect(r).toMatchObject({ columns: ['id', 'name'], rowCount: 2, truncated: false });
    expect(r.rows[0].id).toBe(1);
    const lim = data(await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql: 'SELECT * FROM orders', limit: 5 } }));
    expect(lim).toMatchObject({ rowCount: 5, truncated: true });
  });

  it('a large result spills and greps like any other', async () => {
    const r = await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql: 'SELECT * FROM order_totals', limit: 50000 }, resultToFile: true });
    expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/object with 4 keys: columns\[5\] of string, rowCount: number, truncated: boolean, rows\[20000\]\{id: number, customer: string, product: string, total: number, status: string\}/);
    const g = await rt.d({ action: 'readresult', resultFile: r.resultFile, op: 'grep', pattern: '"status": "refunded"' });
    const n = data(await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql: "SELECT count(*) AS n FROM orders WHERE status = 'refunded'" } })).rows[0].n;
    expect(g.matchingLines).toBe(n);
  });

  it('refuses writes without readwrite, by any route', async () => {
    for (const sql of ['DELETE FROM orders', "WITH x AS (SELECT 1) INSERT INTO products VALUES (999, 'x', 'y', 1)", 'CREATE TABLE t (a)']) {
      const r = await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql } });
      expect(r.isError, sql).toBe(true);
      expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/refused: this database is read-only/);
    }
    const e = await rt.d({ action: 'call', tool: 'execute', connection: 'ro', arguments: { sql: 'DELETE FROM orders' } });
    expect((e.content as Array<{ text: string }>)[0]!.text).toMatch(/read-only/);
    expect(data(await rt.d({ action: 'call', tool: 'list_tables', connection: 'ro' })).tables[2].rows).toBe(20000);
  });

  it('writes with readwrite, and they persist', async () => {
    const r = data(await rt.d({ action: 'call', tool: 'execute', connection: 'rw', arguments: { sql: "UPDATE orders SET status = 'archived' WHERE id <= ?", params: [10] } }));
    expect(r.changes).toBe(10);
    const again = await makeDispatcher(`(cmd: '${db(copy)}')`);
    try {
      const q = data(await again.d({ action: 'call', tool: 'query', arguments: { sql: "SELECT count(*) AS n FROM orders WHERE status = 'archived'" } }));
      expect(q.rows[0].n).toBe(10);
    } finally {
      await again.close();
    }
  });

  it('SQL errors come back as clear tool errors', async () => {
    const r = await rt.d({ action: 'call', tool: 'query', connection: 'ro', arguments: { sql: 'SELEC * FROM orders' } });
    expect(r.isError).toBe(true);
    expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/^SQL error: near "SELEC": syntax error/);
    const t = await rt.d({ action: 'call', tool: 'describe_table', connection: 'ro', arguments: { table: 'nope' } });
    expect((t.content as Array<{ text: string }>)[0]!.text).toBe('SQL error: no such table: nope');
  });
});
