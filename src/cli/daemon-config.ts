import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ConnectionSpec } from '../config/index.js';
import { packageVersion } from '../util/package.js';
import { OPTIONS, type OptionDef, type OptionName, type Options } from './options.js';

/**
 * Options that belong to one call, not to the servers and spills a daemon keeps: they never make
 * a daemon different. Every other option (including ones added later) is part of the hash, so a
 * new setting splits daemons rather than being silently shared.
 */
const PER_CALL = new Set<string>(['dispatch', 'format', 'outfile', 'quiet', 'debug', 'help', 'version', 'usedaemon', 'keepalive', 'daemonidle',
  'goal', 'goals', 'concurrency', 'shard', 'model', 'usetools', 'maxsteps', 'mcpproxy']);

/** What a server inherits from the environment (see the stdio transport), so part of the configuration. */
const INHERITED_ENV = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/**
 * The configuration hash of a run: the connection specs (after mcpconfig files and @imports are
 * read, env and headers included), the options that shape the servers and spills, the working
 * directory, the inherited environment, this Node binary and mini-a's version. A daemon answers
 * only dispatches with its own hash; a changed file or option means another daemon, or a cold run.
 */
export function configHash(o: Options, specs: ConnectionSpec[]): string {
  const opts: Record<string, unknown> = {};
  for (const k of Object.keys(OPTIONS).sort()) if (!PER_CALL.has(k)) opts[k] = (o as Record<string, unknown>)[k];
  const doc = {
    mini: packageVersion(),
    node: process.execPath,
    cwd: process.cwd(),
    env: INHERITED_ENV.map((k) => [k, process.env[k] ?? null]),
    opts,
    specs: specs.map((s) => Object.fromEntries(Object.entries(s).sort(([a], [b]) => a.localeCompare(b)))),
  };
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex');
}

/** The socket of the daemon for a hash, in the private runtime directory. */
export function socketFor(dir: string, hash: string): string {
  return path.join(dir, `d-${hash.slice(0, 24)}.sock`);
}

/** The options of a run as they were given (defaults left out), to hand to a daemon started for it. */
export function explicitOptions(o: Options): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) {
    const def: OptionDef | undefined = OPTIONS[k as OptionName];
    if (!def || v === undefined || v === def.default || PER_CALL.has(k)) continue;
    out[k] = String(v);
  }
  return out;
}
