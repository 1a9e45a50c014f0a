/**
 * The package as a user gets it: `npm pack`, a global install into a temp prefix, then every
 * command of the README run from another directory. One test, because the install is the slow
 * part; CI packs once and passes the tarball in MINI_A_TARBALL.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeLlm, type ChatRequest, type Reply } from './helpers/fake-llm.js';
import { tempDir } from './helpers/runtime.js';
import { ROOT, waitFor } from './helpers/servers.js';

/** The shell commands in the README's ```sh blocks that run mini-a (continuations joined, comments cut). */
function readmeCommands(): string[] {
  const md = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const out: string[] = [];
  for (const block of md.split('```sh\n').slice(1).map((b) => b.slice(0, b.indexOf('```')))) {
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
      const i = line.indexOf('npx mini-a');
      if (i < 0) continue;
      const hash = line.indexOf('  # ');
      out.push((hash > 0 ? line.slice(i, hash) : line.slice(i)).trim().replace(/^npx /, ''));
    }
  }
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('the npm package', () => {
  it('packs runtime files only, installs globally, and every README command works from another directory', async () => {
    // Pack (the build ran before the tests) or take CI's tarball.
    let tarball = process.env.MINI_A_TARBALL;
    const packDir = tempDir('mini-a-pack-');
    if (!tarball) {
      const info = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      tarball = path.join(packDir, info[0].filename as string);
    }
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files).toEqual(expect.arrayContaining(['package/dist/src/cli/mini-a.js', 'package/dist/src/cli/mini-a-proxy.js', 'package/dist/src/cli/mini-a-mcp.js', 'package/dist/mcps/time.js', 'package/examples/shop.sqlite', 'package/README.md']));
    expect(files.filter((f) => /^package\/dist\/(bench|test)\/|\.map$|^package\/(src|test|bench|mcps|\.ci)\//.test(f))).toEqual([]);

    // Install globally into a temp prefix (dependencies from the npm registry, through the cache).
    const prefix = tempDir('mini-a-prefix-');
    execFileSync('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'ignore', timeout: 240_000 });
    const installed = path.join(prefix, 'lib/node_modules/mini-a');

    // Another directory: a user's, with a copy of the package's examples/ and their own app config.
    const work = tempDir('mini-a-elsewhere-');
    cpSync(path.join(installed, 'examples'), path.join(work, 'examples'), { recursive: true });
    const home = path.join(work, 'home');
    mkdirSync(path.join(home, '.cursor'), { recursive: true });
    writeFileSync(path.join(home, '.cursor/mcp.json'), JSON.stringify({ mcpServers: { clock: { command: 'mini-a-mcp', args: ['time'] } } }));
    const runtime = tempDir('mini-a-xdg-');
    const spill = path.join(work, 'spill');

    const llm = await startFakeLlm((req: ChatRequest): Reply => {
      const usedTool = req.messages.some((m) => m.role === 'tool');
      if (req.tools?.some((t) => t.function.name === 'proxy-dispatch') && !usedTool) return { toolCalls: [{ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'current_time', arguments: { timezone: 'Asia/Tokyo' } } }] };
      return { content: '{"action":"final","answer":"It is morning in Tokyo."}' };
    });
    const env = {
      ...process.env,
      // The installed bins first, then this Node (the test matrix's), as a user's shell would have them.
      PATH: `${path.join(prefix, 'bin')}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
      HOME: home,
      XDG_CONFIG_HOME: '',
      XDG_RUNTIME_DIR: runtime,
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'sk-test-package-0000',
      SECRET: 'package-test-token-1234',
    };
    const sh = (cmd: string, opts: { input?: string; keep?: (child: ReturnType<typeof spawn>) => void } = {}): Promise<Ran> =>
      new Promise((resolve) => {
        const child = spawn('sh', ['-c', `exec ${cmd}`], { cwd: work, env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        if (opts.keep) opts.keep(child);
        else child.stdin.end(opts.input ?? '');
      });

    const commands = readmeCommands();
    expect(commands.length).toBeGreaterThanOrEqual(20);
    let resultFile = '';
    const ran: string[] = [];
    try {
      for (const original of commands) {
        let cmd = original.replaceAll('/tmp/spill', spill);
        if (cmd.includes('mini-a-proxy-result-….json')) cmd = cmd.replace(`${spill}/mini-a-proxy-result-….json`, resultFile);
        expect(cmd, `a README command still holds a placeholder: ${original}`).not.toContain('…');

        if (cmd.startsWith('mini-a-proxy') && cmd.includes('transport=http')) {
          const port = await freePort();
          cmd = cmd.replace(/port=\d+/, `port=${port}`);
          let child: ReturnType<typeof spawn> | undefined;
          const done = sh(cmd, { keep: (c) => (child = c) });
          let err = '';
          child!.stderr!.on('data', (d) => (err += d));
          expect(await waitFor(() => err.includes('serving'), 20_000), `${cmd}\n${err}`).toBe(true);
          const health = await fetch(`http://127.0.0.1:${port}/health`);
          expect(health.status).toBe(200);
          child!.kill('SIGTERM');
          expect((await done).code).toBe(143);
        } else if (cmd.startsWith('mini-a-proxy')) {
          // stdio: a client's handshake and tools/list, then stdin closes and the proxy exits.
          const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } } };
          let child: ReturnType<typeof spawn> | undefined;
          const done = sh(cmd, { keep: (c) => (child = c) });
          let out = '';
          child!.stdout!.on('data', (d) => (out += d));
          child!.stdin!.write(JSON.stringify(init) + '\n' + JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n' + JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
          expect(await waitFor(() => out.includes('"id":2'), 20_000), cmd).toBe(true);
          child!.stdin!.end();
          const r = await done;
          expect(r.code, `${cmd}\n${r.stderr}`).toBe(0);
          const tools = JSON.parse(out.split('\n').find((l) => l.includes('"id":2'))!).result.tools as Array<{ name: string }>;
          expect(tools.length).toBeGreaterThan(0);
        } else {
          const r = await sh(cmd);
          expect(r.code, `${cmd}\n${r.stderr}`).toBe(0);
          if (cmd.includes('dispatch=')) {
            const res = JSON.parse(r.stdout);
            expect(res.isError, cmd).toBeUndefined();
            if (res.resultFile) resultFile = res.resultFile;
          }
          if (cmd.includes('goal=')) expect(r.stdout).toContain('It is morning in Tokyo.');
          if (cmd.includes('daemon status')) expect(r.stdout).toMatch(/^pid \d+ /);
        }
        ran.push(cmd);
      }
    } finally {
      await sh('mini-a daemon stop');
      await llm.close();
    }
    expect(ran.length).toBe(commands.length);
    expect(readFileSync(path.join(work, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
    // The agent commands went through the installed bundled time server.
    expect(llm.requests.some((r) => r.messages.some((m) => m.role === 'tool' && String(m.content).includes('Asia/Tokyo')))).toBe(true);
  }, 300_000);
});
