import type { DispatchStats } from '../dispatch/dispatcher.js';
import { directFunction, directToolsFromCache } from '../dispatch/direct.js';
import { openAiFunction } from '../dispatch/schema.js';
import type { Pool } from '../mcp/pool.js';
import { countTokens, estimateTokens } from '../util/tokens.js';

/** What a run saved, for stderr and format=json. */
export interface Savings {
  /** Exact (o200k_base) tokens of tool definitions per model request. */
  toolDefinitions: {
    method: 'o200k_base';
    sentPerRequest: number;
    directPerRequest: number;
    requests: number;
    sentTotal: number;
    directTotal: number;
    savedPercent: number;
    /** Direct registration counted over these servers' catalogs (lazy servers never started are not counted). */
    serversCounted: number;
    toolsCounted: number;
  };
  spills: {
    count: number;
    bytesKeptOut: number;
    /** ≈ bytes/4, an estimate. */
    estimatedTokensKeptOut: number;
  };
  /** The largest result the model never saw inline (≈ bytes/4). */
  largestUnseenResult?: { bytes: number; estimatedTokens: number; tool: string; connection: string };
}

/** Tokens of a tools array as a request carries it. */
export function toolDefinitionTokens(tools: unknown[]): number {
  return tools.length ? countTokens(JSON.stringify(tools)) : 0;
}

/** Direct registration's per-request cost, over the catalogs read so far. */
export function directCost(pool: Pool): { tokens: number; servers: number; tools: number } {
  const direct = directToolsFromCache(pool);
  return { tokens: toolDefinitionTokens(direct.map(directFunction)), servers: pool.connections.filter((c) => c.cachedCatalog).length, tools: direct.length };
}

/** Builds the savings report of a run that sent `sentPerRequest` tool-definition tokens on each of `requests` model requests. */
export function savingsReport(pool: Pool, stats: DispatchStats, sentPerRequest: number, requests: number): Savings {
  const d = directCost(pool);
  const sentTotal = sentPerRequest * requests;
  const directTotal = d.tokens * requests;
  return {
    toolDefinitions: {
      method: 'o200k_base', sentPerRequest, directPerRequest: d.tokens, requests, sentTotal, directTotal,
      savedPercent: directTotal ? Math.round(1000 * (1 - sentTotal / directTotal)) / 10 : 0, serversCounted: d.servers, toolsCounted: d.tools,
    },
    spills: { count: stats.spills, bytesKeptOut: stats.bytesKeptOut, estimatedTokensKeptOut: estimateTokens(stats.bytesKeptOut) },
    ...(stats.largestSpill ? { largestUnseenResult: stats.largestSpill } : {}),
  };
}

/** The proxy tool's per-request cost. */
export const proxyDefinitionTokens = () => toolDefinitionTokens([openAiFunction()]);

/** Human lines for stderr. */
export function formatSavings(s: Savings): string {
  const t = s.toolDefinitions;
  const kb = (b: number) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${(b / 1024).toFixed(1)} KB`);
  const lines = [
    `savings: tool definitions ${t.sentTotal} tokens sent vs ${t.directTotal} with direct registration (${t.requests} request${t.requests === 1 ? '' : 's'} × ${t.sentPerRequest} vs ${t.directPerRequest}; ${
      t.savedPercent >= 0 ? `${t.savedPercent}% saved` : `${-t.savedPercent}% more: with only ${t.toolsCounted} tools, direct registration is cheaper`
    }; exact, o200k_base; ${t.toolsCounted} tools of ${t.serversCounted} server${t.serversCounted === 1 ? '' : 's'})`,
    `savings: ${s.spills.count} spill(s) kept ${kb(s.spills.bytesKeptOut)} (≈${s.spills.estimatedTokensKeptOut} tokens, estimated at bytes/4) out of the context`,
  ];
  if (s.largestUnseenResult) {
    const l = s.largestUnseenResult;
    lines.push(`savings: largest result never seen inline: ${l.tool} on ${l.connection}, ${kb(l.bytes)} (≈${l.estimatedTokens} tokens, estimated)`);
  }
  return lines.join('\n');
}
