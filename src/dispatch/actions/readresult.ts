import { readResult } from '../../spill/readresult.js';
import { errorMessage } from '../../util/errors.js';
import type { DispatchContext, DispatchResponse } from '../context.js';
import { DispatchError, type ReadResultRequest } from '../request.js';

/** action=readresult: part of a spilled result, always inline. */
export async function readresult(ctx: DispatchContext, req: ReadResultRequest): Promise<DispatchResponse> {
  const store = ctx.opts.spill;
  if (!store) throw new DispatchError('readresult: there is no spill store here');
  const file = store.resolve(req.resultFile);
  try {
    return await readResult(store, file, req);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DispatchError(`resultFile '${req.resultFile}' does not exist (spill files are removed when the process that made them ends, unless spilldir= or keepresults=true)`);
    throw new DispatchError(errorMessage(e));
  }
}
