import { argReaders, argumentsObject, typeName } from '../util/arg-readers.js';
import { ACTIONS, CAPABILITY_TYPES, INFO_FORMATS, READ_OPS, type Action, type CapabilityType, type ReadOp } from './schema.js';
import { didYouMean } from '../util/errors.js';
import { compileSelect } from '../spill/jmespath.js';
import type { ReadRequest } from '../spill/readresult.js';

/** A request the dispatcher cannot take; the message says what was wrong and what is allowed. */
export class DispatchError extends Error {
  override name = 'DispatchError';
}

export interface ListRequest {
  action: 'list';
  connection?: string;
  type: CapabilityType;
  includeTools: boolean;
  includeInputSchema: boolean;
  includeAnnotations: boolean;
  limit: number;
  offset: number;
  refresh: boolean;
}
export interface SearchRequest {
  action: 'search';
  query: string;
  connection?: string;
  type: CapabilityType;
  limit: number;
  refresh: boolean;
}
export interface InfoRequest {
  action: 'info';
  /** Tool or prompt name, or resource URI. */
  name: string;
  type: CapabilityType;
  connection?: string;
  refresh: boolean;
  /** typescript: the tool as a TypeScript signature (for action=run) instead of JSON Schemas. */
  format?: 'json' | 'typescript';
}
export interface CallRequest {
  action: 'call';
  name: string;
  type: CapabilityType;
  connection?: string;
  arguments?: Record<string, unknown>;
  argumentsFile?: string;
  meta?: Record<string, unknown>;
  resultToFile: boolean;
  /** false: not from (nor into) the result cache. */
  cache?: boolean;
  resultSizeThreshold?: number;
  /** JMESPath applied to the result's data before it is answered. */
  select?: string;
}
export interface BatchRequest {
  action: 'batch';
  /** The calls as given: each is checked (and may fail) on its own. */
  calls: unknown[];
  resultToFile: boolean;
  resultSizeThreshold?: number;
}
export interface RunRequest {
  action: 'run';
  /** JavaScript run in the sandbox; its return value is the result. */
  code: string;
  resultToFile: boolean;
  resultSizeThreshold?: number;
}
export interface ReadResultRequest extends ReadRequest {
  action: 'readresult';
  resultFile: string;
}
export type DispatchRequest = ListRequest | SearchRequest | InfoRequest | CallRequest | BatchRequest | RunRequest | ReadResultRequest;

/** Most calls one action=batch takes. */
export const MAX_BATCH = 500;
/** Longest `code` action=run takes, in characters. */
export const MAX_CODE = 100_000;

const NAME_KEYS = ['tool', 'uri', 'prompt'] as const;

/** Which arguments each action takes. */
export const ALLOWED: Record<Action, readonly string[]> = {
  list: ['connection', 'type', 'includeTools', 'includeInputSchema', 'includeAnnotations', 'limit', 'offset', 'refresh'],
  search: ['query', 'connection', 'type', 'limit', 'refresh'],
  info: [...NAME_KEYS, 'connection', 'type', 'refresh', 'format'],
  call: [...NAME_KEYS, 'connection', 'type', 'arguments', 'argumentsFile', 'meta', 'resultToFile', 'resultSizeThreshold', 'select', 'cache'],
  batch: ['calls', 'resultToFile', 'resultSizeThreshold'],
  run: ['code', 'resultToFile', 'resultSizeThreshold'],
  readresult: ['resultFile', 'op', 'lines', 'fromLine', 'toLine', 'pattern', 'context', 'maxBytes', 'select', 'path', 'offset', 'limit', 'cursor'],
};

const ALL_KEYS = new Set(['action', ...Object.values(ALLOWED).flat()]);
const STRINGS = new Set(['query', 'connection', 'tool', 'uri', 'prompt', 'argumentsFile', 'resultFile', 'pattern', 'select', 'path', 'cursor', 'code']);
const BOOLEANS = new Set(['includeTools', 'includeInputSchema', 'includeAnnotations', 'refresh', 'resultToFile', 'cache']);
const INTS: Record<string, [number, number]> = {
  limit: [1, 1000],
  offset: [0, Number.MAX_SAFE_INTEGER],
  resultSizeThreshold: [0, Number.MAX_SAFE_INTEGER],
  lines: [1, 100_000],
  fromLine: [1, Number.MAX_SAFE_INTEGER],
  toLine: [1, Number.MAX_SAFE_INTEGER],
  context: [0, 100],
  maxBytes: [0, Number.MAX_SAFE_INTEGER],
};

function owner(key: string): string {
  const actions = (Object.keys(ALLOWED) as Action[]).filter((a) => ALLOWED[a].includes(key));
  return actions.length ? ` (it belongs to ${actions.map((a) => `action=${a}`).join(', ')})` : '';
}

const readers = argReaders((m) => new DispatchError(m));
/** A string; only a grep pattern may be empty. */
const str = (args: Record<string, unknown>, k: string) => readers.str(args, k, { allowEmpty: k === 'pattern' });
const bool = readers.bool;
function int(args: Record<string, unknown>, k: string): number | undefined {
  const [min, max] = INTS[k]!;
  return readers.int(args, k, min, max);
}

function oneOf<T extends string>(args: Record<string, unknown>, k: string, allowed: readonly T[]): T | undefined {
  const v = args[k];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new DispatchError(`'${k}' must be one of ${allowed.join(', ')}, got ${typeName(v)}${didYouMean(v, allowed)}`);
  }
  return v as T;
}

function object(args: Record<string, unknown>, k: string): Record<string, unknown> | undefined {
  let v = args[k];
  if (v === undefined) return undefined;
  if (typeof v === 'string' && k === 'arguments') {
    try {
      v = JSON.parse(v);
    } catch (e) {
      throw new DispatchError(`'arguments' is a string that is not valid JSON (${(e as Error).message}); pass an object or a JSON object string`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new DispatchError(`'${k}' must be an object${k === 'arguments' ? ' (or a JSON string of one)' : ''}, got ${typeName(v)}`);
  return v as Record<string, unknown>;
}

/** A JMESPath argument, compiled once here so a bad one is refused before anything runs. */
function jmes(args: Record<string, unknown>, k: 'select' | 'path'): string | undefined {
  const v = str(args, k);
  if (v !== undefined) {
    try {
      compileSelect(v, k);
    } catch (e) {
      throw new DispatchError((e as Error).message);
    }
  }
  return v;
}

/** The capability name and its type, from `tool`, `uri` or `prompt` (and `type`). */
function target(args: Record<string, unknown>, action: 'info' | 'call'): { name: string; type: CapabilityType } {
  const type = oneOf(args, 'type', CAPABILITY_TYPES);
  const given = NAME_KEYS.filter((k) => args[k] !== undefined);
  if (given.length > 1) throw new DispatchError(`give only one of ${given.join(', ')}`);
  const key = given[0];
  if (!key) {
    const need = type === 'resource' ? "'uri'" : type === 'prompt' ? "'prompt'" : "'tool'";
    throw new DispatchError(`action=${action} needs ${need}${action === 'call' && !type ? " (use action=search to find one)" : ''}`);
  }
  const name = str(args, key)!;
  const implied: CapabilityType = key === 'uri' ? 'resource' : key === 'prompt' ? 'prompt' : (type ?? 'tool');
  if (type && key === 'uri' && type !== 'resource') throw new DispatchError(`'uri' goes with type=resource, not type=${type}`);
  if (type && key === 'prompt' && type !== 'prompt') throw new DispatchError(`'prompt' goes with type=prompt, not type=${type}`);
  if (implied === 'resource' && key !== 'uri') throw new DispatchError("type=resource needs 'uri' (the resource's URI), not 'tool'");
  return { name, type: implied };
}

/** Validates raw proxy-dispatch arguments into a typed request; throws DispatchError otherwise. */
export function parseRequest(raw: unknown): DispatchRequest {
  const a = argumentsObject(raw, (m) => new DispatchError(m), {
    json: 'proxy-dispatch takes an object such as {"action":"search","query":"read a file"}',
    other: 'proxy-dispatch takes an object such as {"action":"list"}',
  });
  if (a.action === undefined) throw new DispatchError(`'action' is required: one of ${ACTIONS.join(', ')}`);
  const action = oneOf(a, 'action', ACTIONS)!;
  const allowed = ALLOWED[action];
  for (const k of Object.keys(a)) {
    if (k === 'action' || allowed.includes(k)) continue;
    if (ALL_KEYS.has(k)) throw new DispatchError(`'${k}' does not go with action=${action}${owner(k)}; action=${action} takes: ${allowed.join(', ')}`);
    throw new DispatchError(`unknown argument '${k}'${didYouMean(k, allowed)}; action=${action} takes: ${allowed.join(', ')}`);
  }
  // Type-check every present key once, whatever the action.
  for (const k of Object.keys(a)) {
    if (STRINGS.has(k)) str(a, k);
    else if (BOOLEANS.has(k)) bool(a, k);
    else if (k in INTS) int(a, k);
  }
  switch (action) {
    case 'list': {
      const type = oneOf(a, 'type', CAPABILITY_TYPES) ?? 'tool';
      return {
        action, type, connection: str(a, 'connection'), includeTools: bool(a, 'includeTools') ?? true, includeInputSchema: bool(a, 'includeInputSchema') ?? false,
        includeAnnotations: bool(a, 'includeAnnotations') ?? true, limit: int(a, 'limit') ?? 50, offset: int(a, 'offset') ?? 0, refresh: bool(a, 'refresh') ?? false,
      };
    }
    case 'search': {
      const query = str(a, 'query');
      if (query === undefined) throw new DispatchError("action=search needs 'query': what you are looking for, in words (e.g. \"read a text file\")");
      return { action, query, connection: str(a, 'connection'), type: oneOf(a, 'type', CAPABILITY_TYPES) ?? 'tool', limit: int(a, 'limit') ?? 10, refresh: bool(a, 'refresh') ?? false };
    }
    case 'info': {
      const t = target(a, 'info');
      const format = oneOf(a, 'format', INFO_FORMATS);
      if (format === 'typescript' && t.type !== 'tool') throw new DispatchError("format=typescript is for tools (the signature to use with action=run's mcp.call)");
      return { action, ...t, connection: str(a, 'connection'), refresh: bool(a, 'refresh') ?? false, ...(format ? { format } : {}) };
    }
    case 'call': {
      const t = target(a, 'call');
      const req: CallRequest = {
        action, ...t, connection: str(a, 'connection'), arguments: object(a, 'arguments'), argumentsFile: str(a, 'argumentsFile'), meta: object(a, 'meta'),
        resultToFile: bool(a, 'resultToFile') ?? false, resultSizeThreshold: int(a, 'resultSizeThreshold'), select: jmes(a, 'select'), cache: bool(a, 'cache'),
      };
      if (t.type === 'resource' && (req.arguments || req.argumentsFile)) throw new DispatchError('a resource read (type=resource) takes no arguments, only uri');
      return req;
    }
    case 'batch': {
      const calls = a.calls;
      if (calls === undefined) throw new DispatchError(`action=batch needs 'calls': a list of calls such as [{"tool":"echo","arguments":{"message":"hi"}}]`);
      if (!Array.isArray(calls)) throw new DispatchError(`'calls' must be an array of calls ({tool, connection?, arguments, select?, resultToFile?}), got ${typeName(calls)}`);
      if (!calls.length) throw new DispatchError("'calls' is empty; give at least one call");
      if (calls.length > MAX_BATCH) throw new DispatchError(`'calls' has ${calls.length} calls; the limit is ${MAX_BATCH} (split it, or use action=run)`);
      return { action, calls, resultToFile: bool(a, 'resultToFile') ?? false, resultSizeThreshold: int(a, 'resultSizeThreshold') };
    }
    case 'run': {
      const code = str(a, 'code');
      if (code === undefined) throw new DispatchError("action=run needs 'code': JavaScript whose return value is the result, e.g. \"const r = await mcp.call('echo', {message: 'hi'}); return r;\"");
      if (code.length > MAX_CODE) throw new DispatchError(`'code' has ${code.length} characters; the limit is ${MAX_CODE}`);
      return { action, code, resultToFile: bool(a, 'resultToFile') ?? false, resultSizeThreshold: int(a, 'resultSizeThreshold') };
    }
    case 'readresult': {
      const resultFile = str(a, 'resultFile');
      if (resultFile === undefined) throw new DispatchError("action=readresult needs 'resultFile' (the path a spilled call returned)");
      const op = oneOf(a, 'op', READ_OPS) ?? 'stat';
      const req: ReadResultRequest = {
        action, resultFile, op, lines: int(a, 'lines'), fromLine: int(a, 'fromLine'), toLine: int(a, 'toLine'), pattern: str(a, 'pattern'), context: int(a, 'context'), maxBytes: int(a, 'maxBytes'),
        select: jmes(a, 'select'), path: jmes(a, 'path'), offset: int(a, 'offset'), limit: int(a, 'limit'), cursor: str(a, 'cursor'),
      };
      const byOp: Record<ReadOp, string[]> = {
        stat: [], head: ['lines', 'maxBytes'], tail: ['lines', 'maxBytes'], slice: ['fromLine', 'toLine', 'lines', 'maxBytes'], grep: ['pattern', 'context', 'lines', 'maxBytes'], read: ['maxBytes'],
        query: ['select', 'maxBytes'], items: ['path', 'offset', 'limit', 'cursor', 'maxBytes'],
      };
      for (const k of ['lines', 'fromLine', 'toLine', 'pattern', 'context', 'maxBytes', 'select', 'path', 'offset', 'limit', 'cursor']) {
        if (a[k] !== undefined && !byOp[op].includes(k)) throw new DispatchError(`'${k}' does not go with op=${op}; op=${op} takes: ${byOp[op].join(', ') || 'nothing else'}`);
      }
      if (op === 'query' && req.select === undefined) throw new DispatchError("op=query needs 'select' (a JMESPath expression, e.g. \"entities[?entityType=='person'].name\")");
      if (op === 'items' && req.cursor !== undefined && (req.path !== undefined || req.offset !== undefined)) throw new DispatchError("give 'cursor' alone (with limit if you like): it already holds the path and the offset");
      if (op === 'grep' && !req.pattern) throw new DispatchError("op=grep needs 'pattern' (a case-insensitive regex)");
      if (op === 'slice' && req.fromLine === undefined) throw new DispatchError("op=slice needs 'fromLine' (1-based), and 'toLine' or 'lines'");
      if (req.fromLine !== undefined && req.toLine !== undefined && req.toLine < req.fromLine) throw new DispatchError(`'toLine' (${req.toLine}) is before 'fromLine' (${req.fromLine})`);
      return req;
    }
  }
}
