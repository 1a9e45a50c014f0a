import { createHash } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { parseToolRules } from '../config/spec.js';
import type { Access } from '../mcp/policy.js';
import { errorMessage, didYouMean, UsageError } from '../util/errors.js';
import { log } from '../util/log.js';

/** Who a verified bearer token is, and what it may reach. */
export interface Identity {
  /** The token's name (logs, refusals, rate limit); never the token. */
  name: string;
  /** Its rules; none: everything. */
  access?: Access;
}

const MAX_FILE = 1024 * 1024;
const HEX64 = /^[0-9a-f]{64}$/;
const FIELDS = ['name', 'sha256', 'servers', 'tools', 'readOnly'];

/** The hex SHA-256 of a token, as the tokens file stores it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Parses the tokens file (JSON, or YAML): `{tokens: [{name, sha256, servers?, tools?, readOnly?}]}`. */
export function parseTokens(file: string, text: string, parseYaml?: (t: string) => unknown): Map<string, Identity> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    if (!parseYaml) throw new UsageError(`tokens: '${file}' is not JSON: ${errorMessage(e)}`);
    try {
      doc = parseYaml(text);
    } catch (e2) {
      throw new UsageError(`tokens: '${file}' is neither JSON nor YAML: ${errorMessage(e2)}`);
    }
  }
  const list = Array.isArray(doc) ? doc : (doc as { tokens?: unknown } | null)?.tokens;
  if (!Array.isArray(list)) throw new UsageError(`tokens: '${file}' must hold {"tokens": [{"name": …, "sha256": …}, …]}`);
  const out = new Map<string, Identity>();
  const names = new Set<string>();
  list.forEach((raw, i) => {
    const where = `tokens: '${file}' entry ${i + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${where} must be a map with name and sha256`);
    const e = raw as Record<string, unknown>;
    for (const k of Object.keys(e)) {
      if (!FIELDS.includes(k)) {
        throw new UsageError(`${where}: unknown field '${k}'${didYouMean(k, FIELDS)}; allowed: ${FIELDS.join(', ')}`);
      }
    }
    if (typeof e.name !== 'string' || !e.name.trim()) throw new UsageError(`${where}: 'name' must be a non-empty string`);
    if (names.has(e.name)) throw new UsageError(`${where}: the name '${e.name}' is used twice`);
    names.add(e.name);
    const hash = typeof e.sha256 === 'string' ? e.sha256.toLowerCase().replace(/^sha256:/, '') : '';
    // Tokens are stored hashed: a plain token in the file is refused, not used.
    if (!HEX64.test(hash)) throw new UsageError(`${where}: 'sha256' must be the 64 hex digits of the token's SHA-256 (printf %s "$TOKEN" | sha256sum)`);
    if (out.has(hash)) throw new UsageError(`${where}: the same token as another entry`);
    const access: Access = { name: e.name };
    if (e.servers !== undefined) {
      if (!Array.isArray(e.servers) || e.servers.some((s) => typeof s !== 'string' || !s)) throw new UsageError(`${where}: 'servers' must be a list of server names or globs`);
      access.servers = e.servers as string[];
    }
    if (e.tools !== undefined) access.tools = parseToolRules(where, e.tools);
    if (e.readOnly !== undefined) {
      if (typeof e.readOnly !== 'boolean') throw new UsageError(`${where}: 'readOnly' must be true or false`);
      access.tools = { ...access.tools, readOnly: e.readOnly };
    }
    out.set(hash, { name: e.name, access });
  });
  return out;
}

/**
 * The bearer tokens mini-a-proxy accepts over HTTP, each with its own rules, from a file that is
 * read again when it changes (a broken edit keeps the last good tokens, with a logged error).
 * Only hashes are kept, in the file and in memory.
 */
export class TokenBook {
  private tokens = new Map<string, Identity>();

  private constructor(
    readonly file: string,
    private readonly parseYaml?: (t: string) => unknown,
  ) {}

  /** Reads the file (a bad file is a UsageError at start-up) and watches it for changes. */
  static open(file: string, parseYaml?: (t: string) => unknown, watch = true): TokenBook {
    const book = new TokenBook(file, parseYaml);
    book.tokens = book.read();
    if (watch) {
      watchFile(file, { interval: 1000, persistent: false }, (cur, prev) => {
        if (cur.mtimeMs !== prev.mtimeMs || cur.size !== prev.size || cur.ino !== prev.ino) book.reload();
      });
    }
    return book;
  }

  private read(): Map<string, Identity> {
    let text: string;
    try {
      const buf = readFileSync(this.file);
      if (buf.length > MAX_FILE) throw new UsageError(`tokens: '${this.file}' is over ${MAX_FILE} bytes`);
      text = buf.toString('utf8');
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`tokens: cannot read '${this.file}': ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
    }
    return parseTokens(this.file, text, this.parseYaml);
  }

  /** Reads the file again; on a bad file the tokens stay as they were. */
  reload(): void {
    try {
      this.tokens = this.read();
      log.warn(`tokens: ${this.file} read again (${this.tokens.size} token(s))`);
    } catch (e) {
      log.error(`${errorMessage(e)}; the tokens read before stay in force`);
    }
  }

  /** How many tokens are accepted now. */
  get size(): number {
    return this.tokens.size;
  }

  /** The identity a `Bearer …` header proves, if any. */
  verify(header: string | undefined): Identity | undefined {
    if (!header || header.length < 8 || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
    const token = header.slice(7).trim();
    if (!token) return undefined;
    // Looked up by the token's hash: the secret itself is never compared or kept.
    return this.tokens.get(tokenHash(token));
  }

  /** Stops watching the file. */
  close(): void {
    unwatchFile(this.file);
  }
}
