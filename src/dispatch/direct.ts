import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Connection } from '../mcp/connection.js';
import type { Pool } from '../mcp/pool.js';

/** One downstream tool registered directly with the model (mcpproxy=false, the baseline). */
export interface DirectTool {
  /** Name the model uses: valid for OpenAI (`^[a-zA-Z0-9_-]{1,64}$`) and unique. */
  name: string;
  connection: Connection;
  tool: Tool;
}

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

function sanitize(s: string): string {
  return s.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool';
}

/** Shortens to 64 characters, keeping it unique with a short hash of the original. */
function fit(name: string, original: string): string {
  if (name.length <= 64) return name;
  const h = createHash('md5').update(original).digest('hex').slice(0, 8);
  return `${name.slice(0, 55)}_${h}`;
}

/**
 * Names every tool of every loaded catalog for direct registration. A tool keeps its own name when
 * that is valid and unique across connections; otherwise it becomes `c2__name` (alias prefix),
 * shortened with a hash when needed, so two servers' `echo` tools both stay callable.
 */
export async function directTools(pool: Pool): Promise<DirectTool[]> {
  await Promise.allSettled(pool.connections.map((c) => c.getCatalog()));
  return directToolsFromCache(pool);
}

/** Like directTools, over the catalogs already read (connects nothing). */
export function directToolsFromCache(pool: Pool): DirectTool[] {
  const all: Array<{ c: Connection; t: Tool }> = [];
  for (const c of pool.connections) for (const t of c.cachedCatalog?.tools ?? []) all.push({ c, t });
  const count = new Map<string, number>();
  for (const { t } of all) count.set(t.name, (count.get(t.name) ?? 0) + 1);
  const used = new Set<string>();
  const out: DirectTool[] = [];
  for (const { c, t } of all) {
    let name = VALID.test(t.name) && count.get(t.name) === 1 ? t.name : fit(`${c.alias}__${sanitize(t.name)}`, `${c.alias}/${t.name}`);
    // Sanitizing can still collide (`a.b` and `a_b`): disambiguate with a hash.
    if (used.has(name)) name = fit(`${name.slice(0, 50)}_${createHash('md5').update(`${c.alias}/${t.name}`).digest('hex').slice(0, 8)}`, `${c.alias}/${t.name}`);
    used.add(name);
    out.push({ name, connection: c, tool: t });
  }
  return out;
}

/** A tool in OpenAI function form, as direct registration sends it. */
export function directFunction(d: DirectTool): { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } } {
  return { type: 'function', function: { name: d.name, description: d.tool.description ?? '', parameters: d.tool.inputSchema as Record<string, unknown> } };
}
