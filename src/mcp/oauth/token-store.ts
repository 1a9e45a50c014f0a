import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { errorMessage } from '../../util/errors.js';
import { log } from '../../util/log.js';
import { registerSecret } from '../../util/redact.js';

/** Tokens as stored: what the server sent plus when they expire (epoch ms), so a later process knows. */
export type StoredTokens = OAuthTokens & { expires_at?: number };

/** What one server's file holds. */
export interface StoredAuth {
  /** The server URL the file belongs to (a file found under another URL's name is ignored). */
  url: string;
  /** The connection's name when it was saved, to tell files apart by eye. */
  server: string;
  tokens?: StoredTokens;
  /** A dynamically registered client, or the Client ID Metadata Document URL used as client id. */
  client?: OAuthClientInformationMixed;
  discovery?: OAuthDiscoveryState;
}

/** Token files are small; a larger one is not ours. */
const MAX_FILE_BYTES = 1024 * 1024;

/** `$XDG_CONFIG_HOME/mini-a/oauth` (or `~/.config/mini-a/oauth`): where tokens are kept, one file per server. */
export function oauthDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'mini-a', 'oauth');
}

/** File name for a server: readable name plus a hash of its URL, so two servers never share a file. */
export function tokenFileName(name: string, url: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'server';
  return `${safe}-${createHash('sha256').update(url).digest('hex').slice(0, 16)}.json`;
}

/** Registers every credential of a stored record for redaction. */
function registerStoredSecrets(a: StoredAuth): void {
  registerSecret(a.tokens?.access_token, 'token');
  registerSecret(a.tokens?.refresh_token, 'token');
  registerSecret(a.tokens?.id_token, 'token');
  registerSecret((a.client as { client_secret?: string } | undefined)?.client_secret, 'secret');
}

/**
 * One server's OAuth state on disk: file mode 0600 in a 0700 directory, written whole and renamed
 * into place, so a reader never sees half a file. Every credential read or written is registered
 * for redaction.
 */
export class TokenStore {
  readonly file: string;
  private cache?: StoredAuth;

  constructor(
    readonly server: string,
    readonly url: string,
    readonly dir = oauthDir(),
  ) {
    this.file = path.join(dir, tokenFileName(server, url));
  }

  /** The stored record (re-read from disk when `fresh`: another process may have refreshed). */
  load(fresh = false): StoredAuth {
    if (this.cache && !fresh) return this.cache;
    this.cache = this.read() ?? { url: this.url, server: this.server };
    registerStoredSecrets(this.cache);
    return this.cache;
  }

  private read(): StoredAuth | undefined {
    let text: string;
    try {
      const st = statSync(this.file);
      if (st.size > MAX_FILE_BYTES) {
        log.warn(`OAuth token file ${this.file} is larger than ${MAX_FILE_BYTES} bytes; ignored (a new login replaces it)`);
        return undefined;
      }
      // A file made looser by hand is tightened before it is read.
      if ((st.mode & 0o077) !== 0) chmodSync(this.file, 0o600);
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`cannot read OAuth token file ${this.file}: ${errorMessage(e)}`);
      return undefined;
    }
    try {
      const v = JSON.parse(text) as StoredAuth;
      if (!v || typeof v !== 'object' || v.url !== this.url) return undefined;
      if (v.tokens && typeof v.tokens.access_token !== 'string') delete v.tokens;
      return v;
    } catch {
      log.warn(`OAuth token file ${this.file} is not valid JSON; ignored (a new login replaces it)`);
      return undefined;
    }
  }

  /** Merges `patch` into the record and writes it (mode 0600, directory 0700). */
  save(patch: Partial<Omit<StoredAuth, 'url' | 'server'>>): void {
    const next: StoredAuth = { ...this.load(), ...patch, url: this.url, server: this.server };
    for (const k of Object.keys(patch) as Array<keyof typeof patch>) if (patch[k] === undefined) delete next[k];
    registerStoredSecrets(next);
    this.cache = next;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    // Written and renamed in one synchronous step: no signal can leave the temp file behind.
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(next, null, 1) + '\n', { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  /** Forgets this server (tokens, registration, discovery). */
  clear(): boolean {
    this.cache = { url: this.url, server: this.server };
    try {
      rmSync(this.file);
      return true;
    } catch {
      return false;
    }
  }
}

/** Deletes every stored token file; returns how many there were. */
export function forgetAll(dir = oauthDir()): number {
  let n = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const f of names) {
    if (!f.endsWith('.json') && !f.endsWith('.tmp')) continue;
    rmSync(path.join(dir, f), { force: true });
    if (f.endsWith('.json')) n++;
  }
  return n;
}
