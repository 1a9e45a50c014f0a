/**
 * The proxy under a slow server, a large image, a stubborn server at shutdown, and many servers at
 * start: each measured against a baseline in the same run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Pool } from '../src/mcp/pool.js';
import { toToolResult } from '../src/server/proxy-server.js';
import { countTokens } from '../src/util/tokens.js';
import { ms, report, ROOT, SERVERS } from './util.js';

const EDGE = `node ${path.join(ROOT, 'test/fixtures/edge-server.mjs')}`;
const PROXY = path.join(ROOT, 'dist/src/cli/mini-a-proxy.js');

async function proxyClient(args: string[]): Promise<Client> {
  const c = new Client({ name: 'bench', version: '1' });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [PROXY, ...args], cwd: ROOT, stderr: 'ignore' }));
  return c;
}

/** Time of the first tools/list (transparent) and first search (dispatch), with and without a hung server behind. */
async function slowServer(): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const hung of [false, true]) {
    const servers = `[(cmd: '${SERVERS.everything}')${hung ? `, (cmd: '${EDGE} --hang-list', name: hung)` : ''}]`;
    const t = await proxyClient([`mcp=${servers}`, 'mode=transparent']);
    let t0 = process.hrtime.bigint();
    const n = (await t.listTools()).tools.length;
    const list = ms(t0);
    await t.close();
    const d = await proxyClient([`mcp=${servers}`]);
    t0 = process.hrtime.bigint();
    await d.callTool({ name: 'proxy-dispatch', arguments: { action: 'search', query: 'echo a message' } });
    const search = ms(t0);
    await d.close();
    rows.push([`${hung ? 'with' : 'without'} a server that never answers tools/list`, `tools/list ${list.toFixed(0)} ms (${n} tools), search ${search.toFixed(0)} ms`]);
  }
  rows.push(['before this change (issue 12 figures)', 'tools/list 31,500 ms, search 32,900 ms (every client waited for the hung server)']);
  return rows;
}

/** Text tokens a client reads for everything's tiny image through proxy-dispatch: one JSON text (before) vs native blocks (now). */
async function imageTokens(): Promise<Array<[string, string]>> {
  const pool = new Pool(parseMcpOption(`(cmd: '${SERVERS.everything}')`), { hooks: new LocalClientHooks({ elicit: 'decline' }) });
  try {
    const d = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [ROOT] });
    const res = await d.dispatch({ action: 'call', tool: 'get-tiny-image' });
    const before = countTokens(JSON.stringify({ content: [{ type: 'text', text: JSON.stringify(res) }] }));
    const now = toToolResult(res);
    const text = now.content.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('\n');
    const images = now.content.filter((b) => b.type === 'image').length;
    return [
      ['image result as one JSON text block (before)', `${before} text tokens`],
      ['as native blocks (now)', `${countTokens(text)} text tokens + ${images} image block(s); ratio ${(countTokens(text) / before).toFixed(3)}×`],
    ];
  } finally {
    await pool.close();
  }
}

/** SIGTERM to exit of mini-a-proxy: a well-behaved server vs one that ignores stdin EOF and SIGTERM. */
async function shutdown(): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const stubborn of [false, true]) {
    const cmd = stubborn ? `sh -c 'trap "" TERM HUP; ${EDGE} --linger'` : EDGE;
    const child = spawn(process.execPath, [PROXY, `mcp=[(cmd: "${cmd.replace(/"/g, '\\"')}", name: s)]`, 'mode=transparent'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b', version: '1' } } }) + '\n');
    while (!out.includes('"id":1')) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = process.hrtime.bigint();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rows.push([stubborn ? 'a server that ignores stdin EOF and SIGTERM' : 'a well-behaved server', `${ms(t0).toFixed(0)} ms from SIGTERM to exit`]);
  }
  rows.push(['before this change (issue 14 figure, hung server)', '8,000 ms']);
  return rows;
}

/** Peak of servers starting at once, and total time, for 40 servers: uncapped vs the default cap. */
async function startCap(): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  let baseline = 0;
  for (const cap of [1000, 16, 4]) {
    const specs = parseMcpOption(`[${Array.from({ length: 40 }, (_, i) => `(cmd: '${EDGE} ${i}', name: s${i})`).join(', ')}]`);
    const pool = new Pool(specs, { startConcurrency: cap, hooks: new LocalClientHooks({ elicit: 'decline' }) });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, pool.starts.active)), 2);
    const t0 = process.hrtime.bigint();
    await pool.connectAll();
    const took = ms(t0);
    clearInterval(timer);
    await pool.close();
    if (cap === 1000) baseline = took;
    const name = cap === 1000 ? 'uncapped (the old behaviour)' : `startconcurrency=${cap}${cap === 16 ? ' (default)' : ''}`;
    rows.push([name, `peak ${peak} starting at once, all ready in ${took.toFixed(0)} ms${cap !== 1000 ? ` (${(took / baseline).toFixed(2)}× uncapped)` : ''}`]);
  }
  return rows;
}

export async function benchProxy(): Promise<void> {
  report('one slow server (listtimeout=3000 default)', await slowServer());
  report('image result through proxy-dispatch (client-visible text tokens, o200k_base)', await imageTokens());
  report('mini-a-proxy shutdown', await shutdown());
  report('eager start of 40 servers', await startCap());
}
