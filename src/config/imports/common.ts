import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ParseError } from 'jsonc-parser';
import { UsageError } from '../../util/errors.js';
import { readUserFile } from '../../util/files.js';

/** Where an import looks: the user's home, the working directory (project files), platform and environment. */
export interface ImportContext {
  home: string;
  cwd: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** One server as another app configured it, mapped to mini-a's connection fields. */
export interface ImportedServer {
  name: string;
  /** mini-a connection fields: command/args/env/cwd, or type/url/headers, and timeout. */
  raw: Record<string, unknown>;
  /** For messages: `@cursor ~/.cursor/mcp.json`. */
  where: string;
}

/** A reader of one app's configuration files. */
export interface AppReader {
  /** What the app is called in messages. */
  title: string;
  /** The files it would read, most general first (user, then project). */
  files(ctx: ImportContext): string[];
  /** The servers in one file (the file exists). */
  read(file: string, ctx: ImportContext): ImportedServer[];
}

/** The default context: this user, this directory, this process's environment. */
export function defaultContext(): ImportContext {
  return { home: os.homedir(), cwd: process.cwd(), platform: process.platform, env: process.env };
}

/** The per-user application data directory: ~/Library/Application Support, %APPDATA% or $XDG_CONFIG_HOME. */
export function appDataDir(ctx: ImportContext): string {
  if (ctx.platform === 'darwin') return path.join(ctx.home, 'Library', 'Application Support');
  if (ctx.platform === 'win32') return ctx.env.APPDATA ?? path.join(ctx.home, 'AppData', 'Roaming');
  return ctx.env.XDG_CONFIG_HOME || path.join(ctx.home, '.config');
}

/** `~/x` for messages, so that listings do not spell out the home directory. */
export function tilde(file: string, ctx: ImportContext): string {
  return file.startsWith(ctx.home + path.sep) ? `~${file.slice(ctx.home.length)}` : file;
}

/** Config files are small; anything larger is refused instead of read whole. */
const MAX_CONFIG_BYTES = 32 * 1024 * 1024;

/** Reads a user's config file as text, bounded in size. */
export function readConfigText(option: string, file: string): string {
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // readUserFile reports it
  }
  if (size > MAX_CONFIG_BYTES) throw new UsageError(`${option}: '${file}' is ${size} bytes, over the ${MAX_CONFIG_BYTES}-byte limit for a config file`);
  return readUserFile(option, file);
}

// Parsers load only when an import reads a file: every other run of mini-a imports this module too.
const lazyRequire = createRequire(import.meta.url);

/** Reads a JSON file that may carry comments and trailing commas (VS Code, Cursor, Gemini allow them). */
export function readJsonc(option: string, file: string): unknown {
  const { parse: parseJsonc, printParseErrorCode } = lazyRequire('jsonc-parser') as typeof import('jsonc-parser');
  const text = readConfigText(option, file);
  const errors: ParseError[] = [];
  const doc: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length) {
    const e = errors[0]!;
    const before = text.slice(0, e.offset);
    const line = before.split('\n').length;
    const col = e.offset - before.lastIndexOf('\n');
    throw new UsageError(`${option}: '${file}' is not valid JSON: ${printParseErrorCode(e.error)} at line ${line}, column ${col}`);
  }
  return doc;
}

/** True for a plain object. */
export function isMap(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Expands `${…}` references in a string with `resolve` (one left-to-right pass, linear time).
 * Returns undefined when a reference cannot be resolved; `$VAR` without braces is expanded only
 * when `bare` is set (Gemini CLI's form).
 */
export function expandVars(text: string, resolve: (ref: string) => string | undefined, bare = false): string | undefined {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '$' && text[i + 1] === '{') {
      const end = text.indexOf('}', i + 2);
      if (end < 0) return out + text.slice(i);
      const v = resolve(text.slice(i + 2, end));
      if (v === undefined) return undefined;
      out += v;
      i = end + 1;
      continue;
    }
    if (bare && c === '$' && /[A-Za-z_]/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /\w/.test(text[j]!)) j++;
      const v = resolve(text.slice(i + 1, j));
      if (v === undefined) return undefined;
      out += v;
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Expands every string in a server entry (command, args, env and header values, url, cwd); undefined if any reference is unresolved. */
export function expandEntry(raw: Record<string, unknown>, resolve: (ref: string) => string | undefined, bare = false): Record<string, unknown> | undefined {
  let missing = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const r = expandVars(v, resolve, bare);
      if (r === undefined) missing = true;
      return r ?? v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isMap(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(raw) as Record<string, unknown>;
  return missing ? undefined : out;
}

/** smol-toml's parser, loaded on first use. */
export function tomlParser(): typeof import('smol-toml').parse {
  return (lazyRequire('smol-toml') as typeof import('smol-toml')).parse;
}

/** The fields mini-a reads from a typical `mcpServers` entry (Claude, Cursor, VS Code, Gemini share these). */
export function pickFields(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['command', 'args', 'env', 'cwd', 'url', 'headers', 'type', 'timeout']) if (entry[k] !== undefined) out[k] = entry[k];
  return out;
}
