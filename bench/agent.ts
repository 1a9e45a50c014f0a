/**
 * An agent task whose tool returns 200 KB: prompt tokens sent to the model when the result spills
 * (the model greps it) vs when it comes back inline; and tool-definition tokens, proxy vs direct.
 * The model is the scripted OpenAI-compatible server of the tests (no LLM here), driven through the
 * real `openai` client; prompt tokens are counted exactly (o200k_base) on what was sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Llm } from '../src/agent/llm.js';
import { runAgent } from '../src/agent/run-agent.js';
import { parseMcpOption } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Pool } from '../src/mcp/pool.js';
import { SpillStore } from '../src/spill/store.js';
import { countTokens } from '../src/util/tokens.js';
import { lastResult, startFakeLlm, type ChatRequest } from '../test/helpers/fake-llm.js';
import { report, SERVERS } from './util.js';

async function run(threshold: number, mode: { proxy: boolean }, log: string, dir: string) {
  const call = (args: unknown) => ({ toolCalls: [{ name: mode.proxy ? 'proxy-dispatch' : 'read_text_file', arguments: args }] });
  const read = mode.proxy ? { action: 'call', tool: 'read_text_file', arguments: { path: log } } : { path: log };
  const llm = await startFakeLlm((req: ChatRequest, n: number) => {
    if (n === 0) return call(read);
    const last = lastResult(req);
    if (last.resultFile && n === 1) return call({ action: 'readresult', resultFile: last.resultFile, op: 'grep', pattern: 'ERROR', lines: 5 });
    return { content: 'done' };
  });
  // The filesystem server works within the client's roots: offer it the task's directory.
  const pool = new Pool(parseMcpOption(`(cmd: '${SERVERS.filesystem(dir)}')`), { hooks: new LocalClientHooks({ roots: [dir], elicit: 'decline' }) });
  const spill = await SpillStore.create();
  const dispatcher = new Dispatcher(pool, { threshold, toon: false, argsRoots: [dir], spill });
  try {
    const r = await runAgent('How many ERROR lines are in app.log?', new Llm({ model: 'bench', apiKey: 'k', baseURL: llm.url, timeoutMs: 60_000, maxRetries: 0 }), dispatcher, pool, { ...mode, useTools: true, maxSteps: 5 });
    if (r.error) throw new Error(r.error);
    const prompt = llm.requests.reduce((n, q) => n + countTokens(JSON.stringify(q.messages)) + (q.tools ? countTokens(JSON.stringify(q.tools)) : 0), 0);
    return { prompt, requests: llm.requests.length, savings: r.savings };
  } finally {
    await llm.close();
    await pool.close();
    await spill.cleanup();
  }
}

export async function benchAgent(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-agent-'));
  const log = path.join(dir, 'app.log');
  const lines: string[] = [];
  for (let i = 0; Buffer.byteLength(lines.join('\n')) < 200 * 1024; i++) lines.push(`2026-11-22T10:00:${String(i % 60).padStart(2, '0')}Z ${i % 97 === 0 ? 'ERROR' : 'INFO'} worker-${i % 8} handled request ${i} in ${i % 300} ms`);
  writeFileSync(log, lines.join('\n') + '\n');
  let inline, spilled, direct;
  try {
    inline = await run(0, { proxy: true }, log, dir);
    spilled = await run(16_000, { proxy: true }, log, dir);
    direct = await run(0, { proxy: false }, log, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const fewer = 1 - spilled.prompt / inline.prompt;
  const t = spilled.savings.toolDefinitions;
  report('agent task whose tool returns 200 KB (prompt tokens over the whole run, o200k_base)', [
    ['result inline', `${inline.prompt} tokens in ${inline.requests} requests`],
    ['result spilled, then grepped', `${spilled.prompt} tokens in ${spilled.requests} requests`],
    ['spill vs inline', `${(100 * fewer).toFixed(1)}% fewer (goal ≥ 95%: ${fewer >= 0.95 ? 'met' : 'NOT met'}), ratio ${(spilled.prompt / inline.prompt).toFixed(3)}×`],
    ['tool definitions per request', `proxy ${t.sentPerRequest} vs direct ${direct.savings.toolDefinitions.sentPerRequest} tokens (filesystem's ${direct.savings.toolDefinitions.toolsCounted} tools), ratio ${(t.sentPerRequest / direct.savings.toolDefinitions.sentPerRequest).toFixed(2)}×`],
  ]);
}
