/**
 * Conformance adapter for the auth client scenarios: the suite runs
 * `node dist/test/conformance/auth-client.js <server-url>` with MCP_CONFORMANCE_SCENARIO and
 * MCP_CONFORMANCE_CONTEXT set. It runs `mini-a dispatch=-` against the URL (list, then the test
 * tool when there is one), with the oauth settings a user would write for that scenario, and
 * plays the user's browser when mini-a prints its login line. Exit code: mini-a's.
 *
 * Tokens go to a fresh config directory (XDG_CONFIG_HOME), removed at exit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loginUrlOf, playBrowser } from '../helpers/browser.js';

/** The mini-a to test (MINI_A_BIN overrides, e.g. to measure another build). */
const MINI_A = process.env.MINI_A_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/mini-a.js');
/** The client id URL the suite's CIMD scenario expects (it is never fetched from here). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

interface Context {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
}

/** The `oauth` settings a user would configure for this scenario. */
export function oauthFor(scenario: string, ctx: Context): Record<string, unknown> {
  if (ctx.private_key_pem) return { clientId: ctx.client_id, privateKey: ctx.private_key_pem, signingAlg: ctx.signing_algorithm ?? 'ES256', grant: 'client_credentials' };
  if (scenario === 'auth/client-credentials-basic') return { clientId: ctx.client_id, clientSecret: ctx.client_secret, grant: 'client_credentials' };
  if (ctx.client_id) return { clientId: ctx.client_id, ...(ctx.client_secret ? { clientSecret: ctx.client_secret } : {}) };
  return { clientMetadataUrl: CIMD_URL };
}

async function main(): Promise<number> {
  const url = process.argv[process.argv.length - 1]!;
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const config = mkdtempSync(path.join(os.tmpdir(), 'mini-a-conf-auth-'));
  const mcp = JSON.stringify({ type: 'remote', url, name: 'conformance', oauth: oauthFor(scenario, ctx) });
  const child = spawn(process.execPath, [MINI_A, 'dispatch=-', `mcp=${mcp}`], {
    env: { ...process.env, XDG_CONFIG_HOME: config, BROWSER: 'none', MINI_A_OAUTH_TIMEOUT: '20' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const cleanup = () => rmSync(config, { recursive: true, force: true });
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => {
      child.kill('SIGTERM');
      cleanup();
      process.exit(1);
    });
  }
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    const login = loginUrlOf(line);
    if (login) playBrowser(login).catch((e: Error) => process.stderr.write(`adapter: browser failed: ${e.message}\n`));
  });
  const responses = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (req: unknown): Promise<string | undefined> => {
    child.stdin.write(`${JSON.stringify(req)}\n`);
    const r = await responses.next();
    if (!r.done) process.stdout.write(`${r.value}\n`);
    return r.done ? undefined : r.value;
  };
  const list = await ask({ action: 'list' });
  if (list?.includes('"test-tool"')) await ask({ action: 'call', tool: 'test-tool', arguments: {} });
  child.stdin.end();
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  cleanup();
  return code;
}

process.exitCode = await main();
