#!/usr/bin/env node
/**
 * mcps/db — a SQLite MCP server (Mini-A's mcp-db): list tables, describe a table, run read
 * queries (rows as structured content), and write statements only with --readwrite.
 * Run: node dist/mcps/db.js --db FILE [--readwrite]   (FILE is created with --readwrite if missing)
 *
 * Uses sql.js (SQLite compiled to WebAssembly): it installs from the npm registry with no native
 * build. The database is read into memory; with --readwrite, every change is written back.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { z } from 'zod';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1);
}

const file = argValue('--db') ?? process.env.MINI_DB_FILE;
const readwrite = process.argv.includes('--readwrite') || process.env.MINI_DB_READWRITE === 'true';
if (!file) {
  process.stderr.write('mcps/db: give the database with --db FILE\n');
  process.exit(2);
}
const dbPath = path.resolve(file);
if (!existsSync(dbPath) && !readwrite) {
  process.stderr.write(`mcps/db: ${dbPath} does not exist (start with --readwrite to create it)\n`);
  process.exit(2);
}

const wasmDir = path.dirname(createRequire(import.meta.url).resolve('sql.js'));
const SQL = await initSqlJs({ locateFile: (f: string) => path.join(wasmDir, f) });
const db: Database = new SQL.Database(existsSync(dbPath) ? readFileSync(dbPath) : undefined);
// SQLite itself refuses every write in read-only mode, whatever shape the statement has.
if (!readwrite) db.run('PRAGMA query_only = ON');

/** Writes the in-memory database back to its file (atomically). */
function persist(): void {
  const tmp = `${dbPath}.tmp-${process.pid}`;
  writeFileSync(tmp, db.export());
  renameSync(tmp, dbPath);
}

type Row = Record<string, SqlValue>;

/** Runs one statement and returns its rows as objects, at most `limit` of them. */
function rows(sql: string, params: SqlValue[] = [], limit = Infinity): { columns: string[]; rows: Row[]; truncated: boolean } {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const out: Row[] = [];
    let truncated = false;
    while (stmt.step()) {
      if (out.length >= limit) {
        truncated = true;
        break;
      }
      out.push(stmt.getAsObject() as Row);
    }
    return { columns: stmt.getColumnNames(), rows: out, truncated };
  } finally {
    stmt.free();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}
function fail(e: unknown): CallToolResult {
  const msg = (e as Error)?.message ?? String(e);
  const text = /readonly|read-only|query_only/i.test(msg) ? `refused: this database is read-only (start mcps/db with --readwrite to change it): ${msg}` : `SQL error: ${msg}`;
  return { content: [{ type: 'text', text }], isError: true };
}
function guard(f: () => CallToolResult): CallToolResult {
  try {
    return f();
  } catch (e) {
    return fail(e);
  }
}

const params = z.array(z.union([z.string(), z.number(), z.null()])).optional().describe('values for ? placeholders');
const server = new McpServer({ name: 'mini-a-db', version: '0.1.0' });

server.registerTool(
  'list_tables',
  { description: 'List the tables and views of the SQLite database, with their row counts.', inputSchema: {}, annotations: { readOnlyHint: true } },
  async () =>
    guard(() => {
      const t = rows("SELECT name, type FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name").rows;
      const tables = t.map((r) => ({ name: r.name, type: r.type, rows: rows(`SELECT count(*) AS n FROM ${ident(String(r.name))}`).rows[0]!.n }));
      return ok({ database: path.basename(dbPath), readwrite, tables });
    }),
);

server.registerTool(
  'describe_table',
  { description: 'Columns (name, type, not null, default, primary key), indexes, row count and CREATE statement of one table.', inputSchema: { table: z.string() }, annotations: { readOnlyHint: true } },
  async ({ table }) =>
    guard(() => {
      const def = rows("SELECT sql FROM sqlite_master WHERE name = ? AND type IN ('table','view')", [table]).rows[0];
      if (!def) throw new Error(`no such table: ${table}`);
      const columns = rows(`PRAGMA table_info(${ident(table)})`).rows.map((c) => ({ name: c.name, type: c.type, notNull: c.notnull === 1, default: c.dflt_value, primaryKey: c.pk !== 0 }));
      const indexes = rows(`PRAGMA index_list(${ident(table)})`).rows.map((i) => ({ name: i.name, unique: i.unique === 1 }));
      const count = rows(`SELECT count(*) AS n FROM ${ident(table)}`).rows[0]!.n;
      return ok({ table, rows: count, columns, indexes, sql: def.sql });
    }),
);

server.registerTool(
  'query',
  {
    description: 'Run a read-only SQL query (SELECT, WITH, PRAGMA) and return its rows as objects. Large results are good candidates for resultToFile.',
    inputSchema: { sql: z.string(), params, limit: z.number().int().positive().optional().describe('most rows to return (default 10000)') },
    annotations: { readOnlyHint: true },
  },
  async ({ sql, params: p, limit }) =>
    guard(() => {
      if (!readwrite) {
        // query_only already refuses writes; this gives the friendlier message first.
        if (/^\s*(insert|update|delete|replace|create|drop|alter|attach|detach|vacuum|reindex)\b/i.test(sql)) throw new Error('attempt to write a readonly database');
      }
      const r = rows(sql, (p ?? []) as SqlValue[], limit ?? 10_000);
      return ok({ columns: r.columns, rowCount: r.rows.length, truncated: r.truncated, rows: r.rows });
    }),
);

server.registerTool(
  'execute',
  {
    description: 'Run a write statement (INSERT, UPDATE, DELETE, CREATE …). Only when the server was started with --readwrite.',
    inputSchema: { sql: z.string(), params },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
  async ({ sql, params: p }) =>
    guard(() => {
      if (!readwrite) throw new Error('attempt to write a readonly database');
      db.run(sql, (p ?? []) as SqlValue[]);
      const changes = db.getRowsModified();
      persist();
      return ok({ changes });
    }),
);

await server.connect(new StdioServerTransport());
