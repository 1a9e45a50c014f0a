import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import readline from 'node:readline';
import { BIN, ROOT } from './servers.js';

/** Runs the built mini-a (or mini-a-proxy) to completion. */
export function runCli(args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv; bin?: keyof typeof BIN; cwd?: string } = {}) {
  const r = spawnSync(process.execPath, [BIN[opts.bin ?? 'miniA'], ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? '',
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** A long-running mini-a with line-by-line access to its stdout. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [BIN.miniA, ...args], { cwd: ROOT, env: { ...process.env, ...env } }) as ChildProcessWithoutNullStreams;
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  readline.createInterface({ input: child.stdout }).on('line', (l) => {
    lines.push(l);
    waiters.splice(0).forEach((w) => w());
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return {
    child,
    exited,
    stderr: () => stderr,
    /** Sends one JSON request line and waits for the next response line. */
    async request(req: unknown): Promise<Record<string, unknown>> {
      const want = lines.length + 1;
      child.stdin.write(JSON.stringify(req) + '\n');
      while (lines.length < want) await new Promise<void>((r) => waiters.push(r));
      return JSON.parse(lines[want - 1]!);
    },
  };
}

/** Runs the built mini-a without blocking this process (needed when this process serves the fake model). */
export function runCliAsync(args: string[], opts: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, ...opts.env };
    // A clean slate: only what the test gives configures the model.
    for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OAF_MODEL', 'OPENAI_MODEL']) if (!opts.env || !(k in opts.env)) delete env[k];
    const child = spawn(process.execPath, [BIN.miniA, ...args], { cwd: opts.cwd ?? ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(opts.input ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
