#!/usr/bin/env node
/**
 * mcps/utils — Mini Utils: file init / query / modify confined to one root directory.
 * Run: node dist/mcps/utils.js [--root DIR] [--readwrite]   (root defaults to the working directory)
 */
import { promises as fs, createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import fg from 'fast-glob';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { confinePath } from '../src/util/confine.js';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`${flag}=`));
  return eq?.slice(flag.length + 1);
}

const root = path.resolve(argValue('--root') ?? process.env.MINI_UTILS_ROOT ?? process.cwd());
const readwrite = process.argv.includes('--readwrite') || process.env.MINI_UTILS_READWRITE === 'true';

const inRoot = (p: string | undefined) => confinePath(p ?? '.', [root], root);
const rel = (abs: string) => path.relative(root, abs) || '.';

function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}
function fail(e: unknown): CallToolResult {
  const err = e as NodeJS.ErrnoException;
  const msg = err?.code === 'ENOENT' ? `not found: ${err.path ? rel(err.path) : ''}` : err?.code === 'EISDIR' ? 'is a directory' : err?.message ?? String(e);
  return { content: [{ type: 'text', text: msg }], isError: true };
}
async function guard(f: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await f();
  } catch (e) {
    return fail(e);
  }
}

async function statOf(abs: string) {
  const s = await fs.lstat(abs);
  return { path: rel(abs), type: s.isDirectory() ? 'dir' : s.isSymbolicLink() ? 'symlink' : 'file', size: s.size, modified: s.mtime.toISOString() };
}

function checkGlob(pattern: string): string {
  if (path.isAbsolute(pattern) || pattern.split('/').includes('..')) throw new Error(`glob '${pattern}' refused: patterns are relative to the root and may not use '..'`);
  return pattern;
}

const server = new McpServer({ name: 'mini-a-utils', version: '0.1.0' });

server.registerTool(
  'init',
  {
    description: 'Describe the file area these tools work in: root directory, whether writes are allowed, and its top-level entries.',
    inputSchema: {},
    annotations: { readOnlyHint: true },
  },
  async () => guard(async () => {
    const entries = await fs.readdir(root, { withFileTypes: true });
    return ok({ root, readwrite, entries: entries.slice(0, 200).map((e) => (e.isDirectory() ? `${e.name}/` : e.name)), total: entries.length });
  }),
);

server.registerTool(
  'filesystemQuery',
  {
    description:
      'Read-only file operations under the root: list a directory, read a text file, stat a path, glob for files (fast-glob patterns like "**/*.md"), or search file contents for text (case-insensitive regex).',
    inputSchema: {
      operation: z.enum(['list', 'read', 'stat', 'glob', 'search']),
      path: z.string().optional().describe('file or directory, relative to the root (default ".")'),
      pattern: z.string().optional().describe('glob pattern (glob) or text/regex to find (search)'),
      files: z.string().optional().describe('glob of files to search in (search; default "**/*")'),
      recursive: z.boolean().optional().describe('list subdirectories too (list)'),
      maxResults: z.number().int().positive().optional().describe('cap on entries or matches (default 1000)'),
    },
    annotations: { readOnlyHint: true },
  },
  async ({ operation, path: p, pattern, files, recursive, maxResults }) =>
    guard(async () => {
      const cap = maxResults ?? 1000;
      const abs = inRoot(p);
      switch (operation) {
        case 'stat':
          return ok(await statOf(abs));
        case 'read': {
          const text = await fs.readFile(abs, 'utf8');
          return { content: [{ type: 'text', text }] };
        }
        case 'list': {
          const found = await fg(recursive ? '**/*' : '*', { cwd: abs, onlyFiles: false, dot: true, followSymbolicLinks: false, stats: true, markDirectories: true });
          const entries = found.slice(0, cap).map((e) => ({ path: rel(path.join(abs, e.path)), type: e.dirent.isDirectory() ? 'dir' : 'file', size: e.stats?.size ?? 0 }));
          return ok({ path: rel(abs), count: found.length, truncated: found.length > cap, entries });
        }
        case 'glob': {
          if (!pattern) throw new Error("glob needs 'pattern', e.g. \"**/*.ts\"");
          const found = await fg(checkGlob(pattern), { cwd: abs, dot: false, followSymbolicLinks: false });
          return ok({ pattern, count: found.length, truncated: found.length > cap, files: found.slice(0, cap).map((f) => rel(path.join(abs, f))) });
        }
        case 'search': {
          if (!pattern) throw new Error("search needs 'pattern' (text or regex)");
          let re: RegExp;
          try {
            re = new RegExp(pattern, 'i');
          } catch (e) {
            throw new Error(`invalid regex '${pattern}': ${(e as Error).message}`);
          }
          const st = await fs.stat(abs);
          const targets = st.isDirectory() ? (await fg(checkGlob(files ?? '**/*'), { cwd: abs, followSymbolicLinks: false })).map((f) => path.join(abs, f)) : [abs];
          const matches: Array<{ file: string; line: number; text: string }> = [];
          for (const file of targets) {
            if (matches.length >= cap) break;
            const rl = readline.createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
            let n = 0;
            for await (const line of rl) {
              n++;
              if (line.includes('\u0000')) break; // binary file
              if (re.test(line)) {
                matches.push({ file: rel(file), line: n, text: line.slice(0, 500) });
                if (matches.length >= cap) break;
              }
            }
            rl.close();
          }
          return ok({ pattern, filesSearched: targets.length, count: matches.length, truncated: matches.length >= cap, matches });
        }
      }
    }),
);

server.registerTool(
  'filesystemModify',
  {
    description: 'Change files under the root: write (create or replace), append, mkdir, or delete a file or empty directory. Needs the server started with --readwrite.',
    inputSchema: {
      operation: z.enum(['write', 'append', 'mkdir', 'delete']),
      path: z.string().describe('relative to the root'),
      content: z.string().optional().describe('text to write or append'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
  async ({ operation, path: p, content }) =>
    guard(async () => {
      if (!readwrite) throw new Error('this utils server is read-only; start it with --readwrite to allow changes');
      const abs = inRoot(p);
      if (abs === path.resolve(root)) throw new Error('refused: the root itself cannot be changed');
      switch (operation) {
        case 'write':
        case 'append':
          if (content === undefined) throw new Error(`${operation} needs 'content'`);
          await fs.mkdir(path.dirname(abs), { recursive: true });
          await (operation === 'write' ? fs.writeFile(abs, content) : fs.appendFile(abs, content));
          return ok({ operation, ...(await statOf(abs)) });
        case 'mkdir':
          await fs.mkdir(abs, { recursive: true });
          return ok({ operation, ...(await statOf(abs)) });
        case 'delete': {
          const s = await fs.lstat(abs);
          await (s.isDirectory() ? fs.rmdir(abs) : fs.unlink(abs));
          return ok({ operation, path: rel(abs), deleted: true });
        }
      }
    }),
);

await server.connect(new StdioServerTransport());
