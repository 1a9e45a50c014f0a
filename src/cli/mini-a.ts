#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveModel, type ModelConfig } from '../agent/model-config.js';
import { loadConnections } from '../config/index.js';
import { toSpec } from '../config/spec.js';
import { UsageError } from '../util/errors.js';
import { checkAgentOptions, runAgentCommand } from './agent-command.js';
import { runAuthCommand } from './auth-command.js';
import { runDispatchCommand } from './dispatch-command.js';
import { parseArgs } from './parse.js';
import { answeredInfo, configureLogging, runProgram, VERSION } from './run.js';
import { localClientHooks } from './local-client.js';
import { createRuntime } from './runtime.js';

/** The model, when one is configured; none is not an error for dispatch=. */
function optionalModel(o: Parameters<typeof resolveModel>[0]): ModelConfig | undefined {
  try {
    return resolveModel(o);
  } catch (e) {
    if (e instanceof UsageError && e.message.startsWith('no model configured')) return undefined;
    throw e;
  }
}

/** The bundled file utilities server, for useutils=true. */
const UTILS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../mcps/utils.js');

await runProgram('mini-a', async () => {
  const o = parseArgs(process.argv.slice(2), 'mini-a');
  if (answeredInfo('mini-a', o)) return 0;
  configureLogging(o);
  const jobs = [o.dispatch && 'dispatch=', o.goal && 'goal=', o.goals && 'goals=', o.auth && 'auth='].filter(Boolean);
  if (!jobs.length) throw new UsageError('nothing to do: give dispatch=\'{"action":"list"}\' (no model needed), goal="…", goals=FILE or auth=SERVER (see --help)');
  if (jobs.length > 1) throw new UsageError(`give one of dispatch=, goal=, goals= or auth=, not ${jobs.join(' and ')}`);
  const specs = loadConnections(o);
  if (o.auth) return runAuthCommand(o.auth, specs);
  if (o.useutils) specs.push(toSpec({ command: process.execPath, args: [UTILS, '--root', process.cwd()], name: 'utils' }, 'useutils'));
  if (o.dispatch) {
    // No agent here, but a configured model still answers servers' sampling requests.
    const rt = await createRuntime(o, specs, { hooks: localClientHooks(o, optionalModel(o)) });
    return runDispatchCommand(rt, o.dispatch, o.format === 'pretty');
  }
  // Everything that can be wrong with the input is found before a server starts.
  checkAgentOptions(o);
  const model = resolveModel(o);
  const rt = await createRuntime(o, specs, { hooks: localClientHooks(o, model) });
  return runAgentCommand(rt, o, model);
});
