import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS } from '../src/dispatch/schema.js';
import { makeDispatcher, tempDir } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['action', 'query', 'connection', 'tool', 'uri', 'prompt', 'type', 'arguments', 'argumentsFile', 'meta', 'resultToFile', 'resultSizeThreshold', 'includeTools', 'includeInputSchema', 'includeAnnotations', 'refresh', 'limit', 'offset', 'resultFile', 'op', 'lines', 'fromLine', 'toLine', 'pattern', 'context', 'maxBytes'];
const JUNK_KEYS = ['', 'x', '__proto__', 'constructor', 'toString', 'Action', 'tool ', 'ñ', '💥'];
const STRINGS = ['', ' ', 'echo', 'get-sum', 'read_text_file', 'c1', 'c2', 'everything', 'list', 'call', 'tool', 'resource', 'prompt', 'grep', 'stat', '../../etc/passwd', '/etc/passwd', '(', '[', '.*', '{}', '{"message":"hi"}', 'x'.repeat(5000), '\u0000', 'test://static/resource/1', 'simple-prompt', 'read a file'];

describe('fuzzing proxy-dispatch', () => {
  let rt: Awaited<ReturnType<typeof makeDispatcher>>;
  beforeAll(async () => {
    rt = await makeDispatcher(`[(cmd: '${SERVERS.everything}'), (cmd: '${SERVERS.filesystem(tempDir())}'), (cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${tempDir()}/m.jsonl'))]`, { threshold: 200 });
    await rt.pool.connectAll();
  });
  afterAll(() => rt?.close());

  it('10,000 random argument objects: no crash, every answer a clear error or a valid result', async () => {
    const rand = rng(20261122);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const value = (depth = 0): unknown => {
      const r = rand();
      if (r < 0.3) return pick(STRINGS);
      if (r < 0.45) return pick([0, 1, -1, 3, 50, 1.5, 1e308, NaN, Number.MAX_SAFE_INTEGER + 2]);
      if (r < 0.55) return pick([true, false, 'true', 'false']);
      if (r < 0.6) return null;
      if (r < 0.65) return undefined;
      if (r < 0.8 && depth < 3) return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [pick([...KEYS, ...JUNK_KEYS, 'message', 'a', 'b', 'path']), value(depth + 1)]));
      if (depth < 3) return Array.from({ length: Math.floor(rand() * 3) }, () => value(depth + 1));
      return pick(STRINGS);
    };
    const request = (): unknown => {
      const r = rand();
      if (r < 0.03) return value(); // not even an object
      const o: Record<string, unknown> = {};
      if (rand() < 0.9) o.action = rand() < 0.85 ? pick(ACTIONS) : value();
      const n = Math.floor(rand() * 5);
      for (let i = 0; i < n; i++) o[rand() < 0.9 ? pick(KEYS) : pick(JUNK_KEYS)] = value();
      // Bias toward plausible calls so valid paths are exercised too.
      if (o.action === 'call' && rand() < 0.4) {
        o.tool = pick(['echo', 'get-sum', 'read_text_file', 'list_directory', 'read_graph']);
        o.arguments = rand() < 0.5 ? { message: pick(STRINGS) } : value();
      }
      return o;
    };
    let errors = 0;
    let ok = 0;
    for (let i = 0; i < 10_000; i++) {
      const req = request();
      let res: Record<string, unknown>;
      try {
        res = await rt.d(req);
      } catch (e) {
        throw new Error(`request ${i} threw: ${(e as Error).message}; request: ${JSON.stringify(req)?.slice(0, 300)}`);
      }
      expect(res && typeof res === 'object').toBe(true);
      if (res.isError) {
        errors++;
        const msg = String(res.error);
        // A clear error: a sentence, not a stack or an internal failure.
        expect(msg.length, JSON.stringify(req)).toBeGreaterThan(10);
        expect(msg, JSON.stringify(req)).not.toMatch(/internal error|\n\s+at |undefined is not|Cannot read prop/);
      } else {
        ok++;
        expect(ACTIONS).toContain(res.action);
        if (res.action === 'call') expect(res.content ?? res.resultFile).toBeTruthy();
        if (res.action === 'search') expect(Array.isArray(res.results)).toBe(true);
        if (res.action === 'list') expect(typeof res.total).toBe('number');
      }
    }
    expect(errors + ok).toBe(10_000);
    expect(ok).toBeGreaterThan(100);
    expect(rt.pool.connections.every((c) => c.state === 'ready')).toBe(true);
  }, 120_000);
});
