#!/usr/bin/env node
import { loadConnections } from '../config/index.js';
import { UsageError } from '../util/errors.js';
import { runDispatchCommand } from './dispatch-command.js';
import { helpText } from './help.js';
import { parseArgs } from './parse.js';
import { configureLogging, runProgram, VERSION } from './run.js';
import { createRuntime } from './runtime.js';

await runProgram('mini-a', async () => {
  const o = parseArgs(process.argv.slice(2), 'mini-a');
  if (o.help) {
    process.stdout.write(helpText('mini-a', VERSION));
    return 0;
  }
  if (o.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  configureLogging(o);
  if (!o.dispatch && !o.goal) {
    throw new UsageError('nothing to do: give dispatch=\'{"action":"list"}\' (no model needed) or goal="…" (see --help)');
  }
  if (o.dispatch && o.goal) throw new UsageError('give either dispatch= or goal=, not both');
  const specs = loadConnections(o);
  if (o.dispatch) {
    const rt = await createRuntime(o, specs);
    return runDispatchCommand(rt, o.dispatch, o.format === 'pretty');
  }
  throw new UsageError('goal= needs the agent, which is not built yet');
});
