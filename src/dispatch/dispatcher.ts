import type { Prompt, Resource, ResourceTemplate, Tool } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../config/redact.js';
import type { Catalog, Connection } from '../mcp/connection.js';
import type { Pool } from '../mcp/pool.js';
import { readArgumentsFile } from '../spill/args-file.js';
import { payloadOf, previewOf } from '../spill/payload.js';
import { readResult } from '../spill/readresult.js';
import type { SpillStore } from '../spill/store.js';
import { errorMessage, nearest } from '../util/errors.js';
import { estimateTokens } from '../util/tokens.js';
import { compactSchema } from './compact-schema.js';
import { DispatchError, parseRequest, type CallRequest, type InfoRequest, type ListRequest, type ReadResultRequest, type SearchRequest } from './request.js';
import { type CapabilityType } from './schema.js';
import { entriesOf, SearchIndex, shortDescription } from './search-index.js';
import { validateArguments } from './validate-args.js';

/** What proxy-dispatch answers: a JSON object; errors carry `isError: true` and `error`. */
export type DispatchResponse = Record<string, unknown> & { isError?: boolean };

/** One finished request, for progress lines, metrics and the savings report. */
export interface DispatchEvent {
  action: string;
  tool?: string;
  connection?: string;
  /** Serialized size of the result data (before any spill). */
  bytes?: number;
  spilled?: boolean;
  resultFile?: string;
  isError: boolean;
  error?: string;
  ms: number;
}

export interface DispatcherOptions {
  /** Spill results larger than this many bytes (0 = off); a call's resultSizeThreshold wins. */
  threshold: number;
  /** Write spilled object/array results as TOON. */
  toon: boolean;
  /** Directories argumentsFile may read from (besides spill files). */
  argsRoots: string[];
  /** Where spills go; without one, resultToFile and auto-spill are errors and readresult is off. */
  spill?: SpillStore;
  /** Called after every request. */
  onEvent?: (e: DispatchEvent) => void;
}

/** Running totals, for the savings report and metrics. */
export interface DispatchStats {
  requests: number;
  errors: number;
  calls: number;
  spills: number;
  /** Bytes that went to files instead of the model's context. */
  bytesKeptOut: number;
  largestSpill?: { bytes: number; estimatedTokens: number; tool: string; connection: string };
}

type Loaded = { conn: Connection; catalog: Catalog };

/** How many characters a listing shows of a description. */
const LIST_DESCRIPTION = 160;

function compactAnnotations(a: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!a) return undefined;
  const out = Object.fromEntries(Object.entries(a).filter(([, v]) => v !== false && v !== undefined && v !== null));
  return Object.keys(out).length ? out : undefined;
}

function templateMatches(template: string, uri: string): boolean {
  const re = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\+[^}]+\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${re}$`).test(uri);
}

/**
 * proxy-dispatch: list, search, info, call and readresult over every connection of a pool.
 * Independent of any LLM; the agent, the one-shot CLI and the MCP server mode all call it.
 * `dispatch` never throws: every problem comes back as `{isError: true, error}`.
 */
export class Dispatcher {
  readonly stats: DispatchStats = { requests: 0, errors: 0, calls: 0, spills: 0, bytesKeptOut: 0 };
  private index?: SearchIndex;
  private indexKey = '';

  constructor(
    readonly pool: Pool,
    private readonly opts: DispatcherOptions,
  ) {}

  /** Runs one request given as raw arguments (object or JSON string). */
  async dispatch(raw: unknown): Promise<DispatchResponse> {
    return (await this.dispatchWithEvent(raw)).response;
  }

  /** Like dispatch, with what happened (sizes, spill, timing) for progress lines. */
  async dispatchWithEvent(raw: unknown): Promise<{ response: DispatchResponse; event: DispatchEvent }> {
    const started = Date.now();
    const ev: DispatchEvent = { action: typeof (raw as { action?: unknown })?.action === 'string' ? (raw as { action: string }).action : '?', isError: false, ms: 0 };
    let res: DispatchResponse;
    try {
      const req = parseRequest(raw);
      ev.action = req.action;
      switch (req.action) {
        case 'list':
          res = await this.list(req);
          break;
        case 'search':
          res = await this.search(req);
          break;
        case 'info':
          res = await this.info(req);
          break;
        case 'call':
          res = await this.call(req, ev);
          break;
        case 'readresult':
          res = this.readresult(req);
          break;
      }
    } catch (e) {
      const known = e instanceof DispatchError || (e instanceof Error && ['ConnectionError', 'PathRefused'].includes(e.name));
      const msg = redact(known ? errorMessage(e) : `internal error: ${errorMessage(e)}`);
      res = { action: ev.action, isError: true, error: msg };
    }
    if (res.isError) {
      ev.isError = true;
      ev.error = String(res.error ?? '');
      this.stats.errors++;
    }
    this.stats.requests++;
    ev.ms = Date.now() - started;
    try {
      this.opts.onEvent?.(ev);
    } catch {
      // An observer's failure must not change the answer.
    }
    return { response: res, event: ev };
  }

  // ---- catalogs and the search index -------------------------------------------------------

  private async load(conns: Connection[], refresh: boolean): Promise<{ loaded: Loaded[]; unavailable: string[] }> {
    const settled = await Promise.allSettled(conns.map((c) => c.getCatalog(refresh)));
    const loaded: Loaded[] = [];
    const unavailable: string[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') loaded.push({ conn: conns[i]!, catalog: s.value });
      else unavailable.push(redact(errorMessage(s.reason)));
    });
    return { loaded, unavailable };
  }

  private indexFor(loaded: Loaded[]): SearchIndex {
    const key = loaded.map((l) => `${l.conn.alias}:${l.conn.catalogVersion}`).join(',');
    if (!this.index || key !== this.indexKey) {
      this.index = new SearchIndex(loaded.flatMap((l) => entriesOf(l.conn.alias, l.conn.name, l.catalog)));
      this.indexKey = key;
    }
    return this.index;
  }

  private connectionsFor(key: string | undefined): Connection[] {
    if (key === undefined) return this.pool.connections;
    try {
      return [this.pool.resolve(key)];
    } catch (e) {
      throw new DispatchError(errorMessage(e));
    }
  }

  // ---- list ----------------------------------------------------------------------------------

  private async list(req: ListRequest): Promise<DispatchResponse> {
    const conns = this.connectionsFor(req.connection);
    const res: DispatchResponse = { action: 'list' };
    if (!req.includeTools) {
      const all = conns.map((c) => this.pool.summarize(c));
      res.total = all.length;
      res.connections = all.slice(req.offset, req.offset + req.limit);
      return res;
    }
    const { loaded, unavailable } = await this.load(conns, req.refresh);
    const byAlias = new Map(loaded.map((l) => [l.conn.alias, l]));
    type Item = { alias: string; item: Record<string, unknown> };
    const items: Item[] = [];
    for (const l of loaded) for (const item of this.itemsOf(l, req)) items.push({ alias: l.conn.alias, item });
    const page = items.slice(req.offset, req.offset + req.limit);
    const key = req.type === 'tool' ? 'tools' : req.type === 'resource' ? 'resources' : 'prompts';
    res.type = req.type;
    res.total = items.length;
    res.offset = req.offset;
    res.returned = page.length;
    if (req.offset + page.length < items.length) res.nextOffset = req.offset + page.length;
    res.connections = conns.map((c) => {
      const s: Record<string, unknown> = { ...this.pool.summarize(c) };
      if (byAlias.has(c.alias)) s[key] = page.filter((p) => p.alias === c.alias).map((p) => p.item);
      return s;
    });
    if (unavailable.length) res.unavailable = unavailable;
    return res;
  }

  private itemsOf(l: Loaded, req: ListRequest): Array<Record<string, unknown>> {
    const cat = l.catalog;
    if (req.type === 'tool') {
      return cat.tools.map((t) => {
        const o: Record<string, unknown> = { name: t.name, description: shortDescription(t.description, LIST_DESCRIPTION) };
        if (req.includeAnnotations) {
          const a = compactAnnotations(t.annotations as Record<string, unknown> | undefined);
          if (a) o.annotations = a;
        }
        if (req.includeInputSchema) o.inputSchema = compactSchema(t.inputSchema);
        return o;
      });
    }
    if (req.type === 'resource') {
      return [
        ...cat.resources.map((r) => ({ uri: r.uri, name: r.name, description: shortDescription(r.description, LIST_DESCRIPTION) || undefined, mimeType: r.mimeType })),
        ...cat.resourceTemplates.map((r) => ({ uriTemplate: r.uriTemplate, name: r.name, description: shortDescription(r.description, LIST_DESCRIPTION) || undefined, mimeType: r.mimeType })),
      ];
    }
    return cat.prompts.map((p) => ({
      name: p.name,
      description: shortDescription(p.description, LIST_DESCRIPTION) || undefined,
      arguments: p.arguments?.map((a) => ({ name: a.name, required: a.required ?? false })),
    }));
  }

  // ---- search --------------------------------------------------------------------------------

  private async search(req: SearchRequest): Promise<DispatchResponse> {
    // Only the named connection is started for a search confined to it.
    const { loaded, unavailable } = await this.load(this.connectionsFor(req.connection), req.refresh);
    const hits = this.indexFor(loaded).search(req.query, { limit: req.limit, type: req.type });
    const res: DispatchResponse = {
      action: 'search',
      query: req.query,
      results: hits.map((h) => (h.type === 'tool' ? { connection: h.connection, tool: h.name, score: h.score, description: h.description } : { connection: h.connection, type: h.type, [h.type === 'resource' ? 'uri' : 'prompt']: h.name, score: h.score, description: h.description })),
    };
    if (!hits.length) res.hint = 'no match; try other words, or action=list';
    if (unavailable.length) res.unavailable = unavailable;
    return res;
  }

  // ---- resolving a tool, resource or prompt ----------------------------------------------------

  private async resolve(name: string, type: CapabilityType, connection: string | undefined, refresh = false): Promise<{ conn: Connection; cap: Tool | Resource | ResourceTemplate | Prompt | undefined }> {
    const conns = this.connectionsFor(connection);
    const { loaded, unavailable } = await this.load(conns, refresh);
    const find = (cat: Catalog) =>
      type === 'tool' ? cat.tools.find((t) => t.name === name)
        : type === 'prompt' ? cat.prompts.find((p) => p.name === name)
          : (cat.resources.find((r) => r.uri === name) ?? cat.resourceTemplates.find((t) => templateMatches(t.uriTemplate, name)));
    // A resource of a named connection may be readable without being listed (dynamic URIs).
    if (type === 'resource' && connection) return { conn: conns[0]!, cap: loaded[0] ? find(loaded[0].catalog) : undefined };
    if (connection && unavailable.length) throw new DispatchError(unavailable[0]!);
    const found = loaded.map((l) => ({ conn: l.conn, cap: find(l.catalog) })).filter((x) => x.cap);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) {
      const cands = found.map((f) => `${f.conn.alias}/${f.conn.name}`).join(', ');
      throw new DispatchError(`${type} '${name}' exists on several connections: ${cands}; pass connection (e.g. "connection":"${found[0]!.conn.alias}")`);
    }
    // Not found: suggest by spelling first, then by meaning.
    const names = loaded.flatMap((l) =>
      (type === 'tool' ? l.catalog.tools.map((t) => t.name) : type === 'prompt' ? l.catalog.prompts.map((p) => p.name) : l.catalog.resources.map((r) => r.uri)).map((n) => ({ n, c: l.conn })),
    );
    const close = nearest(name, names.map((x) => x.n));
    let hint = '';
    if (close) {
      const c = names.find((x) => x.n === close)!.c;
      hint = ` Did you mean '${close}' (${c.alias}/${c.name})?`;
    } else {
      const hits = this.indexFor(loaded).search(name, { limit: 3, type });
      if (hits.length) hint = ` Did you mean ${hits.map((h) => `'${h.name}' (${h.connection})`).join(', ')}?`;
    }
    const where = connection ? ` on ${conns[0]!.alias}/${conns[0]!.name}` : '';
    const down = unavailable.length ? ` (unavailable: ${unavailable.join('; ')})` : '';
    throw new DispatchError(`unknown ${type} '${name}'${where}${down}.${hint} Use action=search to find ${type}s.`);
  }

  // ---- info ----------------------------------------------------------------------------------

  private async info(req: InfoRequest): Promise<DispatchResponse> {
    const { conn, cap } = await this.resolve(req.name, req.type, req.connection, req.refresh);
    const res: DispatchResponse = { action: 'info', type: req.type, connection: conn.alias };
    if (!cap) throw new DispatchError(`resource '${req.name}' is not listed by ${conn.alias}/${conn.name}; it may still be readable with action=call`);
    if (req.type === 'tool') {
      const t = cap as Tool;
      res.tool = t.name;
      if (t.title && t.title !== t.name) res.title = t.title;
      res.description = t.description ?? '';
      res.inputSchema = compactSchema(t.inputSchema);
      if (t.outputSchema) res.outputSchema = compactSchema(t.outputSchema);
      const a = compactAnnotations(t.annotations as Record<string, unknown> | undefined);
      if (a) res.annotations = a;
    } else if (req.type === 'prompt') {
      const p = cap as Prompt;
      Object.assign(res, { prompt: p.name, description: p.description ?? '', arguments: p.arguments ?? [] });
    } else {
      Object.assign(res, cap);
    }
    return res;
  }

  // ---- call ----------------------------------------------------------------------------------

  private async call(req: CallRequest, ev: DispatchEvent): Promise<DispatchResponse> {
    ev.tool = req.name;
    const { conn, cap } = await this.resolve(req.name, req.type, req.connection);
    ev.connection = conn.alias;
    let args: Record<string, unknown> | undefined = req.arguments;
    if (req.argumentsFile) {
      try {
        const props = ((cap as Tool | undefined)?.inputSchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
        const wantsString = (k: string) => req.type === 'prompt' || props?.[k]?.type === 'string';
        args = { ...readArgumentsFile(req.argumentsFile, this.opts.spill, this.opts.argsRoots, wantsString), ...(req.arguments ?? {}) };
      } catch (e) {
        throw new DispatchError(errorMessage(e));
      }
    }
    let result: Record<string, unknown>;
    if (req.type === 'tool') {
      const problem = validateArguments((cap as Tool).inputSchema, args ?? {});
      if (problem) throw new DispatchError(`invalid arguments for '${req.name}' (${conn.alias}/${conn.name}): ${problem}. See action=info for its schema.`);
      this.stats.calls++;
      result = await conn.callTool(req.name, args, { meta: req.meta });
    } else if (req.type === 'prompt') {
      const p = cap as Prompt;
      const given = args ?? {};
      const missing = (p.arguments ?? []).filter((a) => a.required && given[a.name] === undefined).map((a) => a.name);
      if (missing.length) throw new DispatchError(`prompt '${p.name}' needs argument(s): ${missing.join(', ')}`);
      const bad = Object.entries(given).filter(([, v]) => typeof v !== 'string').map(([k]) => k);
      if (bad.length) throw new DispatchError(`prompt arguments must be strings: ${bad.join(', ')}`);
      this.stats.calls++;
      result = await conn.getPrompt(p.name, given as Record<string, string>, { meta: req.meta });
    } else {
      this.stats.calls++;
      result = await conn.readResource(req.name, { meta: req.meta });
    }
    return this.answer(req, conn, result, ev);
  }

  /** Builds the inline answer, or spills the data and answers with its path and a preview. */
  private answer(req: CallRequest, conn: Connection, result: Record<string, unknown>, ev: DispatchEvent): DispatchResponse {
    const content = req.type === 'tool' ? this.toolContent(result) : req.type === 'prompt' ? result.messages : result.contents;
    const serialized = JSON.stringify(content) ?? '';
    const bytes = Buffer.byteLength(serialized);
    ev.bytes = bytes;
    const head: DispatchResponse = { action: 'call', [req.type === 'tool' ? 'tool' : req.type === 'prompt' ? 'prompt' : 'uri']: req.name, connection: conn.alias };
    if (req.argumentsFile) head.arguments = { _fromFile: req.argumentsFile };
    const threshold = req.resultSizeThreshold ?? this.opts.threshold;
    const auto = !req.resultToFile && threshold > 0 && bytes > threshold;
    if (!req.resultToFile && !auto) {
      const res: DispatchResponse = { ...head, estimatedTokens: estimateTokens(bytes), content };
      if (result.isError === true) res.isError = true;
      return res;
    }
    const store = this.opts.spill;
    if (!store) throw new DispatchError('results cannot be written to files here (no spill store)');
    const payload = payloadOf(req.type === 'tool' ? result : req.type === 'prompt' ? { messages: result.messages } : { contents: result.contents }, this.opts.toon);
    const meta = store.writeText('result', payload.text, payload.format, { tool: req.name, connection: conn.alias });
    this.stats.spills++;
    this.stats.bytesKeptOut += meta.bytes;
    if (!this.stats.largestSpill || meta.bytes > this.stats.largestSpill.bytes) {
      this.stats.largestSpill = { bytes: meta.bytes, estimatedTokens: meta.estimatedTokens, tool: req.name, connection: conn.alias };
    }
    ev.spilled = true;
    ev.resultFile = meta.file;
    const why = auto ? `result is ${bytes} bytes, over the ${threshold}-byte threshold` : 'resultToFile was set';
    const text =
      `Result written to ${meta.file} (${why}). ${meta.bytes} bytes, ≈${meta.estimatedTokens} tokens, ${meta.lines} lines of ${meta.format}; ${payload.shape}.` +
      `${result.isError === true ? ' The tool reported an error.' : ''}\nPreview:\n${previewOf(payload.text)}\n` +
      `Read it with action=readresult (op=stat, grep, slice, head, tail); pass it to another call as argumentsFile.`;
    const res: DispatchResponse = { ...head, resultFile: meta.file, autoSpilled: auto, content: [{ type: 'text', text }] };
    if (result.isError === true) res.isError = true;
    return res;
  }

  /** A tool result's data: its content, or its structured content when it sent no content. */
  private toolContent(result: Record<string, unknown>): unknown {
    const content = result.content as unknown[] | undefined;
    if ((!content || content.length === 0) && result.structuredContent !== undefined) {
      return [{ type: 'text', text: JSON.stringify(result.structuredContent) }];
    }
    return content ?? [];
  }

  // ---- readresult ----------------------------------------------------------------------------

  private readresult(req: ReadResultRequest): DispatchResponse {
    const store = this.opts.spill;
    if (!store) throw new DispatchError('readresult: there is no spill store here');
    const file = store.resolve(req.resultFile);
    try {
      return readResult(store, file, req);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new DispatchError(`resultFile '${req.resultFile}' does not exist (spill files are removed when the process that made them ends, unless spilldir= or keepresults=true)`);
      throw new DispatchError(errorMessage(e));
    }
  }
}
