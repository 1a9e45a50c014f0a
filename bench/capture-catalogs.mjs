// Captures the tool catalogs (tools/list) of popular npm MCP servers into bench/catalogs/*.json,
// the data behind the search-quality and token benchmarks. Run once, by hand, against a folder
// where the servers are installed (npm install <packages> --ignore-scripts):
//   node bench/capture-catalogs.mjs /path/to/node_modules
// Servers get dummy credentials: listing tools needs none.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from '../dist/src/mcp/pool.js';
import { toSpec } from '../dist/src/config/spec.js';

const nm = path.resolve(process.argv[2] ?? 'node_modules');
const here = path.dirname(new URL(import.meta.url).pathname);
const S = (name, pkg, bin, args = [], env = {}) => ({ name, pkg, spec: { command: 'node', args: [path.join(nm, pkg, bin), ...args], env, name } });
const repoNm = path.join(here, '..', 'node_modules');
const R = (name, pkg, bin, args = [], env = {}) => ({ name, pkg, nm: repoNm, spec: { command: 'node', args: [path.join(repoNm, pkg, bin), ...args], env, name } });
const servers = [
  R('everything', '@modelcontextprotocol/server-everything', 'dist/index.js'),
  R('filesystem', '@modelcontextprotocol/server-filesystem', 'dist/index.js', ['/tmp']),
  R('memory', '@modelcontextprotocol/server-memory', 'dist/index.js', [], { MEMORY_FILE_PATH: '/tmp/mini-a-capture-memory.jsonl' }),
  S('github', '@modelcontextprotocol/server-github', 'dist/index.js', [], { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' }),
  S('gitlab', '@modelcontextprotocol/server-gitlab', 'dist/index.js', [], { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy' }),
  S('slack', '@modelcontextprotocol/server-slack', 'dist/index.js', [], { SLACK_BOT_TOKEN: 'xoxb-dummy', SLACK_TEAM_ID: 'T0' }),
  S('puppeteer', '@modelcontextprotocol/server-puppeteer', 'dist/index.js'),
  S('playwright', '@playwright/mcp', 'cli.js', ['--headless']),
  S('notion', '@notionhq/notion-mcp-server', 'bin/cli.mjs', [], { NOTION_TOKEN: 'dummy' }),
  S('kubernetes', 'mcp-server-kubernetes', 'dist/index.js'),
  S('sequential-thinking', '@modelcontextprotocol/server-sequential-thinking', 'dist/index.js'),
  S('brave-search', '@modelcontextprotocol/server-brave-search', 'dist/index.js', [], { BRAVE_API_KEY: 'dummy' }),
  S('google-maps', '@modelcontextprotocol/server-google-maps', 'dist/index.js', [], { GOOGLE_MAPS_API_KEY: 'dummy' }),
  S('postgres', '@modelcontextprotocol/server-postgres', 'dist/index.js', ['postgresql://localhost/db']),
  S('context7', '@upstash/context7-mcp', 'dist/index.js'),
  S('firecrawl', 'firecrawl-mcp', 'dist/index.js', [], { FIRECRAWL_API_KEY: 'fc-dummy' }),
  S('tavily', 'tavily-mcp', 'build/index.js', [], { TAVILY_API_KEY: 'tvly-dummy' }),
  S('sentry', '@sentry/mcp-server', 'dist/index.js', ['--access-token=dummy']),
  S('everart', '@modelcontextprotocol/server-everart', 'dist/index.js', [], { EVERART_API_KEY: 'dummy' }),
  S('aws-kb-retrieval', '@modelcontextprotocol/server-aws-kb-retrieval', 'dist/index.js', [], { AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y', AWS_REGION: 'us-east-1' }),
];
const pool = new Pool(servers.map((s) => toSpec(s.spec, s.name, { name: s.name })), { startTimeoutMs: 60_000 });
await pool.connectAll();
for (const [i, c] of pool.connections.entries()) {
  const s = servers[i];
  if (c.state !== 'ready') {
    console.log(`${s.name}: ${c.state} ${c.error ?? ''}`);
    continue;
  }
  let cat;
  try {
    cat = await c.getCatalog();
  } catch (e) {
    console.log(`${s.name}: ${e.message}`);
    continue;
  }
  const version = JSON.parse((await import('node:fs')).readFileSync(path.join(s.nm ?? nm, s.pkg, 'package.json'), 'utf8')).version;
  const tools = cat.tools.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema, ...(t.annotations ? { annotations: t.annotations } : {}) }));
  writeFileSync(path.join(here, 'catalogs', `${s.name}.json`), JSON.stringify({ server: s.name, package: s.pkg, version, tools }, null, 1) + '\n');
  console.log(`${s.name}: ${tools.length} tools`);
}
await pool.close();
