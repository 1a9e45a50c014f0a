import { describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli/parse.js';
import { helpText } from '../src/cli/help.js';
import { usageError } from './helpers/usage.js';

const err = (argv: string[], bin: 'mini-a' | 'mini-a-proxy' = 'mini-a') => usageError(() => parseArgs(argv, bin));

describe('command-line options', () => {
  it('reads key=value and --key value alike, with defaults', () => {
    const a = parseArgs(['mcpproxy=false', 'mcpproxythreshold=2000', '--mcplazy', 'true', '--dispatch', '{"action":"list"}'], 'mini-a');
    expect(a).toMatchObject({ mcpproxy: false, mcpproxythreshold: 2000, mcplazy: true, dispatch: '{"action":"list"}', mcptimeout: 60000, format: 'text' });
    expect(parseArgs(['--debug'], 'mini-a').debug).toBe(true);
    expect(parseArgs(['--mcpproxytoon=yes'], 'mini-a').mcpproxytoon).toBe(true);
    expect(parseArgs(['mcp=[(cmd: \'node a.js --x=1\')]'], 'mini-a').mcp).toBe("[(cmd: 'node a.js --x=1')]");
  });

  it('suggests the nearest option for an unknown key', () => {
    expect(err(['mcpproxi=true'])).toBe("unknown option 'mcpproxi' — did you mean mcpproxy? (see --help)");
    expect(err(['--mcplazzy'])).toMatch(/did you mean mcplazy\?/);
    expect(err(['port=9'])).toMatch(/'port' is an option of mini-a-proxy/);
  });

  it('names the key and what is allowed on a wrong type', () => {
    expect(err(['mcptimeout=abc'])).toBe("mcptimeout must be a whole number ≥ 1 (got 'abc')");
    expect(err(['mcplazy=maybe'])).toBe("mcplazy must be true or false (got 'maybe')");
    expect(err(['format=xml'])).toBe("format must be one of text, json, pretty (got 'xml')");
    expect(err(['mcpproxythreshold=-1'])).toBe('mcpproxythreshold must be ≥ 0 (got -1)');
    expect(err(['mcp='])).toMatch(/mcp needs a value/);
    expect(err(['mcp=a', 'mcp=b'])).toMatch(/given more than once/);
    expect(err(['what time is it'])).toMatch(/unexpected argument 'what time is it'.*goal=/);
  });

  it('--help lists every option with a meaning, and the key examples', () => {
    const h = helpText('mini-a', '0.0.0');
    for (const k of ['mcp=', 'mcpconfig=', 'mcpproxy=', 'mcplazy=', 'mcpproxythreshold=', 'mcpproxytoon=', 'spilldir=', 'dispatch=', 'readresult']) expect(h).toContain(k);
    expect(helpText('mini-a-proxy', '0.0.0')).toContain('transport=stdio|http');
  });
});
