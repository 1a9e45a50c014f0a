import path from 'node:path';
import { UsageError, errorMessage } from '../../util/errors.js';
import { isMap, readConfigText, tilde, tomlParser, type AppReader } from './common.js';
import { serversFromMap } from './map.js';

/**
 * Codex: `[mcp_servers.<name>]` tables in $CODEX_HOME/config.toml (~/.codex/config.toml): command,
 * args, env, env_vars (names passed through), cwd; or url with bearer_token_env_var, http_headers
 * and env_http_headers; tool_timeout_sec; `enabled = false` skips one.
 */
export const codex: AppReader = {
  title: 'Codex',
  files: (ctx) => [path.join(ctx.env.CODEX_HOME ?? path.join(ctx.home, '.codex'), 'config.toml')],
  read: (file, ctx) => {
    let doc: unknown;
    try {
      doc = tomlParser()(readConfigText('@codex', file));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`@codex: '${file}' is not valid TOML: ${errorMessage(e).split('\n')[0]}`);
    }
    const map = (e: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const k of ['command', 'args', 'cwd', 'url']) if (e[k] !== undefined) out[k] = e[k];
      const env: Record<string, unknown> = isMap(e.env) ? { ...e.env } : {};
      if (Array.isArray(e.env_vars)) for (const n of e.env_vars) if (typeof n === 'string' && ctx.env[n] !== undefined) env[n] = ctx.env[n];
      if (Object.keys(env).length) out.env = env;
      const headers: Record<string, unknown> = isMap(e.http_headers) ? { ...e.http_headers } : {};
      if (isMap(e.env_http_headers)) for (const [h, n] of Object.entries(e.env_http_headers)) if (typeof n === 'string' && ctx.env[n] !== undefined) headers[h] = ctx.env[n];
      if (typeof e.bearer_token_env_var === 'string' && ctx.env[e.bearer_token_env_var]) headers.Authorization = `Bearer ${ctx.env[e.bearer_token_env_var]}`;
      if (Object.keys(headers).length) out.headers = headers;
      if (typeof e.tool_timeout_sec === 'number') out.timeout = Math.round(e.tool_timeout_sec * 1000);
      return out;
    };
    // Codex does not expand variables in values; a literal `${…}` stays as written.
    return serversFromMap(isMap(doc) ? doc.mcp_servers : undefined, `@codex ${tilde(file, ctx)}`, (ref) => `\${${ref}}`, map);
  },
};
