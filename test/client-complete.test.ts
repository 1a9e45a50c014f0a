import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMcpOption } from '../src/config/spec.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Pool } from '../src/mcp/pool.js';
import { runCli, runCliAsync } from './helpers/cli.js';
import { withFakeLlm } from './helpers/fake-llm.js';
import { freePort } from './helpers/http-server.js';
import { logicTest } from './helpers/matrix.js';
import { tempDir } from './helpers/runtime.js';
import { BIN, ROOT, SERVERS, waitFor } from './helpers/servers.js';

const EDGE = `node ${ROOT}/test/fixtures/edge-server.mjs`;
/** The text of a dispatch call answer's first content block, parsed when it is JSON. */
const answer = (stdout: string) => {
  const res = JSON.parse(stdout);
  const t = res.content?.[0]?.text ?? '';
  try {
    return { res, data: JSON.parse(t) };
  } catch {
    return { res, data: t };
  }
};

describe('elicitation (elicit=)', () => {
  logicTest('defaults: accepts with the schema defaults when every required field has one', () => {
    const r = runCli(['dispatch={"action":"call","tool":"elicit"}', `mcp=[(cmd: '${EDGE}')]`, 'elicit=defaults']);
    expect(r.code).toBe(0);
    expect(answer(r.stdout).data).toEqual({ action: 'accept', content: { color: 'blue', count: 3 } });
  });

  logicTest('defaults: declines, with a logged note, when a required field has none (everything asks for a name)', () => {
    const r = runCli(['dispatch={"action":"call","tool":"trigger-elicitation-request"}', `mcp=[(cmd: '${SERVERS.everything}')]`, 'elicit=defaults']);
    expect(r.code).toBe(0);
    expect(JSON.stringify(JSON.parse(r.stdout).content)).toMatch(/decline/i);
    expect(r.stderr).toMatch(/declined: no default for required field\(s\) name/);
  });

  logicTest('decline (the default off a terminal): declines and says how to answer instead', () => {
    const r = runCli(['dispatch={"action":"call","tool":"elicit"}', `mcp=[(cmd: '${EDGE}')]`]);
    expect(answer(r.stdout).data).toEqual({ action: 'decline' });
    expect(r.stderr).toMatch(/declined \(elicit=decline; use elicit=ask or elicit=defaults/);
  });

  it('ask: field by field on a terminal, validated against the schema, defaults offered', () => {
    // `script` gives mini-a a real pseudo-terminal; the answers are typed into it.
    const answers = [
      'y', // answer now
      'Ada Lovelace', // name
      'y', // check
      '', // firstLine: default
      'not-an-email', // refused
      'ada@example.org',
      '', // homepage (optional)
      '', // birthdate (optional)
      '500', // integer: over the maximum, refused
      '7',
      '', // number: default
      '2', // untitledSingleSelectEnum: Rachel
      'Piano,Drums',
      '3', // Wonder Woman
      '', // titled multi: default
      'Dogs', // legacy enum by its label
    ];
    const cmd = [process.execPath, BIN.miniA, `dispatch='{"action":"call","tool":"trigger-elicitation-request"}'`, `"mcp=[(cmd: '${SERVERS.everything}')]"`, 'elicit=ask'].join(' ');
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: ROOT, input: answers.join('\n') + '\n', encoding: 'utf8', timeout: 60_000 });
    const out = r.stdout.replace(/\r/g, '');
    expect(out).toMatch(/c1\/everything asks: /);
    expect(out).toContain('an email address, please');
    expect(out).toContain('at most 100');
    const json = out.slice(out.indexOf('{"action":"call"'));
    const got = JSON.stringify(JSON.parse(json.slice(0, json.indexOf('\n'))).content);
    for (const v of ['Ada Lovelace', 'ada@example.org', 'It was a dark and stormy night.', 'Rachel', 'Piano', 'Drums', 'hero-3', 'fish-1', 'pet-2', '"integer\\":7'.slice(1, -1)]) expect(got).toContain(v);
  });
});

describe('sampling', () => {
  logicTest('with a model: served by it, capped at samplingmaxtokens, one line on stderr', async () => {
    await withFakeLlm([{ content: 'a sampled haiku' }], async (llm) => {
      const r = await runCliAsync(['dispatch={"action":"call","tool":"sample","arguments":{"prompt":"write a haiku"}}', `mcp=[(cmd: '${EDGE}')]`, 'samplingmaxtokens=64'], { env: { OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'sk-test-sampling-123' } });
      expect(r.code, r.stderr).toBe(0);
      expect(answer(r.stdout).data).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'a sampled haiku' } });
      expect(llm.requests[0]!.max_tokens).toBe(64);
      expect(JSON.stringify(llm.requests[0]!.messages)).toContain('write a haiku');
      expect(r.stderr.match(/sampling for c1\/edge/g)).toHaveLength(1);
      expect(r.stderr + r.stdout).not.toContain('sk-test-sampling-123');
    });
  });

  logicTest('without a model: not declared (everything hides its sampling tool), and a request anyway is refused clearly', () => {
    const listed = runCli(['dispatch={"action":"info","tool":"trigger-sampling-request"}', `mcp=[(cmd: '${SERVERS.everything}')]`]);
    expect(JSON.parse(listed.stdout).error).toMatch(/unknown tool 'trigger-sampling-request'/);
    const r = runCli(['dispatch={"action":"call","tool":"sample"}', `mcp=[(cmd: '${EDGE}')]`]);
    expect(JSON.parse(r.stdout).content[0].text).toMatch(/-32601.*no model to answer sampling requests/);
  });
});

describe('roots', () => {
  logicTest('declared: the working directory by default, roots= to choose', () => {
    const dflt = runCli(['dispatch={"action":"call","tool":"roots"}', `mcp=[(cmd: '${EDGE}')]`]);
    expect(answer(dflt.stdout).data.roots).toEqual([{ uri: `file://${ROOT}`, name: path.basename(ROOT) }]);
    const dirs = [tempDir(), tempDir()];
    const r = runCli(['dispatch={"action":"call","tool":"get-roots-list"}', `mcp=[(cmd: '${SERVERS.everything}')]`, `roots=${dirs.join(',')}`]);
    for (const d of dirs) expect(r.stdout).toContain(`file://${d}`);
  });

  logicTest('a change of roots is announced with roots/list_changed, and servers see the new ones', async () => {
    const hooks = new LocalClientHooks({ roots: [tempDir()] });
    const p = new Pool(parseMcpOption(`(cmd: '${SERVERS.everything}')`), { hooks });
    try {
      const c = p.connections[0]!;
      const first = (await c.callTool('get-roots-list', {})).content as Array<{ text: string }>;
      const next = tempDir('mini-a-root-next-');
      expect(first[0]!.text).not.toContain(next);
      expect(hooks.setRoots([next])).toBe(true);
      await p.notifyAll('notifications/roots/list_changed');
      expect(await waitFor(async () => JSON.stringify((await c.callTool('get-roots-list', {})).content).includes(next), 5000, 100)).toBe(true);
    } finally {
      await p.close();
    }
  });
});

describe('progress', () => {
  logicTest("a server's progress shows on the agent's stderr progress line", async () => {
    await withFakeLlm([{ toolCalls: [{ name: 'proxy-dispatch', arguments: { action: 'call', tool: 'progress', arguments: { steps: 4 } } }] }, { content: 'done' }], async (llm) => {
      const r = await runCliAsync(['goal=run it', `mcp=[(cmd: '${EDGE}')]`, 'usetools=true'], { env: { OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'sk-test-progress-1' } });
      expect(r.code, r.stderr).toBe(0);
      for (const pct of ['25%', '50%', '75%', '100%']) expect(r.stderr).toContain(`call progress … ${pct} step`);
    });
  });
});

describe('progress that arrives with the answer', () => {
  logicTest('is not lost: notifications read in the same chunk as the response are handled first', async () => {
    const p = new Pool(parseMcpOption(`(cmd: '${EDGE}')`), { hooks: new LocalClientHooks({ elicit: 'decline' }) });
    try {
      const seen: number[] = [];
      const r = await p.connections[0]!.callTool('progress', { steps: 200, burst: true }, { onProgress: (x) => seen.push(x.progress) });
      expect((r.content as Array<{ text: string }>)[0]!.text).toBe('done after 200 steps');
      expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    } finally {
      await p.close();
    }
  });
});

/** Starts mini-a-proxy over HTTP on a given port (a real Streamable HTTP server with sessions). */
async function httpProxyOn(port: number) {
  const child = spawn(process.execPath, [BIN.miniAProxy, 'transport=http', `port=${port}`, `mcp=[(cmd: '${SERVERS.time}')]`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err += d;
      if (err.includes('serving')) resolve();
    });
    child.once('exit', () => reject(new Error(err)));
  });
  return { stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

describe('sessions heal', () => {
  logicTest('a Streamable HTTP server that forgot the session (404) is re-initialized and the call retried once', async () => {
    const port = await freePort();
    let server = await httpProxyOn(port);
    const p = new Pool(parseMcpOption(`(type: remote, url: 'http://127.0.0.1:${port}/mcp', name: remote)`));
    try {
      const c = p.connections[0]!;
      const call = async () => JSON.parse(((await c.callTool('proxy-dispatch', { action: 'list', includeTools: false })).content as Array<{ text: string }>)[0]!.text);
      expect((await call()).total).toBe(1);
      // The server restarts: our session id means nothing to it now.
      await server.stop();
      server = await httpProxyOn(port);
      expect((await call()).total).toBe(1);
      expect(c.state).toBe('ready');
    } finally {
      await p.close();
      await server.stop();
    }
  });
});

describe('starts and stops under pressure', () => {
  logicTest('a server that never answers initialize: a clear error naming it and the time limit (starttimeout)', () => {
    const r = runCli(['dispatch={"action":"call","tool":"pid","connection":"mute"}', `mcp=[(cmd: '${EDGE} --hang-init', name: mute)]`, 'starttimeout=1500']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatch(/^c1\/mute: .*no answer to initialize within 1500 ms/);
  });

  it('SIGKILL of mini-a-proxy: the reaper ends servers that ignore stdin EOF and SIGTERM, and removes the spill directory', async () => {
    const marker = `--reaper-${process.pid}`;
    const stubborn = `sh -c 'trap "" TERM HUP; ${EDGE} --linger ${marker}'`;
    // A TMPDIR of its own, so the spill directory can be watched.
    const tmp = tempDir();
    const spillDirs = () => readdirSync(tmp).filter((n) => n.startsWith('mini-a-spill-'));
    const child = spawn(process.execPath, [BIN.miniAProxy, `mcp=[(cmd: "${stubborn.replace(/"/g, '\\"')}", name: stubborn)]`, 'mode=transparent'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, TMPDIR: tmp } });
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\n');
    const pgrep = () => {
      // Only the server's own command line (mini-a-proxy's arguments mention the marker too).
      const r = spawnSync('pgrep', ['-f', '--', `^node [^ ]*edge-server\\.mjs --linger ${marker}$`], { encoding: 'utf8' });
      return r.stdout.trim().split('\n').filter(Boolean).map(Number).filter((n) => n !== process.pid);
    };
    // Killed once the server is up and idle (a server killed mid-answer dies of the broken pipe anyway).
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    expect(await waitFor(() => out.includes('"id":1'), 15_000)).toBe(true);
    expect(await waitFor(() => pgrep().length > 0, 15_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(spillDirs()).toHaveLength(1);
    child.kill('SIGKILL');
    expect(await waitFor(() => pgrep().length === 0, 10_000, 100)).toBe(true);
    expect(await waitFor(() => spillDirs().length === 0, 10_000, 100)).toBe(true);
  });

  logicTest('eager start runs at most startconcurrency servers starting at once', async () => {
    const specs = parseMcpOption(`[${Array.from({ length: 6 }, (_, i) => `(cmd: '${EDGE} --slow-list 10 --conc-${process.pid}-${i}', name: s${i})`).join(', ')}]`);
    const p = new Pool(specs, { startConcurrency: 2, hooks: new LocalClientHooks({ elicit: 'decline' }) });
    // Counted two ways: starts inside the gate, and server processes alive but not yet ready.
    let peak = 0;
    let peakProcesses = 0;
    const processes = () => spawnSync('pgrep', ['-f', '--', `^node [^ ]*edge-server\\.mjs .*--conc-${process.pid}-`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length;
    const sampler = setInterval(() => {
      peak = Math.max(peak, p.starts.active);
      peakProcesses = Math.max(peakProcesses, processes() - p.connections.filter((c) => c.state === 'ready').length);
    }, 5);
    try {
      await p.connectAll();
      expect(p.connections.every((c) => c.state === 'ready')).toBe(true);
      expect(peak).toBe(2);
      expect(peakProcesses).toBeLessThanOrEqual(2);
    } finally {
      clearInterval(sampler);
      await p.close();
    }
  });
});

describe('README stays truthful', () => {
  logicTest('documents elicit=, roots=, starttimeout= and namespace=', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const k of ['elicit=', 'roots=', 'starttimeout=', 'namespace=', 'listtimeout=']) expect(readme).toContain(k);
  });
});
