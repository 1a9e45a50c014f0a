/**
 * The Magg dialect of proxy mode (dialect=magg): one tool, `proxy`, as Magg's "MCP Proxy Extension
 * Specification" defines it. list and info answer with one embedded JSON resource annotated with
 * what it holds; call answers with the capability's own result, every item annotated. Calls,
 * spills, argumentsFile and the reading of spill files go through the dispatcher.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CallToolResult, Prompt, Resource, ResourceTemplate, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher, DispatchResponse, RequestContext } from '../dispatch/dispatcher.js';
import { CAPABILITY_TYPES, type CapabilityType } from '../dispatch/schema.js';
import type { Catalog, Connection } from '../mcp/connection.js';
import type { Pool } from '../mcp/pool.js';
import type { Access } from '../mcp/policy.js';
import { matchesTemplate } from '../mcp/uri-template.js';
import type { SpillStore } from '../spill/store.js';
import { errorMessage, nearest } from '../util/errors.js';
import { redact } from '../util/redact.js';
import { MAGG_ACTIONS, MaggError, parseMagg, type MaggCall, type MaggList, type MaggOp } from './magg-request.js';
import { exposeContent, nameTable, type Mapped, type Namespacer, type NamespaceMode } from './naming.js';
import type { OneTool } from './proxy-server.js';

export const MAGG_TOOL_NAME = 'proxy';

type Loaded = Array<{ conn: Connection; catalog: Catalog }>;
type Block = Record<string, unknown>;
/** A capability as listed: its path, its server's own name or URI for it, and the object. */
interface Entry {
  path: string;
  own: string;
  conn: Connection;
  item: Record<string, unknown>;
}

/** TypeScript SDK type names of what list answers hold (the spec's `<language>Type` annotation). */
const LIST_TYPE: Record<CapabilityType, string> = { tool: 'Tool', resource: 'Resource | ResourceTemplate', prompt: 'Prompt' };

function pathForms(mode: NamespaceMode): string {
  if (mode === 'none') return 'Paths are the names and URIs the servers give.';
  const s = mode === 'alias' ? 'c1' : '<server>';
  return `Paths: ${s}__<name> for tools and prompts, proxy://${s}/<uri> for resources.`;
}

/** The `proxy` tool as MCP clients list it. */
export function maggToolDefinition(mode: NamespaceMode): Tool {
  return {
    name: MAGG_TOOL_NAME,
    description:
      'Magg proxy: the tools, resources and prompts of many MCP servers through one tool. ' +
      'action=list (type; limit, offset, filter_server, filter {prefix, tags}) lists them as JSON; info (type, path) shows one with its input schema; ' +
      `call (type, path, args) calls a tool, reads a resource or gets a prompt. ${pathForms(mode)} ` +
      'action=batch runs operations [{action, type, path, args}] in order. ' +
      'Large results go to a file (resultToFile=true, or over a size threshold): read it with action=call type=resource path=<file> args {op: stat|head|tail|slice|grep, …}; ' +
      'pass it to another call as argumentsFile.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: [...MAGG_ACTIONS] },
        type: { type: 'string', enum: [...CAPABILITY_TYPES] },
        path: { type: 'string', description: 'info/call: tool or prompt name, or resource URI' },
        args: { type: 'object', description: 'call: arguments' },
        limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'list: default 100' },
        offset: { type: 'integer', minimum: 0 },
        filter_server: { type: 'string', description: 'list: server name prefix' },
        filter: { type: 'object', properties: { prefix: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, additionalProperties: false },
        operations: { type: 'array', items: { type: 'object' }, description: 'batch: [{action, type, path, args}]' },
        argumentsFile: { type: 'string', description: "call: arguments from a JSON file or spill file; 'PATH#arg' passes the whole file as one argument" },
        resultToFile: { type: 'boolean' },
        resultSizeThreshold: { type: 'integer', minimum: 0, description: 'spill if result bytes exceed' },
      },
      required: ['action'],
      additionalProperties: false,
    },
  };
}

const INSTRUCTIONS =
  'One tool, proxy (Magg\'s proxy tool), reaches the tools, resources and prompts of many MCP servers: list, info and call them by path; large results spill to files read back through the same tool.';

/** A block with the given annotations added to its own. */
function annotate(block: Block, ann: Record<string, unknown>): Block {
  const own = block.annotations && typeof block.annotations === 'object' ? (block.annotations as Record<string, unknown>) : {};
  return { ...block, annotations: { ...own, ...ann } };
}

/** An embedded JSON resource holding `data`. */
function embeddedJson(uri: string, data: unknown): Block {
  return { type: 'resource', resource: { uri, mimeType: 'application/json', text: JSON.stringify(data) } };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function messageOf(e: unknown): string {
  const known = e instanceof MaggError || (e instanceof Error && ['DispatchError', 'ConnectionError', 'PathRefused'].includes(e.name));
  return redact(known ? errorMessage(e) : `internal error: ${errorMessage(e)}`);
}

const short = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/**
 * A text resource whose text is a JSON object or array, re-encoded as application/json with its
 * original MIME type kept in `contentType` (the spec's objectification); anything else unchanged.
 */
export function objectify(contents: Record<string, unknown>): Record<string, unknown> {
  const text = contents.text;
  if (typeof text !== 'string') return contents;
  // Only structured values: a first character other than { or [ is not worth a parse.
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return contents;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return contents;
  }
  const { mimeType, ...rest } = contents;
  return { ...rest, mimeType: 'application/json', text: JSON.stringify(value), ...(typeof mimeType === 'string' ? { contentType: mimeType } : {}) };
}

/** Tags of a listed item: `_meta.tags`, or FastMCP's `_meta._fastmcp.tags`. */
function tagsOf(item: Record<string, unknown>): string[] {
  const meta = item._meta as Record<string, unknown> | undefined;
  if (!meta || typeof meta !== 'object') return [];
  const fast = meta._fastmcp as Record<string, unknown> | undefined;
  const all = [meta.tags, fast && typeof fast === 'object' ? fast.tags : undefined].flatMap((t) => (Array.isArray(t) ? t : []));
  return all.filter((t): t is string => typeof t === 'string');
}

/** `everything__`, `serena_` and `every` all name the server `everything`: trailing underscores do not count. */
function trimUnderscores(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '_') end--;
  return s.slice(0, end);
}

/** Settings of the Magg dialect. */
export interface MaggOptions {
  namespace: Namespacer;
  /** How long list waits for slow servers. */
  listTimeoutMs: number;
  /** Spill files of this store are read by path (type=resource). */
  spill?: SpillStore;
}

/** The `proxy` tool: list, info, call and batch over every server of the pool. */
export class MaggTool implements OneTool {
  readonly definition: Tool;
  readonly instructions = INSTRUCTIONS;
  readonly unchecked = true;
  private readonly ns: Namespacer;

  constructor(
    private readonly pool: Pool,
    private readonly dispatcher: Dispatcher,
    private readonly o: MaggOptions,
  ) {
    this.ns = o.namespace;
    this.definition = maggToolDefinition(this.ns.mode);
  }

  /** Answers one call of the tool; every problem is a tool error with a message that says what is allowed. */
  async call(raw: Record<string, unknown>, rc: RequestContext): Promise<CallToolResult> {
    let req;
    try {
      req = parseMagg(raw);
    } catch (e) {
      return failure(messageOf(e));
    }
    if (req.action !== 'batch') return this.run(req, rc);
    // In order, each operation on its own: a failed one is reported and the rest still run.
    const content: Block[] = [];
    let failed = 0;
    for (const [i, op] of req.operations.entries()) {
      if (rc.signal?.aborted) return failure(`batch cancelled after ${i} of ${req.operations.length} operations`);
      const r = await this.run(op, rc);
      if (r.isError) failed++;
      const ann = { proxyAction: op.action, proxyType: op.type, ...(op.action !== 'list' ? { proxyPath: op.path } : {}), batchIndex: i, ...(r.isError ? { isError: true } : {}) };
      for (const b of r.content) content.push(annotate(b as Block, ann));
    }
    return { content: content as CallToolResult['content'], ...(failed === req.operations.length ? { isError: true } : {}) };
  }

  private async run(op: MaggOp, rc: RequestContext): Promise<CallToolResult> {
    try {
      if (op.action === 'list') return await this.list(op, rc.access);
      if (op.action === 'info') return await this.info(op.type, op.path, rc.access);
      return await this.invoke(op, rc);
    } catch (e) {
      return failure(messageOf(e));
    }
  }

  /** Catalogs as cached; when `found` fails on them, read again (waiting for every server if need be). */
  private async loadFor(found: (loaded: Loaded) => boolean, access?: Access): Promise<Loaded> {
    const conns = this.pool.connections;
    const cached: Loaded = this.pool.cachedCatalogs(access);
    if (conns.every((c) => c.cachedCatalog) && found(cached)) return cached;
    const quick = await this.pool.loadCatalogs(conns, false, this.o.listTimeoutMs, access);
    if (found(quick.loaded)) return quick.loaded;
    return (await this.pool.loadCatalogs(conns, false, Infinity, access)).loaded;
  }

  /** Exposed tool or prompt names (a collision under namespace=none is an error naming both servers). */
  private table(loaded: Loaded, type: 'tool' | 'prompt'): Map<string, Mapped> {
    const names = loaded.map((l) => ({ conn: l.conn, names: type === 'tool' ? l.catalog.tools.map((t) => t.name) : l.catalog.prompts.map((p) => p.name) }));
    try {
      return nameTable(this.ns, names, type);
    } catch (e) {
      throw new MaggError(errorMessage(e));
    }
  }

  private entries(loaded: Loaded, type: CapabilityType): Entry[] {
    if (type === 'resource') {
      return loaded.flatMap(({ conn, catalog }) => [
        ...catalog.resources.map((r) => ({ path: this.ns.exposeUri(conn, r.uri), own: r.uri, conn, item: { ...r, uri: this.ns.exposeUri(conn, r.uri) } })),
        ...catalog.resourceTemplates.map((t) => ({ path: this.ns.exposeUri(conn, t.uriTemplate), own: t.uriTemplate, conn, item: { ...t, uriTemplate: this.ns.exposeUri(conn, t.uriTemplate) } })),
      ]);
    }
    const byConn = new Map(loaded.map((l) => [l.conn, new Map<string, Tool | Prompt>((type === 'tool' ? l.catalog.tools : l.catalog.prompts).map((x) => [x.name, x]))]));
    return [...this.table(loaded, type)].map(([exposed, m]) => ({ path: exposed, own: m.name, conn: m.conn, item: { ...byConn.get(m.conn)!.get(m.name)!, name: exposed } }));
  }

  private matches(e: Entry, op: MaggList): boolean {
    if (op.filterServer) {
      const want = trimUnderscores(op.filterServer);
      if (![e.conn.name, e.conn.alias, this.ns.prefix(e.conn)].some((n) => n.startsWith(want))) return false;
    }
    if (op.prefix !== undefined && !e.path.startsWith(op.prefix) && !e.own.startsWith(op.prefix)) return false;
    if (op.tags && !tagsOf(e.item).some((t) => op.tags!.includes(t))) return false;
    return true;
  }

  /** action=list: one embedded JSON resource with a page of the matching objects. */
  private async list(op: MaggList, access?: Access): Promise<CallToolResult> {
    const { loaded, unavailable } = await this.pool.loadCatalogs(this.pool.connections, false, this.o.listTimeoutMs, access);
    const all = this.entries(loaded, op.type).filter((e) => this.matches(e, op));
    const page = all.slice(op.offset, op.offset + op.limit);
    const ann = {
      proxyAction: 'list', proxyType: op.type, typescriptType: LIST_TYPE[op.type], pythonType: LIST_TYPE[op.type], many: true,
      totalCount: all.length, offset: op.offset, limit: op.limit, ...(unavailable.length ? { unavailable } : {}),
    };
    return { content: [annotate(embeddedJson(`proxy:list/${op.type}`, page.map((e) => e.item)), ann)] as CallToolResult['content'] };
  }

  /** The listed resource (or template) behind an exposed URI. */
  private locate(loaded: Loaded, exposed: string): { conn: Connection; item: Record<string, unknown>; ts: string } | undefined {
    const mapped = this.ns.resolveUri(this.pool.connections, exposed);
    const where = mapped ? loaded.filter((l) => l.conn === mapped.conn) : this.ns.mode === 'none' ? loaded : [];
    const uri = mapped?.uri ?? exposed;
    for (const { conn, catalog } of where) {
      const r: Resource | undefined = catalog.resources.find((x) => x.uri === uri);
      if (r) return { conn, item: { ...r, uri: this.ns.exposeUri(conn, r.uri) }, ts: 'Resource' };
      const t: ResourceTemplate | undefined = catalog.resourceTemplates.find((x) => x.uriTemplate === uri) ?? catalog.resourceTemplates.find((x) => matchesTemplate(x.uriTemplate, uri));
      if (t) return { conn, item: { ...t, uriTemplate: this.ns.exposeUri(conn, t.uriTemplate) }, ts: 'ResourceTemplate' };
    }
    return undefined;
  }

  /** The tool or prompt an exposed name stands for; an unknown one is an error with a suggestion. */
  private async mapped(type: 'tool' | 'prompt', name: string, access?: Access): Promise<{ m: Mapped; loaded: Loaded }> {
    const loaded = await this.loadFor((l) => this.table(l, type).has(name), access);
    const table = this.table(loaded, type);
    const m = table.get(name);
    if (m) return { m, loaded };
    // No name is longer than 64 characters: a much longer one is no typo (and not worth the edit distances).
    const close = name.length <= 128 ? nearest(name, table.keys()) : undefined;
    throw new MaggError(`unknown ${type} '${short(name)}'.${close ? ` Did you mean '${close}'?` : ''} action=list type=${type} shows the paths.`);
  }

  /** action=info: one embedded JSON resource with the whole object. */
  private async info(type: CapabilityType, p: string, access?: Access): Promise<CallToolResult> {
    let item: Record<string, unknown>;
    let ts: string;
    if (type === 'resource') {
      const loaded = await this.loadFor((l) => !!this.locate(l, p), access);
      const found = this.locate(loaded, p);
      if (!found) throw new MaggError(`unknown resource '${short(p)}': no server lists it${this.ns.mode === 'none' ? '' : ' (resource paths look like proxy://<server>/<uri>)'}; action=list type=resource shows them`);
      ({ item, ts } = found);
    } else {
      const { m, loaded } = await this.mapped(type, p, access);
      const catalog = loaded.find((l) => l.conn === m.conn)!.catalog;
      const cap = type === 'tool' ? catalog.tools.find((t) => t.name === m.name) : catalog.prompts.find((x) => x.name === m.name);
      item = { ...cap, name: p };
      ts = type === 'tool' ? 'Tool' : 'Prompt';
    }
    const ann = { proxyAction: 'info', proxyType: type, proxyPath: p, typescriptType: ts, pythonType: ts, many: false };
    return { content: [annotate(embeddedJson(`proxy:info/${type}/${p}`, item), ann)] as CallToolResult['content'] };
  }

  /** A path that names a spill file of this process (plain path or file: URL), else undefined. */
  private spillFile(p: string): string | undefined {
    let file = p;
    if (p.startsWith('file:')) {
      try {
        file = fileURLToPath(p);
      } catch {
        return undefined;
      }
    } else if (!path.isAbsolute(p)) {
      return undefined;
    }
    return this.o.spill?.owns(file) ? file : undefined;
  }

  /** action=call: the capability's own result, each item annotated; large ones spill through the dispatcher. */
  private async invoke(op: MaggCall, rc: RequestContext): Promise<CallToolResult> {
    const ann = { proxyType: op.type, proxyAction: 'call', proxyPath: op.path };
    const extras = { ...(op.argumentsFile ? { argumentsFile: op.argumentsFile } : {}), ...(op.resultToFile !== undefined ? { resultToFile: op.resultToFile } : {}), ...(op.resultSizeThreshold !== undefined ? { resultSizeThreshold: op.resultSizeThreshold } : {}) };
    let req: Record<string, unknown>;
    if (op.type === 'resource') {
      const file = this.spillFile(op.path);
      if (file) return this.readSpill(op, file, rc);
      if (path.isAbsolute(op.path)) throw new MaggError(`'${short(op.path)}' is not a spill file of this proxy; only spill files are read by file path (resources by their URI)`);
      if (op.args || op.argumentsFile) throw new MaggError("a resource read takes only 'path' (the resource URI); 'args' go with tools and prompts, or with a spill file ({op, lines, pattern, …})");
      const mapped = this.ns.resolveUri(this.pool.connections, op.path);
      if (!mapped && this.ns.mode !== 'none') throw new MaggError(`unknown resource '${short(op.path)}': resource paths look like proxy://<server>/<uri>; action=list type=resource shows them`);
      req = { action: 'call', type: 'resource', uri: mapped?.uri ?? op.path, ...(mapped ? { connection: mapped.conn.alias } : {}), ...extras };
    } else {
      const { m } = await this.mapped(op.type, op.path);
      req = { action: 'call', type: op.type, [op.type]: m.name, connection: m.conn.alias, ...(op.args ? { arguments: op.args } : {}), ...extras };
    }
    const readHint = (file: string) => `Read it with {"action":"call","type":"resource","path":"${file}","args":{"op":"grep","pattern":"…"}} (op: stat, head, tail, slice, grep, read); pass it to another call as argumentsFile.`;
    const res = await this.dispatcher.dispatch(req, { ...rc, readHint });
    if (typeof res.error === 'string') throw new MaggError(res.error);
    return this.callResult(op, res, ann);
  }

  private callResult(op: MaggCall, res: DispatchResponse, ann: Record<string, unknown>): CallToolResult {
    const flag = res.isError ? { isError: true } : {};
    if (typeof res.resultFile === 'string') {
      const blocks = (res.content as Block[]).map((b) => annotate(b, { ...ann, resultFile: res.resultFile }));
      return { content: blocks as CallToolResult['content'], ...flag };
    }
    const conn = this.pool.get(String(res.connection));
    const expose = (blocks: unknown) => (conn ? exposeContent(this.ns, conn, blocks) : blocks) as Block[];
    if (op.type === 'tool') {
      const sc = res.structuredContent;
      return { content: expose(res.content).map((b) => annotate(b, ann)) as CallToolResult['content'], ...(sc && typeof sc === 'object' ? { structuredContent: sc as Record<string, unknown> } : {}), ...flag };
    }
    if (op.type === 'prompt') {
      const messages = (res.content as Array<Record<string, unknown>>).map((m) => ({ ...m, content: expose([m.content])[0] }));
      const result = { ...(typeof res.description === 'string' ? { description: res.description } : {}), messages };
      return { content: [annotate(embeddedJson(`proxy:call/prompt/${op.path}`, result), { ...ann, typescriptType: 'GetPromptResult', pythonType: 'GetPromptResult' })] as CallToolResult['content'], ...flag };
    }
    const contents = res.content as Array<Record<string, unknown>>;
    const blocks = contents.map((c) => annotate({ type: 'resource', resource: objectify({ ...c, uri: conn && typeof c.uri === 'string' ? this.ns.exposeUri(conn, c.uri) : c.uri }) }, ann));
    return { content: blocks as CallToolResult['content'], ...flag };
  }

  /** A spill file read back (type=resource, path=the file, args={op, …}), as one embedded JSON resource. */
  private async readSpill(op: MaggCall, file: string, rc: RequestContext): Promise<CallToolResult> {
    if (op.argumentsFile || op.resultToFile !== undefined || op.resultSizeThreshold !== undefined) {
      throw new MaggError("reading a spill file takes only 'path' and 'args' {op: stat|head|tail|slice|grep|read, lines, fromLine, toLine, pattern, context, maxBytes}");
    }
    const res = await this.dispatcher.dispatch({ action: 'readresult', resultFile: file, ...(op.args ?? {}) }, rc);
    if (typeof res.error === 'string') throw new MaggError(res.error);
    const { action: _action, ...data } = res;
    const ann = { proxyType: 'resource', proxyAction: 'call', proxyPath: op.path };
    return { content: [annotate(embeddedJson(pathToFileURL(file).href, data), ann)] as CallToolResult['content'] };
  }
}
