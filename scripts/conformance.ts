#!/usr/bin/env node
/**
 * `npm run conformance`: the official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * pinned in tools/, run with the pinned Node 22 from tools/) against mini-a.
 *
 *   1. every server scenario against our reference server (test/fixtures/conformance-server.ts), directly;
 *   2. the same scenarios through `mini-a-proxy mode=transparent namespace=none` in front of it;
 *   3. every client scenario with mini-a as the client (scripts/conformance-client.ts).
 *
 * Prints one table and the reason of each failure (from the suite's checks.json). Exits 1 when a
 * scenario that passes directly fails through the proxy, or when the direct or client pass counts
 * drop below scripts/conformance-baseline.json; 2 when the suite cannot run at all.
 *
 * Options: --only=server|client, --json=FILE (every check of every run), --keep (keep the results
 * directory), --update-baseline (write today's counts as the baseline).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE22 = path.join(ROOT, 'tools/node_modules/node22/bin/node');
const SUITE = path.join(ROOT, 'tools/node_modules/@modelcontextprotocol/conformance/dist/index.js');
const FIXTURE = path.join(ROOT, 'dist/test/fixtures/conformance-server.js');
const PROXY = path.join(ROOT, 'dist/src/cli/mini-a-proxy.js');
const ADAPTER = path.join(ROOT, 'dist/scripts/conformance-client.js');
const BASELINE = path.join(ROOT, 'scripts/conformance-baseline.json');
/** Client scenarios run this many at a time: each starts Node processes, and sse-retry measures timing. */
const CLIENT_CONCURRENCY = 2;

interface Check {
  id: string;
  name?: string;
  description?: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  errorMessage?: string;
  details?: unknown;
}

/** One scenario run: passed as the suite judges it, and the checks behind that. */
interface Outcome {
  passed: boolean;
  /** Wall time of the run (client scenarios; the server suite is timed as a whole). */
  ms?: number;
  checks: Check[];
  /** Why it failed, in one line. */
  reason?: string;
  warnings: number;
}

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=').slice(1).join('=') ?? (args.includes(`--${name}`) ? '' : undefined);
const only = opt('only');
const keep = opt('keep') !== undefined;

const children = new Set<ChildProcess>();
let workDir: string | undefined;

/** Ends every process we started (each in its own group) and removes the results, unless kept. */
function cleanup(): void {
  for (const c of children) {
    try {
      if (c.pid && c.exitCode === null) process.kill(-c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (workDir && !keep) rmSync(workDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));

/** Starts a long-running child in its own process group, so it and its children can be ended together. */
function start(cmd: string, argv: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const c = spawn(cmd, argv, { cwd: ROOT, env, detached: true, stdio: ['pipe', 'ignore', 'pipe'] });
  children.add(c);
  c.once('exit', () => children.delete(c));
  return c;
}

/** Waits for a stderr line matching `re` and returns its first group; fails if the child exits or time runs out. */
function waitForLine(c: ChildProcess, re: RegExp, what: string, ms = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const seen: string[] = [];
    const rl = readline.createInterface({ input: c.stderr! });
    const timer = setTimeout(() => reject(new Error(`${what}: no address after ${ms} ms; stderr: ${seen.join(' | ')}`)), ms);
    rl.on('line', (line) => {
      seen.push(line);
      const m = re.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    c.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (code ${code}) before serving; stderr: ${seen.join(' | ')}`));
    });
  });
}

/** Runs a command to completion, collecting its output. */
function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const c = spawn(cmd, argv, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(c);
    let out = '';
    c.stdout!.on('data', (d) => (out += d));
    c.stderr!.on('data', (d) => (out += d));
    c.once('close', (code) => {
      children.delete(c);
      resolve({ code: code ?? 1, out });
    });
  });
}

/** Scenario names from `conformance list`. */
async function listScenarios(kind: 'server' | 'client'): Promise<string[]> {
  const r = await run(NODE22, [SUITE, 'list', `--${kind}`]);
  if (r.code !== 0) throw new Error(`conformance list --${kind} failed: ${r.out}`);
  return r.out.split('\n').flatMap((l) => {
    const m = /^\s+- (\S+)/.exec(l);
    return m ? [m[1]!] : [];
  });
}

/** Every checks.json under `dir`, with the directory it is in. */
function findChecks(dir: string): Array<{ dir: string; checks: Check[] }> {
  const out: Array<{ dir: string; checks: Check[] }> = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e === 'checks.json') out.push({ dir: path.relative(dir, d), checks: JSON.parse(readFileSync(p, 'utf8')) as Check[] });
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

const oneLine = (s: string, max = 400) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The one-line reason of a failed run: its failing (else warning) checks, the first one's message. */
function reasonOf(checks: Check[], extra?: string): string {
  const bad = checks.filter((c) => c.status === 'FAILURE');
  const shown = bad.length ? bad : checks.filter((c) => c.status === 'WARNING');
  const parts: string[] = [];
  if (shown.length) {
    const first = shown[0]!;
    const msg = first.errorMessage ?? first.description ?? '';
    parts.push(shown.length === 1 ? `${first.id}: ${msg}` : `${shown.length} checks failed (${shown.map((c) => c.id).join(', ')}); first: ${msg}`);
  }
  if (extra) parts.push(extra);
  return oneLine(parts.join('; ') || 'no checks recorded');
}

/** Runs every server scenario against `url`; results per scenario. */
async function runServerSuite(url: string, names: string[], outDir: string): Promise<Map<string, Outcome>> {
  await run(NODE22, [SUITE, 'server', '--url', url, '--suite', 'all', '-o', outDir]);
  const found = findChecks(outDir);
  const result = new Map<string, Outcome>();
  for (const name of names) {
    // Directories are `server-<scenario>-<ISO timestamp>`.
    const hit = found.find((f) => f.dir.startsWith(`server-${name}-`) && /^\d{4}-\d\d-\d\dT/.test(f.dir.slice(`server-${name}-`.length)));
    if (!hit) {
      result.set(name, { passed: false, checks: [], reason: 'the suite recorded no checks for this scenario', warnings: 0 });
      continue;
    }
    // The suite's own verdict for server scenarios: no FAILURE check.
    const passed = !hit.checks.some((c) => c.status === 'FAILURE');
    const warnings = hit.checks.filter((c) => c.status === 'WARNING').length;
    result.set(name, { passed, checks: hit.checks, warnings, ...(passed ? {} : { reason: reasonOf(hit.checks) }) });
  }
  return result;
}

/** mini-a's own account of a failed run: the error of its dispatch answer, else its last stderr line. */
function whatMiniASaid(dir: string): string {
  const read = (f: string) => (existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f), 'utf8') : '');
  for (const l of read('stdout.txt').trim().split('\n').reverse()) {
    try {
      const r = JSON.parse(l) as { isError?: boolean; error?: string };
      if (r.isError && r.error) return `mini-a answered: ${r.error}`;
    } catch {
      // not a dispatch answer
    }
  }
  const last = read('stderr.txt').trim().split('\n').filter((l) => l.startsWith('mini-a')).pop();
  return last ? `mini-a said: ${last}` : '';
}

/** Runs one client scenario with mini-a (through the adapter) as the client. */
async function runClientScenario(name: string, outDir: string): Promise<Outcome> {
  const t0 = Date.now();
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(ADAPTER)}`;
  const r = await run(NODE22, [SUITE, 'client', '--command', command, '--scenario', name, '--timeout', '30000', '-o', outDir]);
  const hit = findChecks(outDir)[0];
  const checks = hit?.checks ?? [];
  // The suite's verdict for a client: exit 0 (no failure, no warning, no timeout, client exit 0
  // unless the scenario expects an error).
  const passed = r.code === 0;
  const warnings = checks.filter((c) => c.status === 'WARNING').length;
  let extra: string | undefined;
  if (!passed && !checks.some((c) => c.status === 'FAILURE' || c.status === 'WARNING')) {
    const m = /Client exited with code (\d+)|CLIENT TIMED OUT/.exec(r.out);
    extra = m ? (m[1] ? `mini-a exited with code ${m[1]}` : 'mini-a timed out') : 'the suite failed the run';
  }
  const said = passed || !hit ? '' : whatMiniASaid(path.join(outDir, hit.dir));
  const reason = passed ? undefined : reasonOf(checks, [extra, said].filter(Boolean).join('; ') || undefined);
  return { passed, ms: Date.now() - t0, checks, warnings, ...(reason ? { reason } : {}) };
}

async function pool<T, R>(items: T[], n: number, f: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]!, i);
      }
    }),
  );
  return out;
}

/** Starts mini-a-proxy in front of `url`; namespace=none when the option exists, today's naming otherwise. */
async function startProxy(url: string): Promise<{ url: string; namespace: string }> {
  const mcp = `[(type: remote, url: '${url}')]`;
  const base = ['mode=transparent', 'transport=http', 'port=0', `mcp=${mcp}`];
  const serving = /^mini-a-proxy: serving .* at (http:\/\/\S+\/mcp)/;
  const p = start(process.execPath, [PROXY, 'namespace=none', ...base]);
  try {
    return { url: await waitForLine(p, serving, 'mini-a-proxy'), namespace: 'none' };
  } catch (e) {
    if (!/unknown option 'namespace'/.test(String(e))) throw e;
  }
  const q = start(process.execPath, [PROXY, ...base]);
  return { url: await waitForLine(q, serving, 'mini-a-proxy'), namespace: 'unsupported (today: c1__name, proxy://c1/…)' };
}

interface Baseline {
  direct: number;
  client: number;
}

async function main(): Promise<number> {
  for (const [f, how] of [
    [NODE22, 'npm ci --prefix tools'],
    [SUITE, 'npm ci --prefix tools'],
    [FIXTURE, 'npm run build'],
    [ADAPTER, 'npm run build'],
  ] as const) {
    if (!existsSync(f)) {
      process.stderr.write(`conformance: ${path.relative(ROOT, f)} is missing; run \`${how}\` first\n`);
      return 2;
    }
  }
  const t0 = Date.now();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'mini-a-conformance-'));
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;

  let serverNames: string[] = [];
  let direct = new Map<string, Outcome>();
  let proxied = new Map<string, Outcome>();
  let namespace = '';
  const timings: string[] = [];
  if (only !== 'client') {
    serverNames = await listScenarios('server');
    const ref = start(process.execPath, [FIXTURE, '--watch-stdin']);
    const refUrl = await waitForLine(ref, /listening at (http:\/\/\S+)/, 'reference server');
    let t = Date.now();
    direct = await runServerSuite(refUrl, serverNames, path.join(workDir, 'direct'));
    timings.push(`direct ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const proxy = await startProxy(refUrl);
    namespace = proxy.namespace;
    t = Date.now();
    proxied = await runServerSuite(proxy.url, serverNames, path.join(workDir, 'proxy'));
    timings.push(`through the proxy ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }

  let clientNames: string[] = [];
  let client = new Map<string, Outcome>();
  if (only !== 'server') {
    clientNames = await listScenarios('client');
    const t = Date.now();
    const outcomes = await pool(clientNames, CLIENT_CONCURRENCY, (name, i) => runClientScenario(name, path.join(workDir!, 'client', String(i))));
    client = new Map(clientNames.map((n, i) => [n, outcomes[i]!]));
    timings.push(`client ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }

  // The table.
  const mark = (o?: Outcome) => (!o ? '' : o.passed ? (o.warnings ? `pass (${o.warnings} warn)` : 'pass') : 'FAIL');
  const rows: string[][] = [
    ...serverNames.map((n) => [n, mark(direct.get(n)), mark(proxied.get(n)), '']),
    ...clientNames.map((n) => [n, '', '', mark(client.get(n))]),
  ];
  const count = (m: Map<string, Outcome>) => [...m.values()].filter((o) => o.passed).length;
  const header = ['scenario', 'direct', 'through proxy', 'mini-a as client'];
  const totals = ['total', serverNames.length ? `${count(direct)}/${serverNames.length}` : '', serverNames.length ? `${count(proxied)}/${serverNames.length}` : '', clientNames.length ? `${count(client)}/${clientNames.length}` : ''];
  const widths = header.map((h, i) => Math.max(h.length, totals[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const out: string[] = [];
  out.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), line(widths.map((w) => '-'.repeat(w))), line(totals));
  if (serverNames.length) out.push('', `mini-a-proxy namespace: ${namespace}`);

  const reasons: string[] = [];
  for (const [label, m] of [['direct', direct], ['proxy', proxied], ['client', client]] as const) {
    for (const [n, o] of m) if (!o.passed) reasons.push(`  ${label} ${n}: ${o.reason}`);
  }
  if (reasons.length) out.push('', 'Why each failure failed (from checks.json):', ...reasons);

  // The gate.
  const regressions = serverNames.filter((n) => direct.get(n)?.passed && !proxied.get(n)?.passed);
  const problems: string[] = [];
  if (regressions.length) problems.push(`${regressions.length} scenario(s) pass directly but fail through mini-a-proxy: ${regressions.join(', ')}`);
  if (serverNames.length && count(direct) < baseline.direct) problems.push(`the reference server passes ${count(direct)} scenarios directly, below the baseline of ${baseline.direct}`);
  if (clientNames.length && count(client) < baseline.client) problems.push(`mini-a as a client passes ${count(client)} scenarios, below the baseline of ${baseline.client}`);
  out.push('', `time: ${timings.join(', ')}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (keep) out.push(`results kept in ${workDir}`);
  out.push(problems.length ? `conformance: FAILED: ${problems.join('; ')}` : 'conformance: OK');
  process.stdout.write(out.join('\n') + '\n');

  const jsonFile = opt('json');
  if (jsonFile) {
    const dump = (m: Map<string, Outcome>) => Object.fromEntries(m);
    writeFileSync(jsonFile, JSON.stringify({ namespace, direct: dump(direct), proxy: dump(proxied), client: dump(client) }, null, 2));
  }
  if (opt('update-baseline') !== undefined) {
    const next: Baseline = { direct: serverNames.length ? count(direct) : baseline.direct, client: clientNames.length ? count(client) : baseline.client };
    writeFileSync(BASELINE, JSON.stringify(next, null, 2) + '\n');
    process.stdout.write(`baseline written: ${JSON.stringify(next)}\n`);
  }
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`conformance: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
