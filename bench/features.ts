/**
 * What each of issue 18's features costs a call: p50 of `echo` through the dispatcher with no
 * policy (baseline), with config rules, with a client's token rules, and with the result cache
 * (a miss every time, and a hit every time), interleaved over the same servers so that all see the
 * same machine load.
 */
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher, type RequestContext } from '../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Policy, type Access } from '../src/mcp/policy.js';
import { Pool } from '../src/mcp/pool.js';
import { ResultCache } from '../src/mcp/result-cache.js';
import { ms, nm, pct, report } from './util.js';

type Case = { name: string; d: Dispatcher; pool: Pool; rc?: RequestContext; args: (i: number) => Record<string, unknown>; samples: number[] };

export async function benchFeatures(n = 1000): Promise<void> {
  const everything = nm('@modelcontextprotocol/server-everything/dist/index.js');
  const make = (o: { policy?: Policy; cache?: ResultCache; rules?: string }) => {
    const pool = new Pool(parseMcpOption(`(cmd: 'node ${everything}'${o.rules ?? ''})`), { hooks: new LocalClientHooks({ elicit: 'decline' }), ...(o.policy ? { policy: o.policy } : {}), ...(o.cache ? { cache: o.cache } : {}) });
    return { pool, d: new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [] }) };
  };
  const token: Access = { name: 'bench', servers: ['everything'], tools: { allow: ['echo', 'get-*'], deny: ['get-env'] } };
  const echo = (i: number) => ({ action: 'call', tool: 'echo', arguments: { message: `hello ${i}` } });
  const cases: Case[] = [
    { name: 'no policy, no cache (baseline)', ...make({}), args: echo, samples: [] },
    { name: "config rules (global allow + server deny)", ...make({ policy: new Policy({ allow: ['everything/*'] }), rules: ", tools: (deny: ['get-env', 'gzip-*'])" }), args: echo, samples: [] },
    { name: "a token's rules (servers, allow, deny)", ...make({}), args: echo, samples: [] },
    { name: 'result cache, every call a miss', ...make({ cache: new ResultCache({ ttlMs: 60_000, maxBytes: 32 << 20 }) }), args: echo, samples: [] },
    { name: 'result cache, every call a hit', ...make({ cache: new ResultCache({ ttlMs: 600_000, maxBytes: 32 << 20 }) }), args: () => echo(0), samples: [] },
  ];
  cases[2]!.rc = { access: token };
  for (const c of cases) await c.pool.connectAll();
  const once = async (i: number, record: boolean) => {
    for (const c of cases) {
      const t0 = process.hrtime.bigint();
      const r = await c.d.dispatch(c.args(i), c.rc);
      if (record) c.samples.push(ms(t0));
      if (r.isError) throw new Error(`${c.name}: ${String(r.error)}`);
    }
  };
  for (let i = 0; i < 200; i++) await once(i, false);
  for (let i = 0; i < n; i++) await once(i, true);
  await Promise.all(cases.map((c) => c.pool.close()));
  const base = pct(cases[0]!.samples, 50);
  report(`what each feature costs a call: ${n} echo calls each, p50 through the dispatcher`, cases.map((c) => {
    const p50 = pct(c.samples, 50);
    return [c.name, `p50 ${p50.toFixed(3)} ms  p95 ${pct(c.samples, 95).toFixed(3)} ms  (${p50 - base >= 0 ? '+' : ''}${(p50 - base).toFixed(3)} ms, ${(p50 / base).toFixed(2)}×)`];
  }));
}
