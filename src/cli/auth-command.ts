import type { ConnectionSpec } from '../config/index.js';
import { forgetAll, oauthDir, tokenStoreFor } from '../mcp/oauth/index.js';
import { Pool } from '../mcp/pool.js';
import { UsageError, errorMessage } from '../util/errors.js';
import { onShutdown } from '../util/lifecycle.js';
import { VERSION } from './run.js';

/** The connection `key` (alias, name or id) names; a UsageError that lists the choices otherwise. */
function pick(pool: Pool, key: string): ConnectionSpec {
  try {
    return pool.resolve(key).spec;
  } catch (e) {
    throw new UsageError(`auth: ${errorMessage(e)}`);
  }
}

/**
 * `auth=SERVER`: connects that one server, which runs the OAuth login when it asks for one, and
 * keeps the tokens for later runs. `auth=logout` forgets every stored token, `auth=logout:SERVER`
 * one server's. Messages go to stderr; tokens are never printed. Returns the exit code.
 */
export async function runAuthCommand(arg: string, specs: ConnectionSpec[]): Promise<number> {
  const say = (text: string) => process.stderr.write(`mini-a: ${text}\n`);
  const pool = new Pool(specs, { clientVersion: VERSION });
  onShutdown(() => pool.close());
  if (arg === 'logout') {
    const n = forgetAll();
    say(`forgot the stored OAuth tokens of ${n} server${n === 1 ? '' : 's'} (${oauthDir()})`);
    return 0;
  }
  const logout = arg.startsWith('logout:');
  const key = logout ? arg.slice('logout:'.length) : arg;
  if (!specs.length) throw new UsageError(`auth=${arg} needs the server's configuration: add mcp="(type: remote, url: '…', name: ${key || 'NAME'})" or mcpconfig=FILE`);
  const spec = pick(pool, key);
  const store = tokenStoreFor(spec);
  if (!store) {
    throw new UsageError(`auth: '${spec.name}' ${spec.transport === 'stdio' ? 'is a local (stdio) server' : 'sends its own Authorization header'}; OAuth applies to remote servers without one`);
  }
  if (logout) {
    say(store.clear() ? `forgot the stored OAuth tokens of ${spec.name}` : `no stored OAuth tokens for ${spec.name}`);
    return 0;
  }
  await pool.resolve(key).ensureReady();
  say(store.load(true).tokens ? `${spec.name} is authorized; its tokens are kept in ${store.file}` : `${spec.name} connected without asking for a login`);
  return 0;
}
