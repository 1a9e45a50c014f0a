import { parseCommandLine } from './parse.js';
import type { Bin } from './options.js';
import { tracingRequested } from '../util/tracing.js';
import { answeredInfo, configureLogging, runProgram, VERSION } from './run.js';

/**
 * A program after its entry: parses the command line (yargs, from the option table) and loads only
 * the modules of the command asked for.
 */
export async function main(bin: Bin, argv: string[], opts: { startParent?: number } = {}): Promise<never> {
  return runProgram(bin, async () => {
    const line = parseCommandLine(argv, bin);
    const o = line.options;
    if (line.command === 'completion') return 0; // yargs has printed the script or the completions
    if (answeredInfo(bin, o)) return 0;
    configureLogging(o);
    // The OpenTelemetry SDK is loaded only when an OTLP endpoint is set.
    if (tracingRequested()) await (await import('../util/tracing-setup.js')).startTracing(bin, VERSION);
    if (line.command === 'daemon') return (await import('./daemon-command.js')).runDaemonCommand(line.action, o);
    if (bin === 'mini-a-proxy') return (await import('./proxy-command.js')).runProxy(o, opts.startParent ?? process.ppid);
    return (await import('./run-command.js')).runMiniA(o);
  });
}
