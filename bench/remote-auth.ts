/**
 * The OAuth layer on a remote downstream: the cost per call of mini-a's OAuthTransport (token
 * lookup, expiry check, 401 handling) on Streamable HTTP calls to `everything`, against the same
 * connection without it (a connection with its own Authorization header skips OAuth), in one run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseMcpOption } from '../src/config/spec.js';
import { tokenFileName } from '../src/mcp/oauth/index.js';
import { Pool } from '../src/mcp/pool.js';
import { median, ms, nm, ratio, report, ROOT } from './util.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export async function benchRemoteAuth(rounds = 7, callsPerRound = 300): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, [nm('@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      if (/listening/i.test(err)) resolve();
    });
    child.once('exit', () => reject(new Error(err)));
  });
  const config = mkdtempSync(path.join(os.tmpdir(), 'mini-a-bench-oauth-'));
  const savedXdg = process.env.XDG_CONFIG_HOME;
  process.env.XDG_CONFIG_HOME = config;
  const url = `http://127.0.0.1:${port}/mcp`;
  // A stored, unexpired token for the "cached" connection: sent on every call, never refreshed.
  const dir = path.join(config, 'mini-a', 'oauth');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tokens = { access_token: 'bench-access-token-0123456789', token_type: 'Bearer', expires_in: 3600, expires_at: Date.now() + 3_600_000 };
  writeFileSync(path.join(dir, tokenFileName('cached', url)), JSON.stringify({ url, server: 'cached', tokens }), { mode: 0o600 });
  const pool = new Pool(
    parseMcpOption(
      `[(type: remote, url: '${url}', name: plain, headers: (Authorization: 'Bearer static-bench-token')), (type: remote, url: '${url}', name: oauth, id: o), (type: remote, url: '${url}', name: cached, id: k)]`,
    ),
  );
  try {
    const perCall: Record<string, number[]> = { plain: [], oauth: [], cached: [] };
    for (const c of pool.connections) await c.callTool('echo', { message: 'warm' });
    for (let r = 0; r < rounds; r++) {
      // Rotated each round, so no connection always goes first.
      const order = pool.connections.map((_, i) => pool.connections[(i + r) % pool.connections.length]!);
      for (const c of order) {
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < callsPerRound; i++) await c.callTool('echo', { message: `m${i}` });
        perCall[c.name]!.push(ms(t0) / callsPerRound);
      }
    }
    const base = median(perCall.plain!);
    report(`remote downstream (Streamable HTTP, everything): ms per echo call, median of ${rounds} rounds of ${callsPerRound}`, [
      ['without OAuth (own Authorization header)', `${base.toFixed(3)} ms`],
      ['with the OAuth layer, server never asks', `${median(perCall.oauth!).toFixed(3)} ms  ${ratio(median(perCall.oauth!) / base, 1.05)}`],
      ['with the OAuth layer and a cached token', `${median(perCall.cached!).toFixed(3)} ms  ${ratio(median(perCall.cached!) / base, 1.05)}`],
    ]);
  } finally {
    await pool.close();
    child.kill('SIGKILL');
    if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = savedXdg;
    rmSync(config, { recursive: true, force: true });
  }
}
