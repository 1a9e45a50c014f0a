import path from 'node:path';
import { readJsonc, tilde, type AppReader } from './common.js';
import { editorStyle, serversFromMap } from './map.js';

/** Cursor: ~/.cursor/mcp.json and this project's .cursor/mcp.json, `mcpServers`, with `${env:…}` style variables. */
export const cursor: AppReader = {
  title: 'Cursor',
  files: (ctx) => [path.join(ctx.home, '.cursor', 'mcp.json'), path.join(ctx.cwd, '.cursor', 'mcp.json')],
  read: (file, ctx) => {
    const doc = readJsonc('@cursor', file) as { mcpServers?: unknown } | null;
    return serversFromMap(doc?.mcpServers, `@cursor ${tilde(file, ctx)}`, editorStyle(ctx.env, ctx.home, ctx.cwd, path.sep));
  },
};
