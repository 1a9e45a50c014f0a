import path from 'node:path';
import { UsageError, didYouMean } from '../util/errors.js';
import { PACKAGE_ROOT } from '../util/package.js';

/** The MCP servers that ship in this package, by name. */
export const BUNDLED_SERVERS = {
  time: 'current time, time zone conversion and formatting',
  utils: 'files under a root: list, read, stat, glob, search (--root DIR; --readwrite to change them)',
  db: 'SQLite through sql.js: tables, schema, read-only queries (--db FILE; --readwrite to write)',
} as const;

export type BundledName = keyof typeof BUNDLED_SERVERS;

/** True when `name` is one of the bundled servers. */
export function isBundled(name: string): name is BundledName {
  return Object.hasOwn(BUNDLED_SERVERS, name);
}

/** Absolute path of a bundled server's script in the installed package; a UsageError for other names. */
export function bundledServerPath(name: string, where = 'bundled'): string {
  if (!isBundled(name)) {
    throw new UsageError(`${where}: no bundled server '${name}'${didYouMean(name, Object.keys(BUNDLED_SERVERS))}; bundled: ${Object.keys(BUNDLED_SERVERS).join(', ')}`);
  }
  return path.join(PACKAGE_ROOT, 'dist', 'mcps', `${name}.js`);
}

/** How to start a bundled server: this very Node binary running the package's own script. */
export function bundledCommand(name: string, args: string[] = [], where?: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [bundledServerPath(name, where), ...args] };
}
