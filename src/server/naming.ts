import { createHash } from 'node:crypto';
import type { Connection } from '../mcp/connection.js';

/** How transparent mode names what it aggregates (and dialect=magg its paths). */
export type NamespaceMode = 'name' | 'alias' | 'none';

/** A tool or prompt name as exposed, and what it stands for. */
export interface Mapped {
  conn: Connection;
  name: string;
}

const SEP = '__';
const VALID_TOOL = /^[a-zA-Z0-9_-]{1,64}$/;
const RESOURCE_SCHEME = 'proxy://';

function hash8(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 8);
}

/** Replaces characters a tool name may not have. */
function sanitize(s: string): string {
  let out = '';
  for (const ch of s) out += /[a-zA-Z0-9_-]/.test(ch) ? ch : '_';
  return out || 'tool';
}

/** A valid tool name (`^[a-zA-Z0-9_-]{1,64}$`): kept when it is one, else fixed and shortened with a hash of the original. */
export function fitToolName(candidate: string, original: string): string {
  if (VALID_TOOL.test(candidate)) return candidate;
  const clean = sanitize(candidate);
  if (clean.length <= 64 && clean === candidate) return clean;
  return `${clean.slice(0, 55)}_${hash8(original)}`;
}

/**
 * Names in transparent mode. `name`: `<server name>__<tool>` and `proxy://<server name>/<uri>`;
 * `alias`: the same with `c1`; `none`: names and URIs unchanged (two servers offering the same
 * name is an error that names both). Tool names always fit `^[a-zA-Z0-9_-]{1,64}$`: longer or
 * invalid ones are shortened with a hash and mapped back.
 */
export class Namespacer {
  constructor(readonly mode: NamespaceMode) {}

  /** The prefix of a connection: its name (made safe), its alias, or nothing. */
  prefix(conn: Connection): string {
    if (this.mode === 'none') return '';
    return this.mode === 'alias' ? conn.alias : sanitize(conn.name);
  }

  /** The exposed name of a tool or prompt. */
  exposeName(conn: Connection, name: string): string {
    const full = this.mode === 'none' ? name : `${this.prefix(conn)}${SEP}${name}`;
    return fitToolName(full, `${conn.alias}/${name}`);
  }

  /** The exposed URI of a resource (or URI template). */
  exposeUri(conn: Connection, uri: string): string {
    return this.mode === 'none' ? uri : `${RESOURCE_SCHEME}${this.prefix(conn)}/${uri}`;
  }

  /** The connection and original URI behind an exposed URI (none mode: whoever lists it). */
  resolveUri(conns: Connection[], exposed: string): { conn: Connection; uri: string } | undefined {
    if (this.mode === 'none') return undefined;
    if (!exposed.startsWith(RESOURCE_SCHEME)) return undefined;
    const rest = exposed.slice(RESOURCE_SCHEME.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) return undefined;
    const key = rest.slice(0, slash);
    const conn = conns.find((c) => this.prefix(c) === key);
    return conn ? { conn, uri: rest.slice(slash + 1) } : undefined;
  }
}

/** Two servers exposing the same name under namespace=none. */
export class NameCollision extends Error {
  override name = 'NameCollision';
}

/**
 * The exposed names of one kind (tools or prompts) across connections, built from their
 * catalogs, with the way back. Under namespace=none a name offered by two servers is a
 * NameCollision naming both.
 */
export function nameTable(ns: Namespacer, entries: Array<{ conn: Connection; names: string[] }>, kind: 'tool' | 'prompt'): Map<string, Mapped> {
  const table = new Map<string, Mapped>();
  for (const { conn, names } of entries) {
    for (const name of names) {
      let exposed = ns.exposeName(conn, name);
      const prev = table.get(exposed);
      if (prev) {
        if (ns.mode === 'none') {
          throw new NameCollision(`${kind} '${name}' is offered by both ${prev.conn.label} and ${conn.label}; with namespace=none names must be unique (use namespace=name, or remove one)`);
        }
        // Sanitizing made two names equal (`a.b` and `a_b`): tell them apart with a hash.
        exposed = `${exposed.slice(0, 55)}_${hash8(`${conn.alias}/${name}`)}`;
      }
      table.set(exposed, { conn, name });
    }
  }
  return table;
}

/** Rewrites resource URIs inside content blocks (resource links, embedded resources) to their exposed form. */
export function exposeContent(ns: Namespacer, conn: Connection, blocks: unknown): unknown {
  if (ns.mode === 'none' || !Array.isArray(blocks)) return blocks;
  return blocks.map((b) => {
    if (!b || typeof b !== 'object') return b;
    const block = b as Record<string, unknown>;
    if (block.type === 'resource_link' && typeof block.uri === 'string') return { ...block, uri: ns.exposeUri(conn, block.uri) };
    if (block.type === 'resource' && block.resource && typeof (block.resource as { uri?: unknown }).uri === 'string') {
      const r = block.resource as Record<string, unknown>;
      return { ...block, resource: { ...r, uri: ns.exposeUri(conn, r.uri as string) } };
    }
    return block;
  });
}
