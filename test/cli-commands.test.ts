import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/parse.js';
import { runCli } from './helpers/cli.js';
import { BIN, ROOT } from './helpers/servers.js';
import { usageError } from './helpers/usage.js';

const err = (argv: string[]) => usageError(() => parseCommandLine(argv, 'mini-a'));

describe('commands (yargs)', () => {
  it('reads a command, its action and the same key=value / --key value options', () => {
    expect(parseCommandLine(['daemon', 'start', 'mcp=[(bundled: time)]', '--daemonidle', '5000'], 'mini-a')).toMatchObject({ command: 'daemon', action: 'start', options: { mcp: '[(bundled: time)]', daemonidle: 5000, mcplazy: false } });
    expect(parseCommandLine(['mcp=[(bundled: time)]', 'daemon'], 'mini-a')).toMatchObject({ command: 'daemon', action: undefined });
    expect(parseCommandLine(['dispatch={"action":"list"}'], 'mini-a')).toMatchObject({ command: 'run', options: { dispatch: '{"action":"list"}' } });
    expect(err(['daemon', 'restart'])).toBe("unexpected argument 'restart': options are key=value (daemon takes start, stop, status or options)");
    expect(err(['deamon'])).toBe("unexpected argument 'deamon': options are key=value (did you mean the command 'daemon'?)");
    expect(err(['daemon', 'mcpproxi=1'])).toBe("unknown option 'mcpproxi' — did you mean mcpproxy? (see --help)");
    expect(usageError(() => parseCommandLine(['daemon'], 'mini-a-proxy'))).toMatch(/^unexpected argument 'daemon'/);
  });

  it('a daemon refuses options of one call', () => {
    const r = runCli(['daemon', 'mcp=[(bundled: time)]', 'dispatch={"action":"list"}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('mini-a: dispatch= is not a daemon option: a daemon takes connection and spill options (mcp=, mcpconfig=, mcpproxythreshold=, daemonidle= …)\n');
  });

  it('--help lists the commands and examples; mini-a completion prints a script; completions are mini-a style', () => {
    const h = runCli(['--help']);
    expect(h.stdout).toMatch(/Commands:\n {2}mini-a daemon \[start\|stop\|status\] +keep the servers/);
    expect(h.stdout).toContain('mini-a completion');
    expect(h.stdout).toMatch(/Examples:[\s\S]*mini-a daemon start mcp="\[\(bundled: time\)\]"/);
    const script = runCli(['completion']);
    expect(script.code).toBe(0);
    expect(script.stdout).toMatch(/###-begin-mini-a-completions-###[\s\S]*mini-a --get-yargs-completions/);
    const complete = (...words: string[]) => runCli(['--get-yargs-completions', 'mini-a', ...words]).stdout.trim().split('\n');
    expect(complete('mcpl')).toEqual(['mcplazy=']);
    expect(complete('format=')).toEqual(['format=text', 'format=json', 'format=pretty']);
    expect(complete('mcplazy=t')).toEqual(['mcplazy=true']);
    expect(complete('da')).toEqual(['daemon', 'daemonidle=']);
    // The daemon's actions, and options that start the same way.
    expect(complete('daemon', 'st')).toEqual(expect.arrayContaining(['start', 'stop', 'status']));
    expect(complete('daemon', 'st').every((c) => c.startsWith('st'))).toBe(true);
    expect(complete('--usetoo')).toEqual(['--usetools']);
  });

  it('each path loads only its own modules: --version/--help nothing but the entry, dispatch= no model client and, over stdio, no remote transport or OAuth', () => {
    const loaded = (args: string[]) => {
      const r = spawnSync(process.execPath, ['--import', path.join(ROOT, 'bench/fixtures/count-modules.mjs'), BIN.miniA, ...args], { encoding: 'utf8', cwd: ROOT });
      const files = new Set(r.stderr.split('\n').filter((l) => l.startsWith('[loaded] file://')).map((l) => l.slice(16 + ROOT.length + 1)));
      return { code: r.status, stdout: r.stdout, files: [...files] };
    };
    const v = loaded(['--version']);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(v.files.sort()).toEqual(['dist/src/cli/fast.js', 'dist/src/cli/mini-a.js', 'dist/src/util/package.js']);
    expect(loaded(['--help']).files.sort()).toEqual(['dist/src/cli/fast.js', 'dist/src/cli/help.js', 'dist/src/cli/mini-a.js', 'dist/src/cli/options.js', 'dist/src/util/package.js']);
    const d = loaded(['dispatch={"action":"list","includeTools":false}', 'mcp=[(bundled: time)]', 'usedaemon=false']);
    expect(d.code).toBe(0);
    expect(d.files.some((f) => f.includes('@modelcontextprotocol/sdk/dist/esm/client'))).toBe(true);
    // Whether a model is configured (model-config, to offer sampling) is all dispatch= asks of the agent.
    for (const heavy of ['node_modules/openai/', 'node_modules/prom-client/', 'node_modules/yaml/', 'node_modules/gpt-tokenizer/', 'dist/src/agent/', 'dist/src/server/']) {
      expect(d.files.filter((f) => f.startsWith(heavy) && f !== 'dist/src/agent/model-config.js'), heavy).toEqual([]);
    }
    // A stdio-only run loads no remote transport and no OAuth.
    for (const remote of ['sdk/dist/esm/client/streamableHttp.js', 'sdk/dist/esm/client/sse.js', 'sdk/dist/esm/client/auth.js', 'dist/src/mcp/remote-transports.js', 'dist/src/mcp/oauth/']) {
      expect(d.files.filter((f) => f.includes(remote)), remote).toEqual([]);
    }
  });
});
