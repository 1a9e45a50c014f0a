import { parse as parseYaml } from 'yaml';
import { readUserFile } from '../util/files.js';
import { UsageError, errorMessage, didYouMean } from '../util/errors.js';

/** One goal of a batch, with the options it may override. */
export interface GoalSpec {
  goal: string;
  maxsteps?: number;
  model?: string;
  usetools?: boolean;
  mcpproxy?: boolean;
}

const PER_GOAL = ['goal', 'maxsteps', 'model', 'usetools', 'mcpproxy'];

function toSpec(v: unknown, where: string): GoalSpec {
  if (typeof v === 'string') {
    if (!v.trim()) throw new UsageError(`${where}: empty goal`);
    return { goal: v };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UsageError(`${where}: a goal is a string or a map with "goal"`);
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!PER_GOAL.includes(k)) {
      throw new UsageError(`${where}: unknown key '${k}'${didYouMean(k, PER_GOAL)}; allowed: ${PER_GOAL.join(', ')}`);
    }
  }
  if (typeof o.goal !== 'string' || !o.goal.trim()) throw new UsageError(`${where}: "goal" must be a non-empty string`);
  if (o.maxsteps !== undefined && (!Number.isInteger(o.maxsteps) || (o.maxsteps as number) < 1)) throw new UsageError(`${where}: "maxsteps" must be a whole number ≥ 1`);
  if (o.model !== undefined && typeof o.model !== 'string') throw new UsageError(`${where}: "model" must be a string`);
  for (const b of ['usetools', 'mcpproxy']) if (o[b] !== undefined && typeof o[b] !== 'boolean') throw new UsageError(`${where}: "${b}" must be true or false`);
  return o as unknown as GoalSpec;
}

/**
 * Reads a goals file: one goal per line (blank lines and # comments skipped), or a JSON or YAML
 * list of goals, each a string or `{goal, maxsteps?, model?, usetools?, mcpproxy?}`.
 */
export function loadGoals(file: string): GoalSpec[] {
  const text = readUserFile('goals', file);
  const firstLine = text.split('\n').find((l) => l.trim() && !l.trim().startsWith('#'))?.trim() ?? '';
  let list: unknown;
  if (/\.json$/i.test(file) || firstLine.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`goals: '${file}' is not valid JSON: ${errorMessage(e)}`);
    }
  } else if (/\.ya?ml$/i.test(file) || firstLine.startsWith('- ')) {
    try {
      list = parseYaml(text);
    } catch (e) {
      throw new UsageError(`goals: '${file}' is not valid YAML: ${errorMessage(e).split('\n')[0]}`);
    }
  } else {
    list = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  }
  if (!Array.isArray(list)) throw new UsageError(`goals: '${file}' must hold a list of goals`);
  const goals = list.map((g, i) => toSpec(g, `goals ${file} #${i + 1}`));
  if (!goals.length) throw new UsageError(`goals: '${file}' has no goals`);
  return goals;
}

/** Parses `shard=i/n` (0 ≤ i < n). */
export function parseShard(s: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  if (!m) throw new UsageError(`shard must look like i/n, e.g. shard=0/4 (got '${s}')`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index >= count) throw new UsageError(`shard ${s}: need 0 ≤ i < n (shards are numbered from 0, like a Kubernetes Indexed Job)`);
  return { index, count };
}

/** The contiguous slice of `n` items that shard i/count runs, as [start, end). */
export function shardRange(n: number, shard: { index: number; count: number }): [number, number] {
  return [Math.floor((shard.index * n) / shard.count), Math.floor(((shard.index + 1) * n) / shard.count)];
}

/** Runs `work` over items with at most `concurrency` at a time; results come back in item order. */
export async function mapConcurrent<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>, onDone?: (r: R, i: number) => void): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
      onDone?.(out[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return out;
}
