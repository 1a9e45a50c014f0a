import path from 'node:path';
import { readUserFile } from '../util/files.js';
import { UsageError, errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { CLIENT_ONLY_KEYS, toSpec, type ConnectionSpec } from './spec.js';

/**
 * Reads a Claude Desktop / Cursor `{"mcpServers": {...}}` file or a VS Code `{"servers": {...}}`
 * file unchanged; each key becomes the connection's name. Servers marked `disabled: true` are skipped.
 */
export function loadMcpConfigFile(file: string): ConnectionSpec[] {
  const text = readUserFile('mcpconfig', file);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`mcpconfig: '${file}' is not valid JSON: ${errorMessage(e)}`);
  }
  const obj = doc as Record<string, unknown> | null;
  const servers = obj && typeof obj === 'object' ? (obj.mcpServers ?? obj.servers ?? (obj.mcp as Record<string, unknown> | undefined)?.servers) : undefined;
  if (!servers || typeof servers !== 'object' || Array.isArray(servers)) {
    throw new UsageError(`mcpconfig: '${file}' has no "mcpServers" (Claude Desktop / Cursor) or "servers" (VS Code) map`);
  }
  const baseDir = path.dirname(path.resolve(file));
  const specs: ConnectionSpec[] = [];
  for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
    const where = `mcpconfig ${path.basename(file)}: server '${name}'`;
    if (raw && typeof raw === 'object' && (raw as Record<string, unknown>).disabled === true) {
      log.info(`${where} is disabled; skipped`);
      continue;
    }
    for (const k of Object.keys((raw as object) ?? {})) {
      if (CLIENT_ONLY_KEYS.has(k)) log.debug(`${where}: ignoring client-only key '${k}'`);
    }
    const entry = { ...(raw as Record<string, unknown>) };
    // VS Code and Cursor allow "cwd" relative to the config file.
    if (typeof entry.cwd === 'string' && !path.isAbsolute(entry.cwd)) entry.cwd = path.join(baseDir, entry.cwd);
    specs.push(toSpec(entry, where, { name, lenient: true }));
  }
  return specs;
}
