import { DEFAULT_MAX_BYTES, MAX_ANSWER_BYTES, readResult } from '../../spill/readresult.js';
import { errorMessage } from '../../util/errors.js';
import type { DispatchContext, DispatchEvent, DispatchResponse } from '../context.js';
import { DispatchError, type ReadResultRequest } from '../request.js';
import { valueAnswer } from '../spill-answer.js';

/** action=readresult: part of a spilled result, inline; a query result too big for that goes to a new file. */
export async function readresult(ctx: DispatchContext, req: ReadResultRequest, ev?: DispatchEvent): Promise<DispatchResponse> {
  const store = ctx.opts.spill;
  if (!store) throw new DispatchError('readresult: there is no spill store here');
  const file = store.resolve(req.resultFile);
  let res: Record<string, unknown>;
  try {
    res = await readResult(store, file, req);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DispatchError(`resultFile '${req.resultFile}' does not exist (spill files are removed when the process that made them ends, unless spilldir= or keepresults=true)`);
    throw new DispatchError(errorMessage(e));
  }
  if (req.op !== 'query') return res;
  // A query's result is bounded like any read (maxBytes, default 64 KB, never over the answer
  // cap) and by the spill threshold; over that it goes to a new file.
  const budget = req.maxBytes === undefined ? DEFAULT_MAX_BYTES : req.maxBytes === 0 ? MAX_ANSWER_BYTES : Math.min(req.maxBytes, MAX_ANSWER_BYTES);
  const threshold = ctx.opts.threshold > 0 ? Math.min(budget, ctx.opts.threshold) : budget;
  const { result, ...head } = res;
  const meta = store.meta(file);
  return valueAnswer(ctx, head, result, { resultToFile: false, threshold, origin: { tool: meta.tool ?? 'readresult', connection: meta.connection ?? '' } }, ev);
}
