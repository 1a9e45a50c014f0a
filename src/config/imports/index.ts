import { existsSync } from 'node:fs';
import { UsageError, nearest } from '../../util/errors.js';
import { log } from '../../util/log.js';
import { toSpec, type ConnectionSpec } from '../spec.js';
import { claudeDesktop } from './claude.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { defaultContext, tilde, type AppReader, type ImportContext } from './common.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { vscode } from './vscode.js';

/** The apps whose MCP configuration `mcp=@name` reads. */
export const APPS: Record<string, AppReader> = {
  claude: claudeDesktop,
  'claude-code': claudeCode,
  cursor,
  vscode,
  codex,
  gemini,
};

/** True when an `mcp=` value names apps (`@cursor`, `@auto`, `@claude,@codex`) rather than servers. */
export function isImportRef(value: string): boolean {
  return value.trimStart().startsWith('@');
}

/**
 * The servers other apps have configured, as connection specs: `@auto` reads every app and skips
 * the ones not installed; a named app must have a config file. The same server found twice (same
 * id) is kept once. Env and header values are registered as secrets by toSpec, as everywhere.
 */
export function importServers(value: string, ctx: ImportContext = defaultContext()): ConnectionSpec[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const auto = names.includes('@auto');
  const wanted: string[] = [];
  for (const n of names) {
    const key = n.startsWith('@') ? n.slice(1) : n;
    if (key === 'auto') continue;
    if (!APPS[key]) {
      const hint = nearest(key, [...Object.keys(APPS), 'auto']);
      throw new UsageError(`mcp: unknown app '${n}'${hint ? ` (did you mean @${hint}?)` : ''}; apps: ${[...Object.keys(APPS), 'auto'].map((a) => '@' + a).join(', ')}`);
    }
    wanted.push(key);
  }
  const apps = auto ? Object.keys(APPS) : wanted;
  const specs: ConnectionSpec[] = [];
  const ids = new Set<string>();
  for (const key of apps) {
    const app = APPS[key]!;
    const files = app.files(ctx);
    const found = files.filter((f) => existsSync(f));
    if (!found.length) {
      if (!auto) throw new UsageError(`mcp: @${key}: no ${app.title} configuration found (looked in ${files.map((f) => tilde(f, ctx)).join(', ')})`);
      continue;
    }
    for (const file of found) {
      for (const s of app.read(file, ctx)) {
        const spec = toSpec(s.raw, `${s.where}: server '${s.name}'`, { name: s.name, lenient: true });
        if (ids.has(spec.id)) {
          log.debug(`${s.where}: server '${s.name}' is already imported from another file; kept once`);
          continue;
        }
        ids.add(spec.id);
        specs.push(spec);
      }
    }
  }
  if (!specs.length && auto) throw new UsageError('mcp: @auto found no MCP servers in the configurations of Claude Desktop, Claude Code, Cursor, VS Code, Codex or Gemini CLI');
  return specs;
}
