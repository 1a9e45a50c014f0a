/**
 * Shaping results before they reach the model: multi-step tasks over real servers, done four ways
 * by the same scripted model (the OpenAI-compatible stand-in of the tests, driven through the
 * real `openai` client): step by step (every result enters the context), with `select`, with
 * `batch`, and with `run` (code mode). Prompt tokens are counted exactly (o200k_base) on what
 * was sent, over the whole run; round trips are model requests. Every way must reach the same,
 * correct answer (checked against the file system / the data), or the bench fails.
 *
 * A: 200 files in the filesystem server; which mention "needle", and how big are they?
 * B: a knowledge graph of 500 entities in the memory server; which are suppliers? (one field of
 *    500 records is needed). Step by step also runs as today's spill + grep, for comparison.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Llm } from '../src/agent/llm.js';
import { runAgent } from '../src/agent/run-agent.js';
import { parseMcpOption, uniqueNames } from '../src/config/spec.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import { LocalClientHooks } from '../src/mcp/local-hooks.js';
import { Pool } from '../src/mcp/pool.js';
import { SpillStore } from '../src/spill/store.js';
import { countTokens } from '../src/util/tokens.js';
import { startFakeLlm, type ChatRequest, type Reply } from '../test/helpers/fake-llm.js';
import { SERVERS } from './util.js';

type Script = (req: ChatRequest, n: number) => Reply;
type Row = { task: string; mode: string; prompt: number; requests: number; toolCalls: number; answer: string };

const FILES = 200;
const ENTITIES = 500;

/** The proxy-dispatch requests of one model turn. */
const turn = (...requests: Array<Record<string, unknown>>): Reply => ({ toolCalls: requests.map((r) => ({ name: 'proxy-dispatch', arguments: r })) });

/** The answers the agent gave the model for the tool calls of its last turn, parsed. */
function lastTools(req: ChatRequest): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let i = req.messages.length - 1; i >= 0 && req.messages[i]!.role === 'tool'; i--) out.unshift(JSON.parse(String(req.messages[i]!.content)));
  return out;
}
const textOf = (r: Record<string, unknown>) => (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
const sizeOf = (info: string) => Number(/^size: (\d+)/m.exec(info)?.[1]);

async function agent(task: string, mode: string, mcp: string, goal: string, script: Script, threshold = 0, roots: string[] = []): Promise<Row> {
  const llm = await startFakeLlm(script);
  const pool = new Pool(uniqueNames(parseMcpOption(mcp)), { hooks: new LocalClientHooks({ roots, elicit: 'decline' }) });
  const spill = await SpillStore.create();
  // Task A's script makes 221 calls: over the default of 100 (runcalls=300 here).
  const dispatcher = new Dispatcher(pool, { threshold, toon: false, argsRoots: roots, spill, runMaxCalls: 300 });
  try {
    const r = await runAgent(goal, new Llm({ model: 'bench', apiKey: 'k', baseURL: llm.url, timeoutMs: 120_000, maxRetries: 0 }), dispatcher, pool, { proxy: true, useTools: true, maxSteps: 10 });
    if (r.error) throw new Error(`${task}/${mode}: ${r.error}`);
    const prompt = llm.requests.reduce((n, q) => n + countTokens(JSON.stringify(q.messages)) + (q.tools ? countTokens(JSON.stringify(q.tools)) : 0), 0);
    return { task, mode, prompt, requests: llm.requests.length, toolCalls: r.toolCalls, answer: r.answer ?? '' };
  } finally {
    await llm.close();
    await pool.close();
    await spill.cleanup();
  }
}

/** Task A's four ways. Each script reads what the tools answered and decides from it. */
function filesScripts(dir: string): Record<string, Script> {
  const names = (listing: string) => listing.split('\n').filter((l) => l.startsWith('[FILE] ')).map((l) => l.slice(7));
  const p = (n: string) => path.join(dir, n);
  const answer = (pairs: Array<[string, number]>): Reply => ({ content: pairs.sort().map(([n, s]) => `${n} ${s}`).join('\n') });
  const sizeSelect = "to_number(split(split(content, '\n')[0], ': ')[1])";
  const list = { action: 'call', tool: 'list_directory', arguments: { path: dir } };
  // Each turn's state is the files named in the previous turn (kept across turns by the closure).
  const state = () => ({ files: [] as string[], hits: [] as string[] });
  const step = state();
  const sel = state();
  const bat = state();
  return {
    'step by step': (req, n) => {
      const last = lastTools(req);
      if (n === 0) return turn(list);
      if (n === 1) return turn(...(step.files = names(textOf(last[0]!))).map((f) => ({ action: 'call', tool: 'read_text_file', arguments: { path: p(f) } })));
      if (n === 2) return turn(...(step.hits = step.files.filter((_, i) => textOf(last[i]!).includes('needle'))).map((f) => ({ action: 'call', tool: 'get_file_info', arguments: { path: p(f) } })));
      return answer(step.hits.map((f, i) => [f, sizeOf(textOf(last[i]!))]));
    },
    select: (req, n) => {
      const last = lastTools(req);
      if (n === 0) return turn(list);
      if (n === 1) return turn(...(sel.files = names(textOf(last[0]!))).map((f) => ({ action: 'call', tool: 'read_text_file', arguments: { path: p(f) }, select: "contains(content, 'needle')" })));
      if (n === 2) return turn(...(sel.hits = sel.files.filter((_, i) => last[i]!.result === true)).map((f) => ({ action: 'call', tool: 'get_file_info', arguments: { path: p(f) }, select: sizeSelect })));
      return answer(sel.hits.map((f, i) => [f, Number(last[i]!.result)]));
    },
    batch: (req, n) => {
      const last = lastTools(req);
      if (n === 0) return turn(list);
      if (n === 1) return turn({ action: 'batch', calls: (bat.files = names(textOf(last[0]!))).map((f) => ({ tool: 'read_text_file', arguments: { path: p(f) }, select: "contains(content, 'needle')" })) });
      const results = last[0]!.results as Array<{ result: unknown }>;
      if (n === 2) return turn({ action: 'batch', calls: (bat.hits = bat.files.filter((_, i) => results[i]!.result === true)).map((f) => ({ tool: 'get_file_info', arguments: { path: p(f) }, select: sizeSelect })) });
      return answer(bat.hits.map((f, i) => [f, Number(results[i]!.result)]));
    },
    run: (req, n) => {
      if (n === 0) {
        return turn({
          action: 'run',
          code: `const dir = ${JSON.stringify(dir)};
const listing = await mcp.call('list_directory', { path: dir });
const files = listing.content.split('\\n').filter((l) => l.startsWith('[FILE] ')).map((l) => l.slice(7));
const out = [];
for (const f of files) {
  const { content } = await mcp.call('read_text_file', { path: dir + '/' + f });
  if (!content.includes('needle')) continue;
  const info = await mcp.call('get_file_info', { path: dir + '/' + f });
  out.push([f, Number(/^size: (\\d+)/m.exec(info.content)[1])]);
}
return out;`,
        });
      }
      const res = lastTools(req)[0]!;
      if (!Array.isArray(res.result)) throw new Error(`run failed: ${JSON.stringify(res).slice(0, 500)}`);
      return answer(res.result as Array<[string, number]>);
    },
  };
}

/** Task B's ways: the suppliers among 500 entities. */
function graphScripts(): Record<string, Script> {
  const answer = (names: string[]): Reply => ({ content: [...names].sort().join('\n') });
  const expr = "entities[?entityType=='supplier'].name";
  return {
    'step by step': (req, n) => {
      if (n === 0) return turn({ action: 'call', tool: 'read_graph' });
      const graph = JSON.parse(textOf(lastTools(req)[0]!)) as { entities: Array<{ name: string; entityType: string }> };
      return answer(graph.entities.filter((e) => e.entityType === 'supplier').map((e) => e.name));
    },
    'spill + grep (today)': (req, n) => {
      const last = lastTools(req);
      if (n === 0) return turn({ action: 'call', tool: 'read_graph' });
      if (n === 1) return turn({ action: 'readresult', resultFile: last[0]!.resultFile, op: 'grep', pattern: '"entityType": "supplier"', context: 1, lines: 1000 });
      // Pretty JSON: each match's name is on the line before it.
      const names = [...String(last[0]!.text).matchAll(/"name": "([^"]+)"/g)].map((m) => m[1]!);
      return answer(names);
    },
    select: (req, n) => (n === 0 ? turn({ action: 'call', tool: 'read_graph', select: expr }) : answer(lastTools(req)[0]!.result as string[])),
    run: (req, n) =>
      n === 0
        ? turn({ action: 'run', code: "const g = await mcp.call('read_graph', {});\nreturn g.entities.filter((e) => e.entityType === 'supplier').map((e) => e.name);" })
        : answer(lastTools(req)[0]!.result as string[]),
  };
}

function table(rows: Row[]): void {
  console.log('\n== shaping results: prompt tokens and round trips over the whole task (o200k_base, scripted model)');
  const head = ['task', 'way', 'prompt tokens', 'vs step by step', 'round trips', 'tool calls'];
  const lines = rows.map((r) => {
    const base = rows.find((x) => x.task === r.task && x.mode === 'step by step')!;
    const fewer = r === base ? '—' : `${(100 * (1 - r.prompt / base.prompt)).toFixed(1)}% fewer`;
    return [r.task, r.mode, String(r.prompt), fewer, String(r.requests), String(r.toolCalls)];
  });
  const w = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const l of [head, ...lines]) console.log(`  ${l.map((c, i) => (i >= 2 ? c.padStart(w[i]!) : c.padEnd(w[i]!))).join('  ')}`);
  console.log('  (B has no batch row: it is one call; batch is for many.)');
  for (const task of new Set(rows.map((r) => r.task))) {
    const base = rows.find((x) => x.task === task && x.mode === 'step by step')!;
    const run = rows.find((x) => x.task === task && x.mode === 'run')!;
    const fewer = 1 - run.prompt / base.prompt;
    console.log(`  ${task}: run vs step by step ${(100 * fewer).toFixed(1)}% fewer prompt tokens (goal ≥ 90%: ${fewer >= 0.9 ? 'met' : 'NOT met'})`);
  }
}

export async function benchShape(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-shape-'));
  const mem = mkdtempSync(path.join(tmpdir(), 'mini-a-bench-graph-'));
  try {
    // A: 200 files of about 1 KB; every tenth mentions the needle.
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron'.split(' ');
    const truthA: Array<[string, number]> = [];
    for (let i = 0; i < FILES; i++) {
      const name = `doc-${String(i).padStart(3, '0')}.txt`;
      const body = Array.from({ length: 150 + (i % 40) }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
      const text = i % 10 === 3 ? `${body.slice(0, 400)} needle ${body.slice(400)}` : body;
      writeFileSync(path.join(dir, name), text + '\n');
      if (text.includes('needle')) truthA.push([name, statSync(path.join(dir, name)).size]);
    }
    const goalA = `Which files in ${dir} mention "needle"? Give each with its size in bytes.`;
    const fsMcp = `(cmd: '${SERVERS.filesystem(dir)}')`;
    const rows: Row[] = [];
    for (const [mode, script] of Object.entries(filesScripts(dir))) rows.push(await agent(`A: ${FILES} files`, mode, fsMcp, goalA, script, 0, [dir]));
    const expectA = truthA.sort().map(([n, s]) => `${n} ${s}`).join('\n');

    // B: a knowledge graph of 500 entities, 1 in 20 a supplier.
    const memMcp = `(cmd: '${SERVERS.memory}', env: (MEMORY_FILE_PATH: '${path.join(mem, 'graph.jsonl')}'))`;
    const types = ['customer', 'product', 'warehouse', 'carrier'];
    const entities = Array.from({ length: ENTITIES }, (_, i) => ({
      name: `entity-${String(i).padStart(3, '0')}`,
      entityType: i % 20 === 7 ? 'supplier' : types[i % types.length]!,
      observations: [`registered in ${2000 + (i % 25)}`, `region ${['north', 'south', 'east', 'west'][i % 4]}`],
    }));
    {
      const pool = new Pool(uniqueNames(parseMcpOption(memMcp)));
      const d = new Dispatcher(pool, { threshold: 0, toon: false, argsRoots: [] });
      const r = await d.dispatch({ action: 'call', tool: 'create_entities', arguments: { entities } });
      await pool.close();
      if (r.isError) throw new Error(`could not build the graph: ${JSON.stringify(r).slice(0, 300)}`);
    }
    const expectB = entities.filter((e) => e.entityType === 'supplier').map((e) => e.name).sort().join('\n');
    const goalB = 'Which entities of the knowledge graph are suppliers?';
    for (const [mode, script] of Object.entries(graphScripts())) {
      // Today's way spills the graph (over a 16 KB threshold) and greps it; the others do not need to.
      rows.push(await agent(`B: ${ENTITIES} records`, mode, memMcp, goalB, script, mode.startsWith('spill') ? 16_000 : 0));
    }
    for (const r of rows) {
      const want = r.task.startsWith('A') ? expectA : expectB;
      if (r.answer !== want) throw new Error(`${r.task}/${r.mode}: wrong answer:\n${r.answer.slice(0, 300)}\nwanted:\n${want.slice(0, 300)}`);
    }
    table(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(mem, { recursive: true, force: true });
  }
}
