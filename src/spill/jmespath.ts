/**
 * JMESPath for `select` (action=call, batch, run) and readresult op=query/items, on
 * @jmespath-community/jmespath. Adds what the model needs on top of the library: errors that name
 * the position in the expression, and the split of an expression into a streamable part (items of
 * one array, by a plain field path) and the rest.
 */
import { createRequire } from 'node:module';
import type { JSONValue } from '@jmespath-community/jmespath';

type Lib = typeof import('@jmespath-community/jmespath');
let loaded: Lib | undefined;
/** The library, loaded on first use (start-up does not pay for it). */
function lib(): Lib {
  return (loaded ??= createRequire(import.meta.url)('@jmespath-community/jmespath') as Lib);
}
const jpCompile = (e: string) => lib().compile(e);
const tokenize = (e: string) => lib().tokenize(e);
const search = (node: JpNode, v: unknown) => lib().TreeInterpreter.search(node as never, v as JSONValue);

/** Expressions longer than this are refused (position-finding re-parses prefixes). */
export const MAX_EXPRESSION = 2000;

/** An AST node of the library (its type is not exported in a useful form). */
export interface JpNode {
  type: string;
  name?: string;
  left?: JpNode;
  right?: JpNode;
  condition?: JpNode;
  children?: JpNode[];
  [k: string]: unknown;
}

/** A `select` or `path` the model wrote that cannot be used; the message names the position. */
export class SelectError extends Error {
  override name = 'SelectError';
}

/** Where the lexer fails: just after the longest prefix that still tokenizes. */
function lexerPosition(expr: string): number {
  for (let n = expr.length - 1; n > 0; n--) {
    try {
      tokenize(expr.slice(0, n));
      return n;
    } catch {
      // keep shortening
    }
  }
  return 0;
}

/**
 * Where the parser fails: the first token after which the prefix is no longer a valid start of an
 * expression (a prefix that only runs out of input is a valid start).
 */
function parserPosition(expr: string): number {
  const tokens = tokenize(expr);
  for (let i = 0; i < tokens.length; i++) {
    const end = i + 1 < tokens.length ? tokens[i + 1]!.start : expr.length;
    try {
      jpCompile(expr.slice(0, end));
    } catch (e) {
      if (!/EOF/.test((e as Error).message)) return tokens[i]!.start;
    }
  }
  return expr.length;
}

function pointAt(expr: string, pos: number): string {
  const from = Math.max(0, pos - 30);
  const shown = `${from > 0 ? '…' : ''}${expr.slice(from, pos)}⟨here⟩${expr.slice(pos, pos + 30)}${pos + 30 < expr.length ? '…' : ''}`;
  return pos >= expr.length ? `at position ${pos} (the end): ${shown}` : `at position ${pos} ('${expr[pos]}'): ${shown}`;
}

/** Compiles a JMESPath expression; a bad one is a SelectError naming the position. */
export function compileSelect(expr: string, what = 'select'): JpNode {
  if (expr.length > MAX_EXPRESSION) throw new SelectError(`${what} is ${expr.length} characters; the limit is ${MAX_EXPRESSION}`);
  if (!expr.trim()) throw new SelectError(`${what} is empty; write a JMESPath expression such as items[*].name`);
  try {
    return jpCompile(expr) as unknown as JpNode;
  } catch (e) {
    const msg = (e as Error).message.replace(/^Syntax error[:,]?\s*/i, '').replace(/: (undefined|`)$/, '');
    const lexer = (e as Error).name === 'LexerError';
    const pos = lexer ? lexerPosition(expr) : parserPosition(expr);
    throw new SelectError(`${what} '${expr.length > 80 ? expr.slice(0, 80) + '…' : expr}' is not valid JMESPath: ${msg}, ${pointAt(expr, pos)}`);
  }
}

/** Where a function is first called in the expression, for run-time errors that name one. */
function functionPosition(expr: string, fn: string): number | undefined {
  const tokens = tokenize(expr);
  const i = tokens.findIndex((t, k) => t.type === 'UnquotedIdentifier' && t.value === fn && tokens[k + 1]?.type === 'Lparen');
  return i >= 0 ? tokens[i]!.start : undefined;
}

/** Evaluates a compiled expression; errors (unknown function, wrong argument type) name the position. */
export function evaluate(node: JpNode, value: unknown, expr: string, what = 'select'): unknown {
  try {
    return search(node, value);
  } catch (e) {
    const msg = (e as Error).message;
    const fn = /(?:Unknown function: |Invalid \w+: |^)([A-Za-z_][A-Za-z0-9_]*)\(\)/.exec(msg)?.[1];
    const pos = fn ? functionPosition(expr, fn) : undefined;
    throw new SelectError(`${what} '${expr.length > 80 ? expr.slice(0, 80) + '…' : expr}' failed: ${msg}${pos !== undefined ? `, ${pointAt(expr, pos)}` : ''}`);
  }
}

/** Compiles and evaluates in one step. */
export function select(value: unknown, expr: string, what = 'select'): unknown {
  return evaluate(compileSelect(expr, what), value, expr, what);
}

/** JMESPath truthiness: false, null, '', [] and {} are false. */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

/** The field names of a plain path (`a.b.c`, `@`), or undefined when the node is anything else. */
export function fieldChain(node: JpNode | undefined): string[] | undefined {
  if (!node) return undefined;
  if (node.type === 'Field' && typeof node.name === 'string') return [node.name];
  if (node.type === 'Identity' || node.type === 'Current') return [];
  if (node.type === 'Subexpression') {
    const l = fieldChain(node.left);
    const r = fieldChain(node.right);
    return l && r ? [...l, ...r] : undefined;
  }
  return undefined;
}

function usesRoot(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if ((node as JpNode).type === 'Root') return true;
  return Object.values(node as object).some((v) => (Array.isArray(v) ? v.some(usesRoot) : usesRoot(v)));
}

/**
 * An expression split for streaming: the items of the array at `path` are taken one at a time;
 * `each` (with `condition` for a filter) maps one item to its part of the result (null parts are
 * dropped, as JMESPath projections do); `rest` runs on the collected array. `whole` means the
 * expression is just a path: the value there is the result.
 */
export interface Spine {
  path: string[];
  whole?: boolean;
  each?: JpNode;
  condition?: JpNode;
  rest?: JpNode;
}

/** The streamable form of an expression, or undefined when it needs the whole document. */
export function spineOf(node: JpNode): Spine | undefined {
  if (usesRoot(node)) return undefined;
  const chain = fieldChain(node);
  if (chain) return { path: chain, whole: true };
  if (node.type === 'Projection' || node.type === 'FilterProjection') {
    const p = fieldChain(node.left);
    if (!p) return undefined;
    return { path: p, each: node.right, condition: node.type === 'FilterProjection' ? node.condition : undefined };
  }
  if (node.type === 'Subexpression') {
    const p = fieldChain(node.left);
    const s = node.right ? spineOf(node.right) : undefined;
    if (p && s && !s.rest) return { ...s, path: [...p, ...s.path] };
    return undefined;
  }
  if (node.type === 'Pipe' && node.left && node.right) {
    const s = spineOf(node.left);
    if (s && !s.rest) return { ...s, rest: node.right };
  }
  return undefined;
}

/** One item's contribution to a streamed projection (undefined: dropped). */
export function projectItem(spine: Spine, item: unknown): unknown {
  if (spine.condition && !truthy(search(spine.condition, item))) return undefined;
  const v = spine.each ? search(spine.each, item) : item;
  return v === null ? undefined : v;
}
