import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSpec } from '../src/config/spec.js';
import { loginUrlOf, playBrowser } from './helpers/browser.js';
import { CC_CLIENT, JWT_CLIENT, startOAuthWorld, type OAuthWorld } from './helpers/oauth-servers.js';
import { BIN, ROOT } from './helpers/servers.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  logins: string[];
}

/** Runs the built mini-a; when it prints its login line, plays the browser (unless `browser` is false). */
function runMiniA(args: string[], env: NodeJS.ProcessEnv, browser = true): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN.miniA, ...args], { cwd: ROOT, env: { ...process.env, BROWSER: 'none', ...env } });
    let stdout = '';
    let stderr = '';
    const logins: string[] = [];
    child.stdout.on('data', (d) => (stdout += d));
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      stderr += `${line}\n`;
      const url = loginUrlOf(line);
      if (!url) return;
      logins.push(url);
      if (browser) void playBrowser(url).catch((e: Error) => (stderr += `[test browser] ${e.message}\n`));
    });
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr, logins }));
  });
}

const tmp: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'mini-a-oauth-'));
  tmp.push(d);
  return d;
}
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

const WHOAMI = JSON.stringify({ action: 'call', tool: 'whoami', arguments: {} });

/** Every secret the world and the token files hold: none may show in any output. */
function secretsIn(configDir: string, w: OAuthWorld): string[] {
  const out = [CC_CLIENT.secret, ...w.acceptedTokens];
  const dir = path.join(configDir, 'mini-a', 'oauth');
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    const rec = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { tokens?: Record<string, string>; client?: { client_secret?: string } };
    for (const k of ['access_token', 'refresh_token', 'id_token']) if (rec.tokens?.[k]) out.push(rec.tokens[k]);
    if (rec.client?.client_secret) out.push(rec.client.client_secret);
  }
  return out;
}

function expectNoSecrets(outputs: string[], secrets: string[]): void {
  expect(secrets.length).toBeGreaterThan(0);
  for (const s of secrets) for (const o of outputs) expect(o.includes(s), `a secret (${s.slice(0, 6)}…) leaked`).toBe(false);
}

describe('OAuth login against a real authorization server (oidc-provider)', () => {
  let w: OAuthWorld;
  let config: string;
  let mcp: string;
  const outputs: string[] = [];

  beforeAll(async () => {
    // Access tokens live 4 s: long enough for a run, short enough to watch a refresh.
    w = await startOAuthWorld(4);
    config = tempDir();
    mcp = `(type: remote, url: '${w.mcpUrl}', name: notes)`;
  });
  afterAll(() => w?.stop());

  it('logs in through the browser once: one stderr line, tokens stored 0600 in a 0700 dir', async () => {
    const r = await runMiniA([`dispatch=${WHOAMI}`, `mcp=${mcp}`, 'quiet=true'], { XDG_CONFIG_HOME: config });
    outputs.push(r.stdout, r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.logins).toHaveLength(1);
    // quiet=true: the login line is all there is on stderr.
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mini-a: open http:\/\/127\.0\.0\.1:\d+\/auth\?\S+ to authorize notes$/m);
    // PKCE S256, the resource indicator, the scope the resource offers (offline_access is offered
    // but not asked: dynamic registration gave this client the resource's scope only).
    const auth = new URL(r.logins[0]!);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('resource')).toBe(w.mcpUrl);
    expect(auth.searchParams.get('scope')).toBe('mcp:tools');
    expect(JSON.parse(r.stdout).content[0].text).toMatch(/^client \S+ with scope mcp:tools/);
    expect(w.grants).toEqual(['authorization_code']);
    const dir = path.join(config, 'mini-a', 'oauth');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    const rec = JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8'));
    expect(rec.tokens.refresh_token).toEqual(expect.any(String));
  });

  it('a second process reuses the cached token: no second login', async () => {
    const before = w.grants.length;
    const r = await runMiniA([`dispatch=${WHOAMI}`, `mcp=${mcp}`], { XDG_CONFIG_HOME: config });
    outputs.push(r.stdout, r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.logins).toHaveLength(0);
    expect(w.grants.slice(before).filter((g) => g === 'authorization_code')).toEqual([]);
  });

  it('refreshes an expired token with the refresh token, without a login', async () => {
    const file = path.join(config, 'mini-a', 'oauth', readdirSync(path.join(config, 'mini-a', 'oauth'))[0]!);
    const old = JSON.parse(readFileSync(file, 'utf8')).tokens;
    // Wait (not a timing assertion) until the stored access token has expired.
    while (Date.now() < old.expires_at + 200) await new Promise((r) => setTimeout(r, 200));
    const before = w.grants.length;
    const r = await runMiniA([`dispatch=${WHOAMI}`, `mcp=${mcp}`], { XDG_CONFIG_HOME: config });
    outputs.push(r.stdout, r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.logins).toHaveLength(0);
    expect(w.grants.slice(before)).toContain('refresh_token');
    expect(w.grants.slice(before)).not.toContain('authorization_code');
    const now = JSON.parse(readFileSync(file, 'utf8')).tokens;
    expect(now.access_token).not.toBe(old.access_token);
    expect(now.expires_at).toBeGreaterThan(old.expires_at);
  });

  it('auth=logout:<server> forgets; auth=<server> logs in ahead and exits 0', async () => {
    const out = await runMiniA(['auth=logout:notes', `mcp=${mcp}`], { XDG_CONFIG_HOME: config });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain('forgot the stored OAuth tokens of notes');
    expect(readdirSync(path.join(config, 'mini-a', 'oauth'))).toEqual([]);
    const r = await runMiniA(['auth=notes', `mcp=${mcp}`], { XDG_CONFIG_HOME: config });
    outputs.push(r.stdout, r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.logins).toHaveLength(1);
    expect(r.stderr).toMatch(/notes is authorized; its tokens are kept in \S+\.json/);
    expect(r.stdout).toBe('');
    const all = await runMiniA(['auth=logout'], { XDG_CONFIG_HOME: config });
    expect(all.stderr).toContain('forgot the stored OAuth tokens of 1 server');
  });

  it('logs in to an SSE server the same way', async () => {
    const r = await runMiniA([`dispatch=${WHOAMI}`, `mcp=(type: sse, url: '${w.sseUrl}', name: legacy)`, 'quiet=true'], { XDG_CONFIG_HOME: config });
    outputs.push(r.stdout, r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(r.logins).toHaveLength(1);
    expect(new URL(r.logins[0]!).searchParams.get('resource')).toBe(w.sseUrl);
    expect(JSON.parse(r.stdout).content[0].text).toMatch(/^client \S+ with scope mcp:tools/);
  });

  it('a login nobody completes fails after MINI_A_OAUTH_TIMEOUT with a clear error', async () => {
    const r = await runMiniA([`dispatch=${WHOAMI}`, `mcp=${mcp}`], { XDG_CONFIG_HOME: tempDir(), MINI_A_OAUTH_TIMEOUT: '1' }, false);
    outputs.push(r.stdout, r.stderr);
    expect(r.code).toBe(1);
    expect(r.logins).toHaveLength(1);
    expect(r.stdout).toContain('no login within 1 s: open the URL printed above to authorize notes');
  });

  it('client_credentials with a client secret and with private_key_jwt: no browser, no login line', async () => {
    const keyFile = path.join(tempDir(), 'client.pem');
    writeFileSync(keyFile, w.jwtClientKeyPem, { mode: 0o600 });
    const cfg = tempDir();
    const servers = JSON.stringify({
      mcpServers: {
        secret: { type: 'http', url: w.mcpUrl, oauth: { clientId: CC_CLIENT.id, clientSecret: CC_CLIENT.secret, grant: 'client_credentials' } },
        jwt: { type: 'http', url: w.mcpUrl, id: 'jwt', oauth: { clientId: JWT_CLIENT, privateKey: keyFile } },
      },
    });
    const file = path.join(tempDir(), 'mcp.json');
    writeFileSync(file, servers);
    for (const name of ['secret', 'jwt']) {
      const before = w.grants.length;
      const call = JSON.stringify({ action: 'call', tool: 'whoami', connection: name, arguments: {} });
      const r = await runMiniA([`dispatch=${call}`, `mcpconfig=${file}`, "mcplazy=true", "debug=true"], { XDG_CONFIG_HOME: cfg });
      outputs.push(r.stdout, r.stderr);
      expect(r.code, r.stderr).toBe(0);
      expect(r.logins).toHaveLength(0);
      expect(JSON.parse(r.stdout).content[0].text).toBe(`client ${name === 'jwt' ? JWT_CLIENT : CC_CLIENT.id} with scope mcp:tools`);
      expect(w.grants.slice(before)).toContain('client_credentials');
    }
    const list = await runMiniA(['dispatch={"action":"list"}', `mcpconfig=${file}`], { XDG_CONFIG_HOME: cfg });
    outputs.push(list.stdout, list.stderr);
    expect(list.code, list.stderr).toBe(0);
    for (const f of readdirSync(path.join(cfg, 'mini-a', 'oauth'))) expect(statSync(path.join(cfg, 'mini-a', 'oauth', f)).mode & 0o777).toBe(0o600);
    expectNoSecrets(outputs, [...secretsIn(cfg, w), w.jwtClientKeyPem.split('\n')[1]!]);
  });

  it('no token or secret appeared in any stdout or stderr', () => {
    expectNoSecrets(outputs, secretsIn(config, w));
  });
});

describe('oauth config', () => {
  const remote = (oauth: unknown) => toSpec({ url: 'http://127.0.0.1:1/mcp', oauth }, 'mcp');
  it('accepts the documented fields and derives the grant', () => {
    expect(remote({}).oauth).toEqual({ grant: 'authorization_code' });
    expect(remote({ clientId: 'a', clientSecret: 's3cr3t-value', scope: 'read, write', redirectPort: 8765 }).oauth).toEqual({
      grant: 'authorization_code',
      clientId: 'a',
      clientSecret: 's3cr3t-value',
      scope: 'read write',
      redirectPort: 8765,
    });
  });
  it.each([
    [{ clientSecret: 'x' }, "give 'oauth.clientId' too"],
    [{ clientid: 'x' }, "unknown field 'oauth.clientid' (did you mean 'clientId'?)"],
    [{ grant: 'password' }, "'oauth.grant' is 'password'; allowed: authorization_code, client_credentials"],
    [{ grant: 'client_credentials', clientId: 'a' }, 'grant client_credentials needs'],
    [{ clientId: 'a', privateKey: '/nonexistent/key.pem' }, 'neither PEM text'],
    [{ clientId: 'a', privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }, 'not a readable PEM private key'],
    [{ clientMetadataUrl: 'http://example.com/c.json' }, 'must be an https URL with a path'],
    [{ redirectPort: 70000 }, "'oauth.redirectPort' must be a port number"],
    ['yes', "'oauth' must be a map"],
  ])('rejects %j', (oauth, msg) => {
    expect(() => remote(oauth)).toThrow(msg);
  });
  it('is refused on stdio connections and lenient in mcpServers files', () => {
    expect(() => toSpec({ cmd: 'node x.js', oauth: {} }, 'mcp')).toThrow("'oauth' only applies to remote");
    expect(toSpec({ url: 'http://127.0.0.1:1/mcp', oauth: { callbackPort: 1 } }, 'f', { lenient: true }).oauth).toEqual({ grant: 'authorization_code' });
  });
});
