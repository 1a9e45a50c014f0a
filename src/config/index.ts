import { UsageError } from '../util/errors.js';
import { importServers, isImportRef } from './imports/index.js';
import { loadMcpConfigFile } from './mcpconfig.js';
import { parseMcpOption, uniqueNames, type ConnectionSpec } from './spec.js';

export type { ConnectionSpec } from './spec.js';

/** Connection specs from `mcp=` and `mcpconfig=` (config file servers first), names made unique. */
export function loadConnections(o: { mcp?: string; mcpconfig?: string }): ConnectionSpec[] {
  const specs: ConnectionSpec[] = [];
  if (o.mcpconfig) specs.push(...loadMcpConfigFile(o.mcpconfig));
  if (o.mcp) specs.push(...(isImportRef(o.mcp) ? importServers(o.mcp) : parseMcpOption(o.mcp)));
  const unique = uniqueNames(specs);
  const ids = new Map<string, string>();
  for (const s of unique) {
    const prev = ids.get(s.id);
    if (prev) throw new UsageError(`connections '${prev}' and '${s.name}' have the same id '${s.id}' (the same server twice?); give one an explicit id`);
    ids.set(s.id, s.name);
  }
  return unique;
}
