import { closeSync, lstatSync, mkdirSync, openSync, promises as fs, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dir as tmpDir } from 'tmp-promise';
import { onExitSync, onShutdown } from '../util/lifecycle.js';
import { confinePath, PathRefused } from '../util/confine.js';
import { estimateTokens } from '../util/tokens.js';
import { log } from '../util/log.js';
import { openSpan, type OpenSpan } from '../util/tracing.js';
import { notRegular, openRegularSync } from './open.js';
import { reaperForgetDir, reaperWatchDir } from '../util/reaper.js';

/** How a spilled file's text is laid out. */
export type SpillFormat = 'json' | 'toon' | 'text';

/** What is known about a spilled file without reading it: recorded while writing. */
export interface SpillMeta {
  file: string;
  bytes: number;
  lines: number;
  estimatedTokens: number;
  format: SpillFormat;
  createdAt: string;
  tool?: string;
  connection?: string;
}

/** Options of the store. */
export interface SpillStoreOptions {
  /** Use (and keep) this directory instead of a private temp directory. */
  dir?: string;
  /** Keep the private temp directory at exit (its path is printed on stderr). */
  keep?: boolean;
}

const NAME = /^mini-a-proxy-(result|args)-[A-Za-z0-9_-]+\.json$/;
const metaPath = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.meta`);

const SIDECAR_MAX = 64 * 1024;

/**
 * A sidecar's metadata, if it is a small regular file holding sane values; otherwise undefined
 * (the file is then measured instead). Never blocks: the sidecar may be anything a hostile or
 * careless process left in a kept directory.
 */
function readSidecar(p: string): SpillMeta | undefined {
  let fd: number;
  try {
    fd = openRegularSync(p);
  } catch {
    return undefined;
  }
  try {
    const buf = Buffer.allocUnsafe(SIDECAR_MAX);
    const n = readSync(fd, buf, 0, SIDECAR_MAX, 0);
    if (n === SIDECAR_MAX) return undefined;
    const m = JSON.parse(buf.subarray(0, n).toString('utf8')) as Partial<SpillMeta>;
    const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    if (!m || typeof m !== 'object' || !count(m.bytes) || !count(m.lines) || !['json', 'toon', 'text'].includes(m.format as string)) return undefined;
    return {
      file: '', bytes: m.bytes!, lines: m.lines!, estimatedTokens: estimateTokens(m.bytes!), format: m.format!,
      createdAt: typeof m.createdAt === 'string' ? m.createdAt.slice(0, 40) : '',
      ...(typeof m.tool === 'string' ? { tool: m.tool.slice(0, 200) } : {}),
      ...(typeof m.connection === 'string' ? { connection: m.connection.slice(0, 200) } : {}),
    };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Streaming writer that counts bytes and lines as it goes, so `stat` later costs nothing. */
export class SpillWriter {
  private bytes = 0;
  private lines = 0;
  private lastByte = -1;
  private fd: number;
  /** From open to end(): its size and the file's name only, never what it holds. */
  private readonly span: OpenSpan;

  constructor(
    readonly file: string,
    private readonly format: SpillFormat,
    private readonly extra: Pick<SpillMeta, 'tool' | 'connection'> = {},
  ) {
    // 'wx': never follow or replace something already there; 0600: private to this user.
    this.fd = openSync(file, 'wx', 0o600);
    this.span = openSpan('spill', { 'mini_a.spill.file': path.basename(file), 'mini_a.spill.format': format, 'gen_ai.tool.name': extra.tool, 'mini_a.connection': extra.connection });
  }

  /** Appends a chunk (string as UTF-8, or raw bytes). */
  write(chunk: string | Buffer): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (!buf.length) return;
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
    this.bytes += buf.length;
    let i = buf.indexOf(10);
    while (i !== -1) {
      this.lines++;
      i = buf.indexOf(10, i + 1);
    }
    this.lastByte = buf[buf.length - 1]!;
  }

  /** Closes the file and records its metadata beside it. */
  end(): SpillMeta {
    closeSync(this.fd);
    // A last line without a trailing newline still counts as a line.
    const lines = this.lines + (this.bytes > 0 && this.lastByte !== 10 ? 1 : 0);
    const meta: SpillMeta = { file: this.file, bytes: this.bytes, lines, estimatedTokens: estimateTokens(this.bytes), format: this.format, createdAt: new Date().toISOString(), ...this.extra };
    try {
      const fd = openSync(metaPath(this.file), 'w', 0o600);
      writeSync(fd, JSON.stringify(meta));
      closeSync(fd);
    } catch (e) {
      log.debug(`spill: could not record metadata for ${this.file}: ${(e as Error).message}`);
    }
    this.span.end({ 'mini_a.spill.bytes': this.bytes, 'mini_a.spill.lines': lines });
    return meta;
  }

  /** Gives up on a write that failed: closes the file and ends its span as failed. */
  abandon(e: unknown): void {
    try {
      closeSync(this.fd);
    } catch {
      // Already closed or never usable: nothing more to release.
    }
    this.span.fail((e as NodeJS.ErrnoException)?.code ?? 'write_error', (e as Error)?.message);
    this.span.end();
  }
}

/**
 * One private directory of temp files per process (0700, files 0600). Removed at exit, Ctrl-C,
 * SIGTERM and crashes, unless `keep` or an explicit `dir` (spilldir=) asks to keep it.
 */
export class SpillStore {
  private readonly metas = new Map<string, SpillMeta>();
  private removed = false;
  /** Files this process wrote (not those it only read back). */
  private written = 0;

  private constructor(
    readonly dir: string,
    readonly kept: boolean,
  ) {}

  /** Makes the store's directory and registers its cleanup. */
  static async create(o: SpillStoreOptions = {}): Promise<SpillStore> {
    if (o.dir) {
      const d = path.resolve(o.dir);
      mkdirSync(d, { recursive: true, mode: 0o700 });
      const store = new SpillStore(await fs.realpath(d), true);
      return store;
    }
    const t = await tmpDir({ prefix: 'mini-a-spill-', mode: 0o700 });
    const store = new SpillStore(await fs.realpath(t.path), !!o.keep);
    if (!store.kept) {
      // Shutdown hooks cover every death but SIGKILL; the reaper covers that one.
      reaperWatchDir(store.dir);
      onShutdown(() => store.cleanup());
      onExitSync(() => store.cleanupSync());
    }
    return store;
  }

  /** Announces kept files on stderr (once, at the end of a run). */
  announceKept(): void {
    if (this.kept && this.written) process.stderr.write(`mini-a: ${this.written} spill file(s) kept in ${this.dir}\n`);
  }

  private newName(kind: 'result' | 'args'): string {
    const stamp = Date.now().toString(36);
    return path.join(this.dir, `mini-a-proxy-${kind}-${stamp}-${randomBytes(5).toString('hex')}.json`);
  }

  /** Starts a new spill file. */
  writer(kind: 'result' | 'args', format: SpillFormat, extra: Pick<SpillMeta, 'tool' | 'connection'> = {}): SpillWriter {
    if (this.removed) throw new Error('spill store is closed');
    this.written++;
    return new SpillWriter(this.newName(kind), format, extra);
  }

  /** Writes a whole text as one spill file. */
  writeText(kind: 'result' | 'args', text: string, format: SpillFormat, extra: Pick<SpillMeta, 'tool' | 'connection'> = {}): SpillMeta {
    const w = this.writer(kind, format, extra);
    let meta: SpillMeta;
    try {
      w.write(text);
      meta = w.end();
    } catch (e) {
      w.abandon(e);
      throw e;
    }
    this.metas.set(meta.file, meta);
    return meta;
  }

  /** Registers a file written through `writer()` (so `stat` is free). */
  remember(meta: SpillMeta): void {
    this.metas.set(meta.file, meta);
  }

  /**
   * Resolves a path the model gave to a file of this store, or says why not: it must be inside the
   * store's directory (no `..`, no symlink out) and be named like a spill file.
   */
  resolve(p: string): string {
    if (typeof p !== 'string' || !p) throw new PathRefused('resultFile is empty');
    const real = confinePath(p, [this.dir], this.dir);
    if (!NAME.test(path.basename(real))) {
      throw new PathRefused(`'${p}' refused: only spill files (mini-a-proxy-result-*.json / mini-a-proxy-args-*.json) of this store can be read`);
    }
    return real;
  }

  /** True when `p` is a spill file of this store. */
  owns(p: string): boolean {
    try {
      this.resolve(p);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Metadata of a spill file: recorded at write time, or (kept file from another process) read from
   * its sidecar. Only regular files are spill files: a FIFO, device or directory placed in the
   * directory is refused here, before anything opens it (opening a FIFO waits for a writer).
   */
  meta(file: string): SpillMeta {
    const st = lstatSync(file);
    if (!st.isFile()) throw notRegular(file, st);
    const known = this.metas.get(file);
    if (known) return known;
    let meta = readSidecar(metaPath(file));
    if (!meta || meta.bytes !== st.size) {
      meta = { file, bytes: st.size, lines: -1, estimatedTokens: estimateTokens(st.size), format: 'text', createdAt: st.mtime.toISOString() };
    }
    meta.file = file;
    this.metas.set(file, meta);
    return meta;
  }

  /** Removes the directory and everything in it (not for kept stores). */
  async cleanup(): Promise<void> {
    if (this.kept || this.removed) return;
    this.removed = true;
    await fs.rm(this.dir, { recursive: true, force: true });
    reaperForgetDir(this.dir);
  }

  /** Synchronous twin of cleanup, for process 'exit'. */
  cleanupSync(): void {
    if (this.kept || this.removed) return;
    this.removed = true;
    rmSync(this.dir, { recursive: true, force: true });
    reaperForgetDir(this.dir);
  }
}
