import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDispatcher } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

let rt: Awaited<ReturnType<typeof makeDispatcher>>;
beforeAll(async () => {
  rt = await makeDispatcher(`[(cmd: '${SERVERS.shape}', name: shape), (cmd: '${SERVERS.everything}', name: everything)]`, { batchConcurrency: 3 });
});
afterAll(() => rt?.close());

describe('action=batch', () => {
  it('runs the calls concurrently, at most batchConcurrency at once, answers in order', async () => {
    await rt.d({ action: 'call', tool: 'inflight', arguments: { ms: 0, reset: true } });
    const calls = Array.from({ length: 9 }, () => ({ tool: 'inflight', arguments: { ms: 150 }, select: 'most' }));
    const r = await rt.d({ action: 'batch', calls: [...calls, { tool: 'echo', arguments: { message: 'last' } }] });
    expect(r).toMatchObject({ action: 'batch', total: 10, failed: 0 });
    const results = r.results as Array<Record<string, unknown>>;
    // Several ran side by side, never more than the cap.
    const most = Math.max(...results.slice(0, 9).map((x) => Number(x.result)));
    expect(most).toBe(3);
    expect(results[9]).toMatchObject({ tool: 'echo', connection: 'c2', content: [{ type: 'text', text: 'Echo: last' }] });
    expect(results[0]!.action).toBeUndefined();
  });

  it('a batch with a call that may change something runs in order, one at a time', async () => {
    await rt.d({ action: 'call', tool: 'inflight', arguments: { ms: 0, reset: true } });
    const calls = Array.from({ length: 4 }, () => ({ tool: 'inflight', arguments: { ms: 100 }, select: 'most' }));
    const r = await rt.d({ action: 'batch', calls: [...calls, { tool: 'fail' }] });
    const most = Math.max(...(r.results as Array<Record<string, unknown>>).slice(0, 4).map((x) => Number(x.result)));
    expect(most).toBe(1);
  });

  it('each call has its own result or error; one failing does not stop the others', async () => {
    const r = await rt.d({
      action: 'batch',
      calls: [
        { tool: 'records', arguments: { n: 3 }, select: 'records[*].name' },
        { tool: 'nosuchtool' },
        { tool: 'records', arguments: { n: 'three' } },
        { tool: 'fail' },
        'not an object',
        { action: 'list' },
        { tool: 'records', arguments: { n: 1 }, select: 'records[' },
        { tool: 'records', arguments: { n: 1 }, bogus: 1 },
        { tool: 'plain', arguments: { text: 'ok' } },
      ],
    });
    expect(r).toMatchObject({ total: 9, failed: 7 });
    const res = r.results as Array<Record<string, unknown>>;
    expect(res[0]).toEqual({ tool: 'records', connection: 'c1', result: ['rec-0', 'rec-1', 'rec-2'] });
    expect(res[1]).toMatchObject({ tool: 'nosuchtool', isError: true, error: expect.stringMatching(/unknown tool 'nosuchtool'/) });
    expect(res[2]).toMatchObject({ isError: true, error: expect.stringMatching(/invalid arguments for 'records'.*n/) });
    expect(res[3]).toMatchObject({ tool: 'fail', isError: true, content: [{ type: 'text', text: 'it went wrong' }] });
    expect(res[4]).toMatchObject({ isError: true, error: expect.stringMatching(/each call must be an object .* got string/) });
    expect(res[5]).toMatchObject({ isError: true, error: expect.stringMatching(/a batch holds calls only; drop 'action'/) });
    expect(res[6]).toMatchObject({ isError: true, error: expect.stringMatching(/select 'records\[' is not valid JMESPath/) });
    expect(res[7]).toMatchObject({ isError: true, error: expect.stringMatching(/unknown argument 'bogus'/) });
    expect(res[8]).toMatchObject({ tool: 'plain', content: [{ type: 'text', text: 'ok' }] });
  });

  it('spill rules apply per call and to the whole', async () => {
    const each = await rt.d({ action: 'batch', calls: [{ tool: 'records', arguments: { n: 200 }, resultToFile: true }, { tool: 'records', arguments: { n: 2 } }] });
    const [big, small] = each.results as Array<Record<string, unknown>>;
    expect(big).toMatchObject({ tool: 'records', autoSpilled: false });
    expect(JSON.parse(readFileSync(String(big!.resultFile), 'utf8')).records).toHaveLength(200);
    expect(small!.resultFile).toBeUndefined();
    // Under the threshold one by one, over it together: the whole answer goes to a file.
    const calls = Array.from({ length: 20 }, (_, i) => ({ tool: 'records', arguments: { n: 5, pad: i } }));
    const whole = await rt.d({ action: 'batch', calls, resultSizeThreshold: 4000 });
    expect(whole).toMatchObject({ action: 'batch', total: 20, failed: 0, autoSpilled: true });
    expect(whole.results).toBeUndefined();
    expect((whole.content as Array<{ text: string }>)[0]!.text).toContain('array of 20 items {tool: string, connection: string, content: {type: string, text: string}[]}');
    const back = await rt.d({ action: 'readresult', resultFile: whole.resultFile, op: 'query', select: '[19].content[0].text' });
    expect(JSON.parse(String(back.result)).records[0].note).toBe('x'.repeat(19));
  });

  it('refuses a batch that is not a list of calls', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /action=batch needs 'calls'/],
      [{ calls: {} }, /'calls' must be an array of calls/],
      [{ calls: [] }, /'calls' is empty/],
      [{ calls: Array.from({ length: 501 }, () => ({ tool: 'echo' })) }, /'calls' has 501 calls; the limit is 500/],
      [{ calls: [{ tool: 'echo' }], tool: 'echo' }, /'tool' does not go with action=batch/],
    ];
    for (const [req, err] of cases) {
      const r = await rt.d({ action: 'batch', ...req });
      expect(r.isError, JSON.stringify(req).slice(0, 80)).toBe(true);
      expect(String(r.error)).toMatch(err);
    }
  });
});
