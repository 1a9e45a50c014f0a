import path from 'node:path';
import { appDataDir, readJsonc, tilde, type AppReader } from './common.js';
import { serversFromMap, shellStyle } from './map.js';

/** Claude Desktop: claude_desktop_config.json in the app-data directory, `mcpServers`. */
export const claudeDesktop: AppReader = {
  title: 'Claude Desktop',
  files: (ctx) => [path.join(appDataDir(ctx), 'Claude', 'claude_desktop_config.json')],
  read: (file, ctx) => {
    const doc = readJsonc('@claude', file) as { mcpServers?: unknown } | null;
    return serversFromMap(doc?.mcpServers, `@claude ${tilde(file, ctx)}`, shellStyle(ctx.env));
  },
};
