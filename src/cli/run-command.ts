import { loadConnections, type ConnectionSpec } from '../config/index.js';
import { toSpec } from '../config/spec.js';
import { UsageError } from '../util/errors.js';
import type { Options } from './options.js';

/** The connections of a mini-a run: mcp= and mcpconfig=, plus the bundled utils server with useutils=true. */
export function runSpecs(o: Options): ConnectionSpec[] {
  const specs = loadConnections(o);
  if (o.useutils) specs.push(toSpec({ bundled: 'utils', args: ['--root', process.cwd()], name: 'utils' }, 'useutils'));
  return specs;
}

/** The model, when one is configured; none is not an error for dispatch= (sampling is then not offered). */
async function optionalModel(o: Options) {
  const { resolveModel } = await import('../agent/model-config.js');
  try {
    return resolveModel(o);
  } catch (e) {
    if (e instanceof UsageError && e.message.startsWith('no model configured')) return undefined;
    throw e;
  }
}

/** mini-a's default command: dispatch=, goal=, goals= or auth=; returns the exit code. Each path loads only its own modules. */
export async function runMiniA(o: Options): Promise<number> {
  const jobs = [o.dispatch && 'dispatch=', o.goal && 'goal=', o.goals && 'goals=', o.auth && 'auth='].filter(Boolean);
  if (!jobs.length) throw new UsageError('nothing to do: give dispatch=\'{"action":"list"}\' (no model needed), goal="…", goals=FILE or auth=SERVER (see --help)');
  if (jobs.length > 1) throw new UsageError(`give one of dispatch=, goal=, goals= or auth=, not ${jobs.join(' and ')}`);
  const specs = runSpecs(o);
  if (o.auth) return (await import('./auth-command.js')).runAuthCommand(o.auth, specs);
  const { localClientHooks } = await import('./local-client.js');
  if (o.dispatch) {
    if (o.usedaemon || o.keepalive) {
      const viaDaemon = await (await import('./daemon-client.js')).dispatchViaDaemon(o, specs);
      if (viaDaemon !== undefined) return viaDaemon;
    }
    const { createRuntime } = await import('./runtime.js');
    const { runDispatchCommand } = await import('./dispatch-command.js');
    // No agent here, but a configured model still answers servers' sampling requests.
    const rt = await createRuntime(o, specs, { hooks: localClientHooks(o, await optionalModel(o)) });
    return runDispatchCommand(rt, o.dispatch, o.format === 'pretty');
  }
  const { checkAgentOptions, runAgentCommand } = await import('./agent-command.js');
  const { resolveModel } = await import('../agent/model-config.js');
  // Everything that can be wrong with the input is found before a server starts.
  checkAgentOptions(o);
  const model = resolveModel(o);
  const { createRuntime } = await import('./runtime.js');
  const rt = await createRuntime(o, specs, { hooks: localClientHooks(o, model) });
  return runAgentCommand(rt, o, model);
}
