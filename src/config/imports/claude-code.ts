import path from 'node:path';
import { isMap, pickFields, readJsonc, tilde, type AppReader, type ImportedServer } from './common.js';
import { serversFromMap, shellStyle } from './map.js';

/**
 * Claude Code: user servers (`mcpServers` in ~/.claude.json), this directory's local servers
 * (`projects[<cwd>].mcpServers` there) and project servers (`.mcp.json` here). `${VAR}` and
 * `${VAR:-default}` are expanded as Claude Code does.
 */
export const claudeCode: AppReader = {
  title: 'Claude Code',
  files: (ctx) => [path.join(ctx.env.CLAUDE_CONFIG_DIR ?? ctx.home, '.claude.json'), path.join(ctx.cwd, '.mcp.json')],
  read: (file, ctx) => {
    const doc = readJsonc('@claude-code', file);
    if (!isMap(doc)) return [];
    const where = `@claude-code ${tilde(file, ctx)}`;
    const resolve = shellStyle(ctx.env);
    const out: ImportedServer[] = serversFromMap(doc.mcpServers, where, resolve, pickFields);
    const projects = doc.projects;
    if (path.basename(file) === '.claude.json' && isMap(projects) && isMap(projects[ctx.cwd])) {
      out.push(...serversFromMap((projects[ctx.cwd] as Record<string, unknown>).mcpServers, `${where} (project ${tilde(ctx.cwd, ctx)})`, resolve));
    }
    return out;
  },
};
