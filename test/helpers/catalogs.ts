/** The captured tools/list catalogs under bench/ (real npm MCP servers), as the search tests load them. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../src/mcp/connection.js';
import { entriesOf, SearchIndex } from '../../src/dispatch/search-index.js';

const BENCH = path.join(import.meta.dirname, '..', '..', 'bench');

/** The 15 popular servers of bench/catalogs that the small-catalog benchmark uses. */
export const FIFTEEN = ['github', 'gitlab', 'slack', 'notion', 'playwright', 'puppeteer', 'kubernetes', 'filesystem', 'memory', 'everything', 'google-maps', 'brave-search', 'tavily', 'firecrawl', 'context7'];

/** One server's captured catalog from bench/`dir` (catalogs-large by default). */
export function captured(server: string, dir = 'catalogs-large'): Catalog {
  return { tools: JSON.parse(readFileSync(path.join(BENCH, dir, `${server}.json`), 'utf8')).tools, resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 };
}

/** Every server captured in bench/`dir`. */
export function capturedServers(dir = 'catalogs-large'): string[] {
  return readdirSync(path.join(BENCH, dir)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
}

/** An index over `servers` of bench/`dir`, each under its own name as alias (all of them by default). */
export function capturedIndex(dir = 'catalogs-large', servers = capturedServers(dir)): SearchIndex {
  return new SearchIndex(servers.flatMap((s) => entriesOf(s, s, captured(s, dir))));
}
