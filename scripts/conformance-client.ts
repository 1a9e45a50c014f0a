#!/usr/bin/env node
/**
 * Client adapter for the MCP conformance suite's client scenarios: mini-a is the client under test.
 * The suite runs `node dist/scripts/conformance-client.js <server-url>` with
 * MCP_CONFORMANCE_SCENARIO (and, for some, MCP_CONFORMANCE_CONTEXT) set; this maps the scenario to
 * one `mini-a dispatch=…` run against that server, as a user would type it, and exits with
 * mini-a's exit code. For the OAuth scenarios it also plays the user's browser: it follows the URL
 * mini-a prints on stderr (`mini-a: open <URL> to authorize <server>`) with an HTTP GET that
 * follows redirects, which lands on mini-a's loopback redirect.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MINI_A = path.join(ROOT, 'dist/src/cli/mini-a.js');
/** The URL the suite expects as a client id when the server supports Client ID Metadata Documents. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
/** Below the suite's own 30 s per-scenario timeout, so mini-a is always ended by us. */
const TIMEOUT_MS = Number(process.env.CONFORMANCE_CLIENT_TIMEOUT_MS ?? 20_000);
const AUTHORIZE_LINE = /^mini-a: open (\S+) to authorize /;

interface Plan {
  /** The proxy-dispatch request. */
  request: Record<string, unknown>;
  /** Extra fields of the connection (oauth settings). */
  connection?: Record<string, unknown>;
  /** Extra mini-a options. */
  options?: string[];
}

type Context = Record<string, string | undefined>;

/** What mini-a is asked to do in each scenario. */
function plan(scenario: string, ctx: Context): Plan {
  const call = (tool: string, args: Record<string, unknown> = {}) => ({ action: 'call', tool, arguments: args });
  switch (scenario) {
    case 'initialize':
      return { request: { action: 'list' } };
    case 'tools_call':
      return { request: call('add_numbers', { a: 5, b: 3 }) };
    case 'sse-retry':
      return { request: call('test_reconnection') };
    case 'elicitation-sep1034-client-defaults':
      return { request: call('test_client_elicitation_defaults'), options: ['elicit=defaults'] };
    case 'auth/basic-cimd':
      return { request: call('test-tool'), connection: { oauth: { clientMetadataUrl: CIMD_URL } } };
    case 'auth/pre-registration':
      return { request: call('test-tool'), connection: { oauth: { clientId: ctx.client_id, clientSecret: ctx.client_secret } } };
    case 'auth/client-credentials-basic':
      return { request: call('test-tool'), connection: { oauth: { grant: 'client_credentials', clientId: ctx.client_id, clientSecret: ctx.client_secret } } };
    case 'auth/client-credentials-jwt':
      return {
        request: call('test-tool'),
        connection: { oauth: { grant: 'client_credentials', clientId: ctx.client_id, privateKey: ctx.private_key_pem, signingAlg: ctx.signing_algorithm ?? 'ES256' } },
      };
    default:
      // Every other auth scenario: discovery, dynamic registration and the browser flow, with no
      // configuration at all, as a new user would start.
      if (scenario.startsWith('auth/')) return { request: call('test-tool') };
      throw new Error(`no mapping for scenario '${scenario}'`);
  }
}

/** Plays the browser: GET the authorization URL and follow its redirects to mini-a's loopback. */
async function authorize(url: string): Promise<void> {
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    process.stderr.write(`conformance-client: followed the authorization URL (final status ${res.status})\n`);
  } catch (e) {
    process.stderr.write(`conformance-client: following the authorization URL failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv[process.argv.length - 1];
  if (!scenario || !url || !/^https?:\/\//.test(url)) {
    process.stderr.write('usage: MCP_CONFORMANCE_SCENARIO=<scenario> conformance-client <server-url>\n');
    return 2;
  }
  const ctx = (process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {}) as Context;
  const p = plan(scenario, ctx);
  const mcp = JSON.stringify([{ type: 'remote', url, ...p.connection }]);
  const args = [MINI_A, `dispatch=${JSON.stringify(p.request)}`, `mcp=${mcp}`, ...(p.options ?? [])];

  // A private home: OAuth tokens and registrations cached by one scenario must not leak into
  // another, nor into the real user's configuration.
  const home = mkdtempSync(path.join(os.tmpdir(), 'mini-a-conformance-home-'));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), MCP_CONFORMANCE_CONTEXT: undefined, MCP_CONFORMANCE_SCENARIO: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(process.stdout);
  const pending: Promise<void>[] = [];
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    process.stderr.write(line + '\n');
    const m = AUTHORIZE_LINE.exec(line);
    if (m) pending.push(authorize(m[1]!));
  });
  const timer = setTimeout(() => {
    process.stderr.write(`conformance-client: mini-a still running after ${TIMEOUT_MS} ms; ending it\n`);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  }, TIMEOUT_MS);
  const stop = () => child.kill('SIGTERM');
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const code = await new Promise<number>((resolve) => child.once('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  clearTimeout(timer);
  await Promise.allSettled(pending);
  rmSync(home, { recursive: true, force: true });
  return code;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`conformance-client: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
