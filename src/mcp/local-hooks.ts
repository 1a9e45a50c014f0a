import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { log, type LogLevel } from '../util/log.js';
import { RpcError, METHOD_NOT_FOUND, INVALID_PARAMS, type ClientHooks, type ServerMessage, type ServerRef } from './client-hooks.js';
import { answerWithDefaults, askForm, askUrl, openTerminal, type ElicitMode, type FormSchema, type Terminal } from './elicit.js';

/** Answers a server's sampling request with the agent's model. */
export type Sampler = (server: ServerRef, params: Record<string, unknown>, signal: AbortSignal) => Promise<Record<string, unknown>>;

/** Settings of mini-a as a local client. */
export interface LocalHookOptions {
  /** How elicitation requests are answered (default: ask on a terminal, decline otherwise). */
  elicit?: ElicitMode;
  /** Directories offered as roots (default: the working directory). */
  roots?: string[];
  /** Serves sampling requests; without one, sampling is not declared and requests are refused. */
  sampler?: Sampler;
  /** Opens the terminal for `ask` (tests give their own). */
  terminal?: () => Terminal | undefined;
}

const SERVER_LEVEL: Record<string, LogLevel> = {
  debug: 'debug', info: 'debug', notice: 'debug', warning: 'info', error: 'warn', critical: 'warn', alert: 'warn', emergency: 'warn',
};

/**
 * mini-a answering for itself (agent and one-shot CLI): roots from the working directory (or
 * roots=), elicitation asked on the terminal / filled from defaults / declined, sampling by the
 * agent's model when there is one. Server log messages go to mini-a's log.
 */
export class LocalClientHooks implements ClientHooks {
  private rootDirs: string[];
  readonly elicitMode: ElicitMode;
  /** Elicitation prompts take turns on the one terminal. */
  private terminalQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: LocalHookOptions = {}) {
    this.rootDirs = (o.roots?.length ? o.roots : [process.cwd()]).map((r) => path.resolve(r));
    this.elicitMode = o.elicit ?? (process.stdin.isTTY && process.stderr.isTTY ? 'ask' : 'decline');
  }

  /** The roots offered to servers now. */
  get roots(): string[] {
    return [...this.rootDirs];
  }

  /** Replaces the roots; returns true when they changed (the caller then tells the servers). */
  setRoots(dirs: string[]): boolean {
    const next = dirs.map((r) => path.resolve(r));
    const changed = next.join('\n') !== this.rootDirs.join('\n');
    this.rootDirs = next;
    return changed;
  }

  capabilities(): ClientCapabilities {
    return {
      roots: { listChanged: true },
      elicitation: { form: {}, url: {} },
      ...(this.o.sampler ? { sampling: {} } : {}),
    };
  }

  async onServerRequest(server: ServerRef, req: ServerMessage, ctx: { signal: AbortSignal }): Promise<Record<string, unknown>> {
    switch (req.method) {
      case 'roots/list':
        return { roots: this.rootDirs.map((d) => ({ uri: pathToFileURL(d).href, name: path.basename(d) || d })) };
      case 'elicitation/create':
        return this.elicit(server, req.params ?? {});
      case 'sampling/createMessage':
        if (!this.o.sampler) {
          throw new RpcError(METHOD_NOT_FOUND, 'this mini-a has no model to answer sampling requests (configure OPENAI_API_KEY, OAF_MODEL or model=)');
        }
        return this.o.sampler(server, req.params ?? {}, ctx.signal);
      default:
        throw new RpcError(METHOD_NOT_FOUND, `mini-a does not handle '${req.method}'`);
    }
  }

  private async elicit(server: ServerRef, p: Record<string, unknown>): Promise<Record<string, unknown>> {
    const mode = p.mode === 'url' ? 'url' : 'form';
    const message = typeof p.message === 'string' ? p.message : '';
    if (mode === 'url') {
      const url = typeof p.url === 'string' ? p.url : '';
      if (!url) throw new RpcError(INVALID_PARAMS, 'URL-mode elicitation without a url');
      // The URL is shown whatever the mode: the user may act on it themselves.
      process.stderr.write(`mini-a: ${server.label} asks you to open ${url}${message ? ` (${message})` : ''}\n`);
      if (this.elicitMode === 'ask') return this.onTerminal((t) => askUrl(t, server.label, message, url));
      log.warn(`${server.label}: URL elicitation ${this.elicitMode === 'defaults' ? 'accepted' : 'declined'} (elicit=${this.elicitMode})`);
      return { action: this.elicitMode === 'defaults' ? 'accept' : 'decline' };
    }
    const schema = (p.requestedSchema ?? {}) as FormSchema;
    if (this.elicitMode === 'ask') return this.onTerminal((t) => askForm(t, server.label, message, schema));
    if (this.elicitMode === 'defaults') {
      const { result, note } = answerWithDefaults(schema);
      log.warn(`${server.label}: elicitation "${message.slice(0, 80)}" ${note} (elicit=defaults)`);
      return result;
    }
    log.warn(`${server.label}: elicitation "${message.slice(0, 80)}" declined (elicit=decline; use elicit=ask or elicit=defaults to answer)`);
    return { action: 'decline' };
  }

  /** Runs one terminal dialogue at a time; without a terminal, declines. */
  private onTerminal(dialogue: (t: Terminal) => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    const run = async () => {
      const term = (this.o.terminal ?? openTerminal)();
      if (!term) {
        log.warn('elicitation declined: elicit=ask needs a terminal');
        return { action: 'decline' };
      }
      try {
        return await dialogue(term);
      } finally {
        term.close();
      }
    };
    const next = this.terminalQueue.then(run, run);
    this.terminalQueue = next.catch(() => {});
    return next;
  }

  onNotification(server: ServerRef, n: ServerMessage): void {
    if (n.method === 'notifications/message') {
      const p = n.params ?? {};
      const level = SERVER_LEVEL[String(p.level)] ?? 'debug';
      const data = typeof p.data === 'string' ? p.data : JSON.stringify(p.data);
      const logger = typeof p.logger === 'string' ? `${p.logger}: ` : '';
      log[level === 'silent' ? 'debug' : level](`[${server.label}] ${logger}${(data ?? '').slice(0, 2000)}`);
    }
  }
}
