import { writeFileSync } from 'node:fs';
import { loadGoals, mapConcurrent, parseShard, shardRange, type GoalSpec } from '../agent/batch.js';
import { Llm } from '../agent/llm.js';
import type { ModelConfig } from '../agent/model-config.js';
import { runAgent, type AgentResult } from '../agent/run-agent.js';
import { formatSavings, savingsReport, proxyDefinitionTokens } from '../agent/savings.js';
import { UsageError } from '../util/errors.js';
import type { Options } from './options.js';
import type { Runtime } from './runtime.js';

function output(o: Options, text: string): void {
  if (o.outfile) writeFileSync(o.outfile, text);
  else process.stdout.write(text);
}

/** Runs `goal=` (one answer) or `goals=FILE` (JSON Lines); returns the exit code. */
export async function runAgentCommand(rt: Runtime, o: Options, model: ModelConfig): Promise<number> {
  const say = (line: string) => {
    if (!o.quiet) process.stderr.write(`[mini-a] ${line}\n`);
  };
  const llms = new Map<string, Llm>();
  const llmFor = (name?: string) => {
    const cfg = { ...model, model: name ?? model.model };
    if (!llms.has(cfg.model)) llms.set(cfg.model, new Llm(cfg));
    return llms.get(cfg.model)!;
  };
  const run = (g: GoalSpec, progress?: (l: string) => void) =>
    runAgent(g.goal, llmFor(g.model), rt.dispatcher, rt.pool, {
      proxy: g.mcpproxy ?? o.mcpproxy,
      useTools: g.usetools ?? o.usetools,
      maxSteps: g.maxsteps ?? o.maxsteps,
      progress,
    });

  if (o.goal) {
    const r = await run({ goal: o.goal }, say);
    if (!o.quiet) process.stderr.write(formatSavings(r.savings) + '\n');
    if (o.format === 'json' || o.format === 'pretty') {
      output(o, JSON.stringify(r, null, o.format === 'pretty' ? 2 : undefined) + '\n');
    } else if (r.answer !== undefined) {
      output(o, r.answer.endsWith('\n') ? r.answer : `${r.answer}\n`);
    }
    if (r.error) process.stderr.write(`mini-a: ${r.error}\n`);
    return r.error ? 1 : 0;
  }

  // Batch: a slice of the goals, N at a time, over one pool and one spill store.
  const all = loadGoals(o.goals!);
  const [start, end] = o.shard ? shardRange(all.length, parseShard(o.shard)) : [0, all.length];
  const goals = all.slice(start, end);
  say(`batch: ${goals.length} goal(s)${o.shard ? ` (shard ${o.shard}: #${start + 1}–#${end} of ${all.length})` : ''}, concurrency ${o.concurrency}`);
  const lines: string[] = [];
  let steps = 0;
  const results = await mapConcurrent(
    goals,
    o.concurrency,
    async (g, i) => {
      try {
        return await run(g, (l) => say(`#${start + i + 1} ${l}`));
      } catch (e) {
        // One goal's failure is its own; the batch goes on.
        return { goal: g.goal, error: (e as Error).message, steps: 0, toolCalls: 0, usage: { prompt: 0, completion: 0, total: 0 } } as unknown as AgentResult;
      }
    },
    (r, i) => {
      steps += r.steps;
      const line = JSON.stringify({ index: start + i, goal: r.goal, answer: r.answer ?? null, steps: r.steps, toolCalls: r.toolCalls, usage: r.usage, error: r.error ?? null });
      lines.push(line);
      if (!o.outfile) process.stdout.write(line + '\n');
    },
  );
  if (o.outfile) writeFileSync(o.outfile, lines.join('\n') + '\n');
  const failed = results.filter((r) => r.error).length;
  say(`batch: ${results.length - failed} answered, ${failed} failed`);
  if (!o.quiet) process.stderr.write(formatSavings(savingsReport(rt.pool, rt.dispatcher.stats, o.mcpproxy ? proxyDefinitionTokens() : 0, steps)) + '\n');
  return failed ? 1 : 0;
}

/** Checks the agent options before anything starts. */
export function checkAgentOptions(o: Options): void {
  if (o.goal && o.goals) throw new UsageError('give either goal= or goals=, not both');
  if (o.shard && !o.goals) throw new UsageError('shard= goes with goals=FILE');
  if (o.shard) parseShard(o.shard);
  if (o.goals) loadGoals(o.goals);
}
