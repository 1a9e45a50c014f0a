import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { onExitSync } from '../util/lifecycle.js';
import { encodeMessage, FrameDecoder, type Framing } from './framing.js';
import { reaperForget, reaperWatch } from '../util/reaper.js';

/** What started a stdio server: command line, environment and working directory. */
export interface StdioParams {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Close -> SIGTERM -> SIGKILL steps are this far apart. */
  graceMs?: number;
  /** Called for every non-protocol line: stderr output and non-JSON noise on stdout. */
  onNoise?: (stream: 'stdout' | 'stderr', line: string) => void;
  /**
   * How messages are framed. `auto` (default) writes newline-delimited JSON and switches to
   * Content-Length framing once the server answers that way; either is read in any case.
   */
  framing?: 'auto' | Framing;
}

/** How the process ended, for error messages. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

// Process groups alive right now: killed synchronously if the program exits any other way.
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is already gone.
  }
}

/** True while any process of the group is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Ref'd on purpose: an awaited wait must keep the process alive, or Node exits mid-shutdown (code 13).
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * MCP stdio client transport whose server runs in its own process group, so that shutdown ends
 * the whole group (launchers such as `npx`, `sh -c`, `uv run` leave no grandchildren). Lines on
 * stdout that are not JSON-RPC and everything on stderr go to `onNoise` instead of breaking the
 * stream. Replaces the SDK's StdioClientTransport, which kills only the direct child.
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child?: ChildProcess;
  private readonly decoder: FrameDecoder;
  private stderrRest = '';
  private closed = false;
  private closing = false;
  private exited?: Promise<void>;
  exitInfo?: ExitInfo;

  constructor(private readonly params: StdioParams) {
    this.decoder = new FrameDecoder({
      message: (text) => this.handleMessage(text),
      noise: (line) => this.params.onNoise?.('stdout', line),
    });
  }

  /** The framing messages are written in now. */
  get framing(): Framing {
    const f = this.params.framing ?? 'auto';
    return f === 'auto' ? (this.decoder.last ?? 'ndjson') : f;
  }

  /** Process id of the server, which is also its process group id. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('transport already started');
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      onExitSync(() => {
        for (const g of liveGroups) killGroup(g, 'SIGKILL');
        liveGroups.clear();
      });
    }
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: { ...getDefaultEnvironment(), ...this.params.env },
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Own process group (setsid): lets us signal the server and all its descendants at once.
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (err) => {
        if (child.pid !== undefined) liveGroups.delete(child.pid);
        reject(err);
        this.onerror?.(err);
        this.finish();
      });
      child.once('spawn', () => {
        liveGroups.add(child.pid!);
        reaperWatch(child.pid!);
        resolve();
      });
      this.exited = new Promise((r) => child.once('exit', () => r()));
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
      });
      child.once('close', () => {
        // Died on its own: its descendants (a launcher's real server) must not outlive it.
        if (!this.closing && child.pid !== undefined) void this.endGroup(child.pid);
        this.finish();
      });
      child.stdin!.on('error', (err) => this.onerror?.(err));
      child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk));
      child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk));
    });
  }

  private onStdout(chunk: Buffer): void {
    this.decoder.push(chunk);
  }

  private handleMessage(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.params.onNoise?.('stdout', text);
      return;
    }
    const msg = JSONRPCMessageSchema.safeParse(parsed);
    if (!msg.success) {
      this.params.onNoise?.('stdout', text);
      return;
    }
    this.onmessage?.(msg.data);
  }

  private onStderr(chunk: Buffer): void {
    const text = this.stderrRest + chunk.toString('utf8');
    const lines = text.split('\n');
    this.stderrRest = lines.pop() ?? '';
    if (this.stderrRest.length > 64 * 1024) {
      lines.push(this.stderrRest);
      this.stderrRest = '';
    }
    for (const l of lines) if (l.trim()) this.params.onNoise?.('stderr', l.replace(/\r$/, ''));
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.stderrRest.trim()) this.params.onNoise?.('stderr', this.stderrRest);
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed || !stdin.writable) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(encodeMessage(message, this.framing))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the server: close stdin, then SIGTERM, then SIGKILL to its whole process group. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) {
      this.finish();
      return;
    }
    this.closing = true;
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    if (child.exitCode === null && child.signalCode === null) {
      await Promise.race([this.exited, delay(this.params.graceMs ?? 1500)]);
    }
    await this.endGroup(child.pid);
    // Pipes may still be open if a descendant kept them; don't wait on them forever.
    child.stdout?.destroy();
    child.stderr?.destroy();
    this.finish();
  }

  /** SIGTERM the group, SIGKILL after the grace period if anything is left. */
  private async endGroup(pgid: number): Promise<void> {
    const grace = this.params.graceMs ?? 1500;
    const waitGone = async (ms: number) => {
      const deadline = Date.now() + ms;
      while (groupAlive(pgid) && Date.now() < deadline) await delay(20);
      return !groupAlive(pgid);
    };
    // The leader may have exited while launcher descendants live on: signal the group regardless.
    if (groupAlive(pgid)) {
      killGroup(pgid, 'SIGTERM');
      if (!(await waitGone(grace))) {
        killGroup(pgid, 'SIGKILL');
        await waitGone(grace);
      }
    }
    liveGroups.delete(pgid);
    reaperForget(pgid);
  }
}
