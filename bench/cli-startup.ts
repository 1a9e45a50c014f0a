/**
 * The command line as a user meets it: `mini-a --version` and `--help` against `node -e 0`, a
 * one-shot `dispatch=` list against mcporter's `list` of the same server, and repeated calls through
 * mini-a's daemon against mcporter's keep-alive daemon: all in one run, alternating, medians.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, ms, report, ratio, ROOT } from './util.js';

const MINI_A = path.join(ROOT, 'dist/src/cli/mini-a.js');
const MCPORTER = path.join(ROOT, 'node_modules/mcporter/dist/cli.js');
const TIME = path.join(ROOT, 'dist/mcps/time.js');
const COUNT = path.join(ROOT, 'bench/fixtures/count-modules.mjs');

/** CPU time (user + system, ms) of this process's waited-for children so far (Linux: /proc/self/stat). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100; // cutime + cstime, in USER_HZ (100 on Linux)
  } catch {
    return NaN;
  }
}

/** CPU ms of every run of each command (the machine's load inflates wall time, much less CPU time). */
const cpu: Record<string, number[]> = {};

function timed(node: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT, key?: string): number {
  const c0 = childrenCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, args, { encoding: 'utf8', env, cwd });
  const t = ms(t0);
  if (r.status !== 0) throw new Error(`${args.slice(0, 3).join(' ')} failed (${r.status}): ${r.stderr}`);
  if (key) (cpu[key] ??= []).push(childrenCpuMs() - c0);
  return t;
}

const meanCpu = (key: string) => (cpu[key] ?? []).reduce((a, b) => a + b, 0) / (cpu[key]?.length || 1);

/** Medians of alternating runs of several commands (alternating spreads machine noise evenly). */
function race(rounds: number, cmds: Record<string, () => number>): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (const f of Object.values(cmds)) f(); // warm the file cache
  for (let i = 0; i < rounds; i++) for (const [k, f] of Object.entries(cmds)) (times[k] ??= []).push(f());
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

function modulesLoaded(args: string[], env: NodeJS.ProcessEnv): number {
  const r = spawnSync(process.execPath, ['--import', COUNT, MINI_A, ...args], { encoding: 'utf8', env, cwd: ROOT });
  return new Set(r.stderr.split('\n').filter((l) => l.startsWith('[loaded] '))).size;
}

export async function benchCliStartup(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-cli-'));
  const runtime = path.join(scratch, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  chmodSync(runtime, 0o700);
  // Both tools get a private HOME (mcporter would otherwise import the user's editor configs and
  // keep its daemon socket there) and mini-a a private runtime directory for its daemon.
  const home = path.join(scratch, 'home');
  mkdirSync(path.join(scratch, 'config'), { recursive: true });
  mkdirSync(home);
  writeFileSync(
    path.join(scratch, 'config/mcporter.json'),
    JSON.stringify({ mcpServers: { time: { command: 'node', args: [TIME], lifecycle: 'ephemeral' }, timek: { command: 'node', args: [TIME], lifecycle: 'keep-alive' } } }),
  );
  const env = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_CACHE_HOME: path.join(scratch, 'cache') };
  const node = process.execPath;
  const haveMcporter = existsSync(MCPORTER);
  try {
    // (1) --version and --help against a bare Node start.
    const info = race(20, {
      node: () => timed(node, ['-e', '0'], env, ROOT, 'node'),
      version: () => timed(node, [MINI_A, '--version'], env, ROOT, 'version'),
      help: () => timed(node, [MINI_A, '--help'], env, ROOT, 'help'),
      ...(haveMcporter ? { mcporterVersion: () => timed(node, [MCPORTER, '--version'], env, scratch) } : {}),
    });
    const cpuRatio = (k: string) => `CPU ${meanCpu(k).toFixed(0)} ms, ${(meanCpu(k) / meanCpu('node')).toFixed(2)}×`;
    report(`CLI start-up on Node ${process.versions.node} (wall: median of 20 alternating runs; CPU: their mean)`, [
      ['node -e 0', `${info.node!.toFixed(1)} ms  (CPU ${meanCpu('node').toFixed(0)} ms)`],
      ['mini-a --version', `${info.version!.toFixed(1)} ms  ${ratio(info.version! / info.node!, 1.5)}  (${cpuRatio('version')}; ${modulesLoaded(['--version'], env)} JS files)`],
      ['mini-a --help', `${info.help!.toFixed(1)} ms  ${ratio(info.help! / info.node!, 1.5)}  (${cpuRatio('help')}; ${modulesLoaded(['--help'], env)} JS files)`],
      ...(haveMcporter ? [['mcporter --version', `${info.mcporterVersion!.toFixed(1)} ms (${(info.mcporterVersion! / info.node!).toFixed(2)}×)`] as [string, string]] : []),
    ]);

    // (2) one-shot list of a server's tools: a cold start of everything, both sides.
    const list = 'dispatch={"action":"list"}';
    const mcp = `mcp=[(cmd: 'node ${TIME}')]`;
    const oneShot = race(10, {
      mini: () => timed(node, [MINI_A, list, mcp, 'usedaemon=false'], env),
      ...(haveMcporter ? { mcporter: () => timed(node, [MCPORTER, 'list', 'time', '--json'], env, scratch) } : {}),
    });
    report('one-shot list of the time server\'s tools, cold (median of 10 alternating runs)', [
      ['mini-a dispatch=list', `${oneShot.mini!.toFixed(1)} ms  (${modulesLoaded([list, mcp, 'usedaemon=false'], env)} JS files)`],
      ...(haveMcporter
        ? ([
            ['mcporter list time', `${oneShot.mcporter!.toFixed(1)} ms`],
            ['ratio mini-a / mcporter', ratio(oneShot.mini! / oneShot.mcporter!, 1)],
          ] as Array<[string, string]>)
        : [['mcporter', 'not installed (npm ci installs it as a devDependency)'] as [string, string]]),
    ]);

    // (3) repeated calls with warm servers: mini-a's daemon against mcporter's keep-alive daemon.
    const call = 'dispatch={"action":"call","tool":"current_time","arguments":{"timezone":"UTC"}}';
    timed(node, [MINI_A, call, mcp, 'keepalive=true'], env);
    if (haveMcporter) timed(node, [MCPORTER, 'call', 'timek.current_time', 'timezone=UTC'], env, scratch);
    const warm = race(20, {
      mini: () => timed(node, [MINI_A, call, mcp], env),
      cold: () => timed(node, [MINI_A, call, mcp, 'usedaemon=false'], env),
      ...(haveMcporter ? { mcporter: () => timed(node, [MCPORTER, 'call', 'timek.current_time', 'timezone=UTC'], env, scratch) } : {}),
    });
    report('repeated tool calls from a shell, servers kept warm by a daemon (median of 20 alternating runs)', [
      ['mini-a via its daemon', `${warm.mini!.toFixed(1)} ms  (${modulesLoaded([call, mcp], env)} JS files)`],
      ['mini-a cold (usedaemon=false)', `${warm.cold!.toFixed(1)} ms  (daemon: ${(warm.cold! / warm.mini!).toFixed(2)}× faster)`],
      ...(haveMcporter
        ? ([
            ['mcporter via its daemon', `${warm.mcporter!.toFixed(1)} ms`],
            ['ratio mini-a / mcporter', ratio(warm.mini! / warm.mcporter!, 1)],
          ] as Array<[string, string]>)
        : []),
    ]);
  } finally {
    spawnSync(node, [MINI_A, 'daemon', 'stop'], { env });
    if (haveMcporter) spawnSync(node, [MCPORTER, 'daemon', 'stop'], { env, cwd: scratch });
    rmSync(scratch, { recursive: true, force: true });
  }
}
