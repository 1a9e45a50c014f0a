import path from 'node:path';
import { pickFields, readJsonc, tilde, type AppReader } from './common.js';
import { serversFromMap, shellStyle } from './map.js';

/**
 * Gemini CLI: ~/.gemini/settings.json and this project's .gemini/settings.json, `mcpServers`;
 * `httpUrl` is Streamable HTTP, `url` is SSE; `$VAR` and `${VAR}` come from the environment.
 */
export const gemini: AppReader = {
  title: 'Gemini CLI',
  files: (ctx) => [path.join(ctx.home, '.gemini', 'settings.json'), path.join(ctx.cwd, '.gemini', 'settings.json')],
  read: (file, ctx) => {
    const doc = readJsonc('@gemini', file) as { mcpServers?: unknown } | null;
    const map = (e: Record<string, unknown>) => {
      const out = pickFields({ ...e, url: undefined, type: undefined });
      if (typeof e.httpUrl === 'string') Object.assign(out, { type: 'http', url: e.httpUrl });
      else if (typeof e.url === 'string') Object.assign(out, { type: 'sse', url: e.url });
      return out;
    };
    return serversFromMap(doc?.mcpServers, `@gemini ${tilde(file, ctx)}`, shellStyle(ctx.env), map, true);
  },
};
