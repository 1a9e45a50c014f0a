import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '../src/mcp/connection.js';
import { ROOT } from './util.js';

/** The 15 popular npm MCP servers whose captured catalogs (bench/catalogs) the benchmarks use. */
export const FIFTEEN = ['github', 'gitlab', 'slack', 'notion', 'playwright', 'puppeteer', 'kubernetes', 'filesystem', 'memory', 'everything', 'google-maps', 'brave-search', 'tavily', 'firecrawl', 'context7'];

/** A captured catalog, as the pool would hold it. */
export function loadCatalog(server: string): Catalog {
  const raw = JSON.parse(readFileSync(path.join(ROOT, 'bench/catalogs', `${server}.json`), 'utf8')) as { tools: Tool[] };
  return { tools: raw.tools, resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 };
}

/** Every captured catalog of a bench folder (bench/catalogs-large, 137 npm MCP servers, unless told), by server name, with its npm package. */
export function loadLargeCatalogs(folder = 'catalogs-large'): Array<{ server: string; package?: string; catalog: Catalog }> {
  const dir = path.join(ROOT, 'bench', folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const raw = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { server: string; package?: string; tools: Tool[] };
      return { server: raw.server, package: raw.package, catalog: { tools: raw.tools, resources: [], resourceTemplates: [], prompts: [], refreshedAt: 0 } };
    });
}

/**
 * The catalogs of bench/catalogs-unseen (25th round), catalogs-unseen-2 (26th), catalogs-unseen-3
 * (28th), catalogs-unseen-4 (29th, popular servers) and catalogs-unseen-5 (30th): npm MCP servers captured
 * after the ranking was built, that nothing was trained on.
 */
export function loadUnseenCatalogs(): Array<{ server: string; package?: string; catalog: Catalog }> {
  return [...loadLargeCatalogs('catalogs-unseen'), ...loadLargeCatalogs('catalogs-unseen-2'), ...loadLargeCatalogs('catalogs-unseen-3'), ...loadLargeCatalogs('catalogs-unseen-4'), ...loadLargeCatalogs('catalogs-unseen-5')];
}
