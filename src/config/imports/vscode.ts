import path from 'node:path';
import { appDataDir, isMap, readJsonc, tilde, type AppReader } from './common.js';
import { editorStyle, serversFromMap } from './map.js';

/**
 * VS Code: the user's mcp.json and settings.json (`"mcp": {"servers": …}`) in Code/User, and this
 * workspace's .vscode/mcp.json; JSONC. Servers that need `${input:…}` prompts are skipped.
 */
export const vscode: AppReader = {
  title: 'VS Code',
  files: (ctx) => {
    const user = path.join(appDataDir(ctx), 'Code', 'User');
    return [path.join(user, 'mcp.json'), path.join(user, 'settings.json'), path.join(ctx.cwd, '.vscode', 'mcp.json')];
  },
  read: (file, ctx) => {
    const doc = readJsonc('@vscode', file);
    if (!isMap(doc)) return [];
    const servers = path.basename(file) === 'settings.json' ? (isMap(doc.mcp) ? doc.mcp.servers : undefined) : doc.servers;
    return serversFromMap(servers, `@vscode ${tilde(file, ctx)}`, editorStyle(ctx.env, ctx.home, ctx.cwd, path.sep));
  },
};
