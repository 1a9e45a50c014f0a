/**
 * Tool-definition tokens the model sees: proxy-dispatch (and Magg's proxy tool) alone vs every downstream tool registered
 * directly (OpenAI function form, o200k_base), for the 3 reference servers (live) and for the 15
 * popular servers of bench/catalogs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMcpOption } from '../src/config/spec.js';
import { directFunction, directTools } from '../src/dispatch/direct.js';
import { openAiFunction } from '../src/dispatch/schema.js';
import { Pool } from '../src/mcp/pool.js';
import { maggToolDefinition } from '../src/server/magg.js';
import { countTokens } from '../src/util/tokens.js';
import { FIFTEEN, loadCatalog } from './catalogs.js';
import { report, SERVERS } from './util.js';

/** Tokens of a tools array as a chat request carries it. */
export const toolTokens = (tools: unknown[]) => countTokens(JSON.stringify(tools));

export async function benchTokens(): Promise<void> {
  const proxy = toolTokens([openAiFunction()]);
  const m = maggToolDefinition('name');
  const magg = toolTokens([{ type: 'function', function: { name: m.name, description: m.description, parameters: m.inputSchema } }]);
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-'));
  const pool = new Pool(parseMcpOption(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(dir)}'), (cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${dir}/m.jsonl'))]`));
  let direct3: Awaited<ReturnType<typeof directTools>>;
  try {
    await pool.connectAll();
    direct3 = await directTools(pool);
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const d3 = toolTokens(direct3.map(directFunction));

  const fifteen = FIFTEEN.flatMap((s) => loadCatalog(s).tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description ?? '', parameters: t.inputSchema } })));
  const d15 = toolTokens(fifteen);
  const pctSaved = (d: number) => `${(100 * (1 - proxy / d)).toFixed(1)}% saved`;
  report('tool-definition tokens the model sees (o200k_base, OpenAI function form)', [
    ['proxy-dispatch (any number of servers)', `${proxy} tokens`],
    ["Magg's proxy tool (dialect=magg)", `${magg} tokens, ratio ${(magg / proxy).toFixed(3)}× proxy-dispatch`],
    [`direct, 3 reference servers (${direct3.length} tools)`, `${d3} tokens -> ${pctSaved(d3)} (goal ≥ 87%), ratio ${(proxy / d3).toFixed(3)}×`],
    [`direct, 15 popular servers (${fifteen.length} tools)`, `${d15} tokens -> ${pctSaved(d15)} (goal ≥ 98%), ratio ${(proxy / d15).toFixed(3)}×`],
  ]);
}
