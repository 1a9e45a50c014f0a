import { unwatchFile, watchFile } from 'node:fs';
import type { ConnectionSpec } from '../config/spec.js';
import { parseMcpOption, toSpec, uniqueNames } from '../config/spec.js';
import type { Pool } from '../mcp/pool.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { redact } from '../util/redact.js';

/** What changed when the configuration was read again. */
export interface ReloadResult {
  added: string[];
  removed: string[];
  restarted: string[];
}

/**
 * Servers added, removed or restarted while mini-a-proxy runs, without dropping anyone's session:
 * from the configuration read again (SIGHUP, or the mcpconfig file changing) and from the control
 * API. The configuration owns the servers it names; servers added through the API are left to it.
 */
export class LiveServers {
  /** Names of the servers the configuration brought (a reload touches only these). */
  private readonly fromConfig: Set<string>;
  private watching?: string;

  constructor(
    private readonly pool: Pool,
    private readonly load: () => ConnectionSpec[],
  ) {
    this.fromConfig = new Set(pool.connections.map((c) => c.name));
  }

  /** Reads the configuration again and applies the difference: new servers, gone ones, changed ones. */
  async reload(): Promise<ReloadResult> {
    const specs = this.load();
    const out: ReloadResult = { added: [], removed: [], restarted: [] };
    const wanted = new Map(specs.map((s) => [s.name, s]));
    for (const name of [...this.fromConfig]) {
      if (wanted.has(name)) continue;
      if (this.pool.get(name)) {
        await this.pool.remove(name);
        out.removed.push(name);
      }
      this.fromConfig.delete(name);
    }
    for (const spec of specs) {
      const cur = this.pool.get(spec.name);
      if (!cur) {
        this.pool.add(spec);
        this.fromConfig.add(spec.name);
        out.added.push(spec.name);
      } else if (cur.spec.id !== spec.id) {
        await this.pool.restart(spec.name, spec);
        out.restarted.push(spec.name);
      }
    }
    log.warn(`configuration read again: ${out.added.length} added, ${out.removed.length} removed, ${out.restarted.length} restarted`);
    return out;
  }

  /** Reads the configuration again whenever `file` changes (polled: editors replace files). */
  watch(file: string): void {
    this.watching = file;
    watchFile(file, { interval: 1000, persistent: false }, (cur, prev) => {
      if (cur.mtimeMs === prev.mtimeMs && cur.size === prev.size && cur.ino === prev.ino) return;
      this.reload().catch((e) => log.error(`configuration not applied: ${redact(errorMessage(e))}`));
    });
  }

  /** Stops watching. */
  close(): void {
    if (this.watching) unwatchFile(this.watching);
  }

  /** The control API: GET /servers, POST /servers, DELETE /servers/KEY, POST /servers/KEY/restart, POST /reload. */
  async handle(req: { method: string; path: string; body: unknown }): Promise<{ status: number; body: unknown }> {
    const parts = req.path.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
    try {
      if (parts[0] === 'reload' && parts.length === 1 && req.method === 'POST') return { status: 200, body: await this.reload() };
      if (parts[0] !== 'servers') return { status: 404, body: { error: 'routes: GET /control/servers, POST /control/servers, DELETE /control/servers/NAME, POST /control/servers/NAME/restart, POST /control/reload' } };
      if (parts.length === 1 && req.method === 'GET') return { status: 200, body: { servers: this.pool.connections.map((c) => this.pool.summarize(c)) } };
      if (parts.length === 1 && req.method === 'POST') {
        const specs = this.parse(req.body);
        const added = specs.map((s) => this.pool.summarize(this.pool.add(s)));
        return { status: 201, body: { added } };
      }
      if (parts.length === 2 && req.method === 'DELETE') {
        const c = await this.pool.remove(parts[1]!);
        this.fromConfig.delete(c.name);
        return { status: 200, body: { removed: { alias: c.alias, name: c.name } } };
      }
      if (parts.length === 3 && parts[2] === 'restart' && req.method === 'POST') {
        const c = await this.pool.restart(parts[1]!);
        return { status: 200, body: { restarted: this.pool.summarize(c) } };
      }
      return { status: 405, body: { error: `${req.method} ${req.path} is not a control route` } };
    } catch (e) {
      const msg = redact(errorMessage(e));
      return { status: msg.startsWith('unknown connection') ? 404 : 400, body: { error: msg } };
    }
  }

  /** A request body as specs: `{"mcp": "<SLON or JSON>"}`, one connection object, or a list of them. */
  private parse(body: unknown): ConnectionSpec[] {
    if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { mcp?: unknown }).mcp === 'string') return uniqueNames(parseMcpOption((body as { mcp: string }).mcp));
    const list = Array.isArray(body) ? body : [body];
    if (!list.length || list.some((x) => !x || typeof x !== 'object')) throw new Error('send {"mcp": "[(cmd: …)]"}, a connection object, or a list of them');
    return list.map((raw, i) => toSpec(raw, `control body[${i}]`));
  }
}
