import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redact } from '../src/util/redact.js';
import { parseMcpOption } from '../src/config/spec.js';
import { log, setLogLevel, setLogSink } from '../src/util/log.js';
import { runCli } from './helpers/cli.js';
import { ROOT } from './helpers/servers.js';

describe('redaction', () => {
  const [spec] = parseMcpOption(
    "(cmd: 'node srv.js --token=tok-SECRET-123 --api-key hunter2hunter2 sk-proj-abcdefghijklmnop', env: (GITHUB_TOKEN: 'ghp_aaaaaaaaaaaaaaaaaaaa', PORT: '3000'), name: s)",
  );
  const [remote] = parseMcpOption("(type: remote, url: 'https://user:p4ssw0rd-xyz@host.test/mcp?api_key=qk-998877665544', headers: (Authorization: 'Bearer bearer-value-1234', X-Custom: 'custom-header-value'))");

  it('masks env values, header values, URL credentials and token args in specs', () => {
    const text = JSON.stringify(redact([spec, remote]));
    for (const secret of ['tok-SECRET-123', 'hunter2hunter2', 'sk-proj-abcdefghijklmnop', 'ghp_aaaaaaaaaaaaaaaaaaaa', 'p4ssw0rd-xyz', 'qk-998877665544', 'bearer-value-1234', 'custom-header-value', '3000']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('GITHUB_TOKEN');
    expect(text).toContain('host.test');
  });

  it('scrubs registered secrets and token shapes from free text and errors', () => {
    const msg = 'spawn failed: env GITHUB_TOKEN=ghp_aaaaaaaaaaaaaaaaaaaa, header bearer-value-1234 and custom-header-value; key sk-live-0123456789abcdef';
    const out = redact(msg);
    expect(out).not.toMatch(/ghp_a|bearer-value|custom-header-value|sk-live-0123/);
    const e = redact(new Error(msg));
    expect(e).toBeInstanceOf(Error);
    expect(e.message).not.toContain('custom-header-value');
    expect(redact('Authorization: Bearer abc.def.ghi')).toBe('Authorization: Bearer ***');
  });

  it('is applied to every log line', () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    setLogLevel('debug');
    log.debug('header is custom-header-value and env is ghp_aaaaaaaaaaaaaaaaaaaa');
    setLogLevel('warn');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/custom-header-value|ghp_a/);
  });
});

describe('secrets in the space form: --api-key X, --token X, --password X (issue 14, item 11)', () => {
  it('redact masks the value after a secret-named flag in free text, without a registered secret', () => {
    expect(redact('spawn node srv.js --api-key abcd1 --token tk2 --password pw3 --verbose --port 80 ENOENT')).toBe(
      'spawn node srv.js --api-key *** --token *** --password *** --verbose --port 80 ENOENT',
    );
    expect(redact(`args: ['--api-key', 'abcd1'] and ["--client-secret","xy9"]`)).toBe(`args: ['--api-key', '***'] and ["--client-secret","***"]`);
    // A flag followed by another flag has no value to hide; prose words stay.
    expect(redact('--api-key --verbose; my-key is set')).toBe('--api-key --verbose; my-key is set');
  });

  const fixture = path.join(ROOT, 'test/fixtures/argv-echo-server.mjs');
  const values = ['k3yV4lue', 't0kV4l', 'pW9zq'];
  const mcp = `(cmd: 'node ${fixture} --api-key ${values[0]} --token ${values[1]} --password ${values[2]}')`;

  it('list output, the start error and debug log lines never show the values (the server echoes them on stderr)', () => {
    for (const req of ['{"action":"list"}', '{"action":"call","tool":"anything"}']) {
      const r = runCli([`dispatch=${req}`, `mcp=${mcp}`, 'debug=true']);
      // The server did fail and its stderr did reach both outputs: the test looks where the values would be.
      expect(r.stdout).toContain('values: *** *** ***');
      expect(r.stderr).toContain('[c1/argv-echo stderr] values: *** *** ***');
      for (const v of values) {
        expect(r.stdout, req).not.toContain(v);
        expect(r.stderr, req).not.toContain(v);
      }
    }
  });
});
