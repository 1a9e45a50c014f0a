// The capture shared by bench/capture-large.mjs and bench/capture-unseen.mjs: each server of a list is
// started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the SDK client on
// mini-a's process-group transport (so nothing it spawns outlives the capture), and its tools/list is
// written to <outDir>/<name>.json as compact JSON {server, package, version, tools}.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ProcessGroupStdioTransport } from '../dist/src/mcp/stdio-transport.js';

/** A server to capture: name, package, args after the entry, dummy environment, entry when package.json's bin is not it, files to write under the scratch HOME. */
export const S = (name, pkg, args = [], env = {}, bin, files = {}) => ({ name, pkg, args, env, bin, files });

/** Captures `servers` (only those named in argv[3..], if any) from the node_modules folders of argv[2] (':'-separated) into `outDir`, then exits. */
export async function captureServers(servers, outDir) {
  // One or more node_modules folders, separated by ':' (a second install keeps the first one's tree intact).
  const nms = (process.argv[2] ?? 'node_modules').split(':').map((p) => path.resolve(p));
  const only = new Set(process.argv.slice(3));
  const out = outDir;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mini-a-capture-'));
  const SERVERS = servers;
  /** The entry file: an explicit one, else the package's bin (the only one, or the one named like the package). */
  function entryOf(s) {
    const nm = nms.find((d) => existsSync(path.join(d, s.pkg, 'package.json'))) ?? nms[0];
    const dir = path.join(nm, s.pkg);
    const pj = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (s.bin) return { file: path.join(dir, s.bin), version: pj.version };
    let bin = pj.bin;
    if (bin && typeof bin === 'object') {
      const names = Object.keys(bin);
      const base = s.pkg.split('/').pop();
      bin = bin[base] ?? bin[names.find((n) => n.includes('mcp')) ?? names[0]];
    }
    if (typeof bin !== 'string') bin = pj.main ?? 'index.js';
    return { file: path.join(dir, bin), version: pj.version };
  }

  const withScratch = (v) => v.replaceAll('{scratch}', scratch);

  async function capture(s) {
    const { file, version } = entryOf(s);
    for (const [rel, text] of Object.entries(s.files)) {
      mkdirSync(path.dirname(path.join(scratch, rel)), { recursive: true });
      writeFileSync(path.join(scratch, rel), text);
    }
    const env = { PATH: process.env.PATH, HOME: scratch, TMPDIR: scratch, NODE_ENV: 'production', ...Object.fromEntries(Object.entries(s.env).map(([k, v]) => [k, withScratch(v)])) };
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: [file, ...s.args.map(withScratch)], env, cwd: scratch, graceMs: 500, onNoise: (_s, line) => { noise.push(line); if (noise.length > 4) noise.shift(); } });
    const noise = [];
    const client = new Client({ name: 'mini-a-capture', version: '0.1.0' });
    const timer = (ms) => new Promise((_, rej) => setTimeout(() => rej(new Error(`no answer in ${ms / 1000} s`)), ms));
    try {
      await Promise.race([client.connect(transport), timer(45_000)]);
      const tools = [];
      let cursor;
      do {
        const page = await Promise.race([client.listTools(cursor ? { cursor } : {}), timer(30_000)]);
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor && tools.length < 5000);
      const compact = tools.map((t) => ({ name: t.name, ...(t.title ? { title: t.title } : {}), description: t.description ?? '', inputSchema: t.inputSchema, ...(t.annotations ? { annotations: t.annotations } : {}) }));
      return { server: s.name, package: s.pkg, version, tools: compact };
    } catch (e) {
      throw new Error(`${e.message}; stderr: ${noise.join(' | ').slice(-300)}`);
    } finally {
      await client.close().catch(() => {});
    }
  }

  mkdirSync(out, { recursive: true });
  const todo = SERVERS.filter((s) => !only.size || only.has(s.name));
  const failed = [];
  let next = 0;
  async function worker() {
    while (next < todo.length) {
      const s = todo[next++];
      try {
        const cat = await capture(s);
        if (!cat.tools.length) throw new Error('listed no tools');
        writeFileSync(path.join(out, `${s.name}.json`), JSON.stringify(cat) + '\n');
        console.log(`${s.name}: ${cat.tools.length} tools`);
      } catch (e) {
        failed.push(s.name);
        console.log(`${s.name}: FAILED ${String(e.message ?? e).split('\n')[0].slice(0, 200)}`);
      }
    }
  }
  await Promise.all([worker(), worker(), worker()]);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`failed: ${failed.join(', ') || 'none'}`);
  process.exit(0);
}
