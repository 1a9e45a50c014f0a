import type { ModelConfig } from '../agent/model-config.js';
import { LocalClientHooks } from '../mcp/local-hooks.js';
import type { Options } from './options.js';

/**
 * mini-a's answers to what servers ask of it: roots (roots= or the working directory),
 * elicitation (elicit=), and sampling by the configured model when there is one (the model
 * client is loaded only when a server first asks).
 */
export function localClientHooks(o: Options, model: ModelConfig | undefined): LocalClientHooks {
  const say = (line: string) => {
    if (!o.quiet) process.stderr.write(`[mini-a] ${line}\n`);
  };
  let llm: Promise<import('../agent/llm.js').Llm> | undefined;
  return new LocalClientHooks({
    elicit: o.elicit as 'ask' | 'defaults' | 'decline' | undefined,
    roots: o.roots?.split(',').filter(Boolean),
    sampler: model
      ? async (server, params, signal) => {
          llm ??= import('../agent/llm.js').then(({ Llm }) => new Llm(model));
          const { sample } = await import('../agent/sampling.js');
          return sample(await llm, server, params, o.samplingmaxtokens, say, signal);
        }
      : undefined,
  });
}
