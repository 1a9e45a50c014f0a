/**
 * Arguments of the Magg dialect's `proxy` tool, checked into typed operations (Magg's "MCP Proxy
 * Extension Specification" §2, with its pagination and filters and the appendix's batch).
 */
import { argReaders, argumentsObject, typeName } from '../util/arg-readers.js';
import { CAPABILITY_TYPES, type CapabilityType } from '../dispatch/schema.js';
import { didYouMean } from '../util/errors.js';

export const MAGG_ACTIONS = ['list', 'info', 'call', 'batch'] as const;
export type MaggAction = (typeof MAGG_ACTIONS)[number];

export interface MaggList {
  action: 'list';
  type: CapabilityType;
  limit: number;
  offset: number;
  /** Servers whose name starts with this (trailing separators `_` ignored). */
  filterServer?: string;
  /** Paths (or the server's own names/URIs) that start with this. */
  prefix?: string;
  /** Items carrying at least one of these tags. */
  tags?: string[];
}
export interface MaggInfo {
  action: 'info';
  type: CapabilityType;
  path: string;
}
export interface MaggCall {
  action: 'call';
  type: CapabilityType;
  path: string;
  args?: Record<string, unknown>;
  argumentsFile?: string;
  resultToFile?: boolean;
  resultSizeThreshold?: number;
}
export type MaggOp = MaggList | MaggInfo | MaggCall;
export interface MaggBatch {
  action: 'batch';
  operations: MaggOp[];
}

/** Arguments the proxy tool refuses; the message says what was wrong and what is allowed. */
export class MaggError extends Error {
  override name = 'MaggError';
}

/** What each action takes besides `action`. */
export const MAGG_ALLOWED: Record<MaggAction, readonly string[]> = {
  list: ['type', 'limit', 'offset', 'filter_server', 'filter'],
  info: ['type', 'path'],
  call: ['type', 'path', 'args', 'argumentsFile', 'resultToFile', 'resultSizeThreshold'],
  batch: ['operations'],
};

/** Most operations one batch may run. */
export const MAX_BATCH = 50;
/** Longest path (name or URI) taken. */
const MAX_PATH = 64 * 1024;
const MAX_TAGS = 64;
export const DEFAULT_LIMIT = 100;

const ALL_KEYS = new Set(Object.values(MAGG_ALLOWED).flat());

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

const readers = argReaders((m) => new MaggError(m));
const str = (a: Record<string, unknown>, k: string) => readers.str(a, k, { maxLength: MAX_PATH });
const { int, bool } = readers;

function oneOf<T extends string>(v: unknown, k: string, allowed: readonly T[]): T {
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw new MaggError(`'${k}' must be one of ${allowed.join(', ')}, got ${typeName(v)}${didYouMean(v, allowed)}`);
}

/** `args`: an object, or a JSON string of one (as Magg accepts). */
function argsOf(v: unknown): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  let o = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v);
    } catch (e) {
      throw new MaggError(`'args' is a string that is not valid JSON (${(e as Error).message}); pass an object or a JSON object string`);
    }
  }
  if (!isObject(o)) throw new MaggError(`'args' must be an object (or a JSON string of one), got ${typeName(o)}`);
  return o;
}

function filterOf(v: unknown): { prefix?: string; tags?: string[] } {
  if (v === undefined) return {};
  if (!isObject(v)) throw new MaggError(`'filter' must be an object {prefix, tags}, got ${typeName(v)}`);
  for (const k of Object.keys(v)) {
    if (k !== 'prefix' && k !== 'tags') throw new MaggError(`unknown filter '${k}'; 'filter' takes: prefix (a string), tags (a list of strings)`);
  }
  const prefix = v.prefix === undefined ? undefined : str(v, 'prefix');
  let tags: string[] | undefined;
  if (v.tags !== undefined) {
    if (!Array.isArray(v.tags) || v.tags.some((t) => typeof t !== 'string')) throw new MaggError(`'filter.tags' must be a list of strings, got ${typeName(v.tags)}`);
    if (v.tags.length > MAX_TAGS) throw new MaggError(`'filter.tags' has ${v.tags.length} tags; at most ${MAX_TAGS}`);
    tags = v.tags as string[];
  }
  return { ...(prefix !== undefined ? { prefix } : {}), ...(tags?.length ? { tags } : {}) };
}

function checkKeys(a: Record<string, unknown>, action: MaggAction): void {
  const allowed = MAGG_ALLOWED[action];
  for (const k of Object.keys(a)) {
    if (k === 'action' || allowed.includes(k)) continue;
    const takes = `action=${action} takes: ${allowed.join(', ')}`;
    if (k === 'path' && action === 'list') throw new MaggError(`'path' is not allowed with action=list: it lists every item of a type (narrow it with filter_server or filter.prefix; action=info takes a path); ${takes}`);
    if (k === 'args') throw new MaggError(`'args' is only allowed with action=call; ${takes}`);
    if (ALL_KEYS.has(k)) {
      const owners = MAGG_ACTIONS.filter((x) => MAGG_ALLOWED[x].includes(k)).map((x) => `action=${x}`);
      throw new MaggError(`'${k}' does not go with action=${action} (it belongs to ${owners.join(', ')}); ${takes}`);
    }
    throw new MaggError(`unknown argument '${k}'${didYouMean(k, allowed)}; ${takes}`);
  }
}

function operation(a: Record<string, unknown>): MaggOp | MaggBatch {
  if (a.action === undefined) throw new MaggError(`'action' is required: one of ${MAGG_ACTIONS.join(', ')}`);
  const action = oneOf(a.action, 'action', MAGG_ACTIONS);
  checkKeys(a, action);
  if (action === 'batch') {
    const ops = a.operations;
    if (!Array.isArray(ops) || !ops.length) throw new MaggError(`action=batch needs 'operations': a non-empty list of {action, type, path, args}, got ${ops === undefined ? 'nothing' : typeName(ops)}`);
    if (ops.length > MAX_BATCH) throw new MaggError(`'operations' has ${ops.length} entries; a batch runs at most ${MAX_BATCH}`);
    const operations = ops.map((op, i) => {
      try {
        if (!isObject(op)) throw new MaggError(`must be an object {action, type, path, args}, got ${typeName(op)}`);
        if (op.action === 'batch') throw new MaggError('a batch cannot contain a batch');
        return operation(op) as MaggOp;
      } catch (e) {
        throw new MaggError(`operations[${i}]: ${(e as Error).message}`);
      }
    });
    return { action, operations };
  }
  if (a.type === undefined) throw new MaggError(`'type' is required for action=${action}: one of ${CAPABILITY_TYPES.join(', ')}`);
  const type = oneOf(a.type, 'type', CAPABILITY_TYPES);
  if (action === 'list') {
    const filterServer = a.filter_server === undefined ? undefined : str(a, 'filter_server');
    return { action, type, limit: int(a, 'limit', 1, 1000) ?? DEFAULT_LIMIT, offset: int(a, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0, ...(filterServer ? { filterServer } : {}), ...filterOf(a.filter) };
  }
  const path = str(a, 'path');
  const what = type === 'resource' ? 'the resource URI' : `the ${type} name`;
  if (path === undefined) throw new MaggError(`action=${action} needs 'path': ${what} (action=list type=${type} shows them)`);
  if (action === 'info') return { action, type, path };
  const call: MaggCall = { action, type, path };
  const args = argsOf(a.args);
  if (args) call.args = args;
  const argumentsFile = str(a, 'argumentsFile');
  if (argumentsFile) call.argumentsFile = argumentsFile;
  const toFile = bool(a, 'resultToFile');
  if (toFile !== undefined) call.resultToFile = toFile;
  const threshold = int(a, 'resultSizeThreshold', 0, Number.MAX_SAFE_INTEGER);
  if (threshold !== undefined) call.resultSizeThreshold = threshold;
  return call;
}

/** Checks the proxy tool's arguments (an object, or a JSON string of one); throws MaggError. */
export function parseMagg(raw: unknown): MaggOp | MaggBatch {
  const takes = 'proxy takes an object such as {"action":"list","type":"tool"}';
  return operation(argumentsObject(raw, (m) => new MaggError(m), { json: takes, other: takes }));
}
