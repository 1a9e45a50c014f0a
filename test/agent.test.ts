import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from './helpers/cli.js';
import { lastResult, startFakeLlm, withFakeLlm, type ChatRequest } from './helpers/fake-llm.js';
import { tempDir } from './helpers/runtime.js';
import { SERVERS } from './helpers/servers.js';

const MCP = `mcp=[(cmd: '${SERVERS.crashy}'), (cmd: '${SERVERS.everything}')]`;
const env = (url: string) => ({ OPENAI_API_KEY: 'sk-test-key-123456', OPENAI_BASE_URL: url });
const call = (args: Record<string, unknown>) => ({ toolCalls: [{ name: 'proxy-dispatch', arguments: args }] });

describe('the agent with native tools (usetools=true)', () => {
  it('sees exactly one tool; search -> call with resultToFile -> stat -> grep -> answer, the payload never sent', async () => {
    let file = '';
    const llm = await startFakeLlm([
      call({ action: 'search', query: 'large text of numbered lines' }),
      (req) => {
        const r = lastResult(req) as { results: Array<{ tool: string; connection: string }> };
        return call({ action: 'call', tool: r.results[0]!.tool, connection: r.results[0]!.connection, arguments: { lines: 5000 }, resultToFile: true });
      },
      (req) => {
        file = String(lastResult(req).resultFile);
        return call({ action: 'readresult', resultFile: file, op: 'stat' });
      },
      () => call({ action: 'readresult', resultFile: file, op: 'grep', pattern: 'needle', lines: 3 }),
      (req) => ({ content: `There are ${lastResult(req).matchingLines} needle lines.` }),
    ]);
    try {
      const tmp = tempDir('mini-a-agent-');
      const r = await runCliAsync(['goal=how many needle lines are in the big text?', MCP, 'usetools=true', 'mcplazy=true', 'format=json'], { env: { ...env(llm.url), TMPDIR: tmp } });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.answer).toBe('There are 715 needle lines.');
      expect(out.steps).toBe(5);
      expect(out.toolCalls).toBe(4);
      for (const req of llm.requests) {
        expect(req.tools!.map((t) => t.function.name)).toEqual(['proxy-dispatch']);
        expect(req.model).toBe('gpt-4o-mini');
      }
      // The spilled payload (5000 lines) never reached the model: only a preview, a stat and 3 grep lines.
      const all = llm.rawBodies.join('\n');
      expect(all).not.toContain('line 4000:');
      expect(all).not.toContain('line 2500:');
      expect(Math.max(...llm.rawBodies.map((b) => b.length))).toBeLessThan(12_000);
      expect(out.savings.spills).toMatchObject({ count: 1 });
      expect(out.savings.spills.bytesKeptOut).toBeGreaterThan(200_000);
      expect(out.savings.largestUnseenResult).toMatchObject({ tool: 'big', connection: 'c1' });
      expect(out.savings.toolDefinitions.sentPerRequest).toBeLessThan(500);
      expect(out.usage.prompt).toBeGreaterThan(0);
      // The progress line gives the data's size (before the spill), not the preview's.
      const kb = Number(/step 2: call big @c1 -> ([\d.]+) KB spilled to \S+mini-a-proxy-result-/.exec(r.stderr)?.[1]);
      expect(kb).toBeGreaterThan(200);
      expect(r.stderr).toMatch(/savings: tool definitions \d+ tokens sent vs \d+ with direct registration/);
      // The run ended cleanly: temp files gone.
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      await llm.close();
    }
  });

  it('runs several tool calls of one turn and answers them in order', async () => {
    await withFakeLlm([
      {
        toolCalls: [
          { name: 'proxy-dispatch', arguments: { action: 'call', tool: 'echo', arguments: { message: 'first' } } },
          { name: 'proxy-dispatch', arguments: { action: 'search', query: 'add numbers' } },
          { name: 'proxy-dispatch', arguments: '{not json' },
          { name: 'proxy-dispatch', arguments: { action: 'call', tool: 'get-sum', arguments: { a: 1, b: 2 } } },
        ],
      },
      { content: 'done' },
    ], async (llm) => {
      const r = await runCliAsync(['goal=do four things', MCP, 'usetools=true', 'quiet=true'], { env: env(llm.url) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('done\n');
      expect(r.stderr).toBe('');
      const second = llm.requests[1]!;
      const asked = second.messages.find((m) => m.tool_calls)!.tool_calls!.map((c) => c.id);
      const answered = second.messages.filter((m) => m.role === 'tool');
      expect(answered.map((m) => m.tool_call_id)).toEqual(asked);
      expect(JSON.parse(answered[0]!.content!).content[0].text).toBe('Echo: first');
      expect(JSON.parse(answered[1]!.content!).results[0].tool).toBe('get-sum');
      expect(JSON.parse(answered[2]!.content!).error).toMatch(/not valid JSON/);
      expect(JSON.parse(answered[3]!.content!).content[0].text).toMatch(/3/);
    });
  });

  it('mcpproxy=false registers every downstream tool directly (the baseline)', async () => {
    await withFakeLlm([{ toolCalls: [{ name: 'echo', arguments: { message: 'direct' } }] }, (req) => ({ content: String(lastResult(req).content && (lastResult(req).content as Array<{ text: string }>)[0]!.text) })], async (llm) => {
      const r = await runCliAsync(['goal=echo direct', MCP, 'usetools=true', 'mcpproxy=false', 'format=json', 'quiet=true'], { env: env(llm.url) });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.answer).toBe('Echo: direct');
      const names = llm.requests[0]!.tools!.map((t) => t.function.name);
      expect(names.length).toBeGreaterThan(15);
      expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'crash', 'mirror']));
      expect(out.savings.toolDefinitions.sentPerRequest).toBe(out.savings.toolDefinitions.directPerRequest);
    });
  });
});

describe('the agent in text mode (usetools=false, the default)', () => {
  it('reads JSON actions from prose and code fences, and corrects malformed ones', async () => {
    await withFakeLlm([
      { content: 'Let me look.\n```json\n{"thought": "find it", "action": "proxy-dispatch", "params": {"action": "call", "tool": "echo", "arguments": {"message": "hi"}}}\n```\nThat should work.' },
      { content: 'I think the answer is obvious.' },
      { content: '{"thought": "flattened", "action": "call", "tool": "echo", "arguments": {"message": "flat"}}' },
      { content: '{"action": "final"}' },
      (req) => ({ content: `Sure: {"thought": "done", "action": "final", "answer": "the echo said ${JSON.stringify(req.messages).includes('Echo: hi') ? 'hi' : '?'}"} trailing words` }),
    ], async (llm) => {
      const r = await runCliAsync(['goal=say hi', MCP], { env: env(llm.url) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('the echo said hi\n');
      for (const req of llm.requests) expect(req.tools).toBeUndefined();
      expect(llm.requests[0]!.messages[0]!.content).toContain('"action": "<tool>"');
      expect(llm.requests[0]!.messages[0]!.content).toContain('proxy-dispatch');
      const afterProse = llm.requests[2]!.messages.at(-1)!.content!;
      expect(afterProse).toMatch(/^Your last reply could not be used: no JSON object was found in the reply\./);
      // A flattened gateway request is read as proxy-dispatch's arguments.
      expect(llm.requests[3]!.messages.at(-1)!.content).toMatch(/^Result of proxy-dispatch:\n\{"action":"call","tool":"echo".*Echo: flat/s);
      expect(llm.requests[4]!.messages.at(-1)!.content).toMatch(/could not be used: "final" needs "answer"/);
      expect(llm.requests[1]!.messages.at(-1)!.content).toMatch(/^Result of proxy-dispatch:\n\{"action":"call","tool":"echo"/);
    });
  });
});

describe('batch goals', () => {
  it('runs a shard with concurrency over one pool; one failing goal does not stop the others', async () => {
    const dir = tempDir('mini-a-batch-');
    const goals = path.join(dir, 'goals.yaml');
    writeFileSync(goals, ['- echo alpha', '- echo beta', '- goal: echo gamma', '  maxsteps: 2', '- echo FAIL', '- echo delta', '- echo epsilon'].join('\n'));
    let inFlight = 0;
    let maxInFlight = 0;
    const llm = await startFakeLlm((req: ChatRequest) => {
      const goal = String(req.messages[1]!.content);
      const word = goal.split(' ')[1]!;
      if (word === 'FAIL') return { status: 400 };
      if (req.messages.length === 2) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return { content: `{"action": "proxy-dispatch", "params": {"action": "call", "tool": "echo", "arguments": {"message": "${word}"}}}` };
      }
      inFlight--;
      return { content: `{"action": "final", "answer": "${(lastResult(req).content as Array<{ text: string }>)[0]!.text}"}` };
    });
    try {
      const out = path.join(dir, 'out.jsonl');
      const r = await runCliAsync([`goals=${goals}`, MCP, 'concurrency=3', 'shard=0/2', `outfile=${out}`, 'mcplazy=true'], { env: env(llm.url) });
      expect(r.code).toBe(0);
      const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.index, l.answer])).toEqual([[0, 'Echo: alpha'], [1, 'Echo: beta'], [2, 'Echo: gamma']]);
      expect(maxInFlight).toBeGreaterThan(1);
      const r2 = await runCliAsync([`goals=${goals}`, MCP, 'concurrency=2', 'shard=1/2', 'mcplazy=true'], { env: env(llm.url) });
      expect(r2.code).toBe(1);
      const lines2 = r2.stdout.trim().split('\n').map((l) => JSON.parse(l)).sort((a, b) => a.index - b.index);
      expect(lines2.map((l) => l.index)).toEqual([3, 4, 5]);
      expect(lines2[0].error).toMatch(/answered 400/);
      expect(lines2.slice(1).map((l) => l.answer)).toEqual(['Echo: delta', 'Echo: epsilon']);
      expect(r2.stderr).toContain('batch: 2 answered, 1 failed');
    } finally {
      await llm.close();
    }
  });

  it('bad batch input is a usage error before anything starts', async () => {
    const dir = tempDir('mini-a-batchbad-');
    writeFileSync(path.join(dir, 'g.json'), JSON.stringify([{ goal: 'x', maxstep: 3 }]));
    const env2 = { OPENAI_API_KEY: 'k' };
    const a = await runCliAsync([`goals=${path.join(dir, 'g.json')}`], { env: env2 });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/unknown key 'maxstep' \(did you mean 'maxsteps'\?\)/);
    const b = await runCliAsync([`goals=${path.join(dir, 'g.json')}`, 'shard=2/2'], { env: env2 });
    expect(b.stderr).toMatch(/shard 2\/2: need 0 ≤ i < n/);
  });
});

describe('model errors', () => {
  it('no model configured: exit 2 with a message naming every way to set one', async () => {
    const r = await runCliAsync(['goal=hi']);
    expect(r.code).toBe(2);
    for (const w of ['OPENAI_API_KEY', 'OAF_MODEL', 'model=']) expect(r.stderr).toContain(w);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  const cases: Array<[string, number, RegExp]> = [
    ['401', 401, /refused the API key \(401\): check OPENAI_API_KEY/],
    ['404', 404, /model 'gpt-4o-mini' was not found at http:\/\/127\.0\.0\.1:\d+\/v1 \(404\)/],
    ['429', 429, /rate-limiting \(429\) after 4 attempts/],
    ['503', 503, /failed \(503\) after 4 attempts/],
  ];
  it.each(cases)('HTTP %s: a clear message, retries where they help, and a clean end', async (_n, status, msg) => {
    await withFakeLlm([{ status, headers: { 'retry-after-ms': '5' } }], async (llm) => {
      const tmp = tempDir('mini-a-err-');
      const marker = `--marker-${process.pid}-${status}`;
      const r = await runCliAsync(['goal=hi', `mcp=[(cmd: '${SERVERS.crashy} ${marker}')]`], { env: { ...env(llm.url), TMPDIR: tmp } });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toContain('sk-test-key-123456');
      expect(llm.requests.length).toBe(status === 429 || status >= 500 ? 4 : 1);
      expect(readdirSync(tmp)).toEqual([]);
      expect(() => execFileSync('pgrep', ['-f', '--', marker])).toThrow();
    });
  });

  it('429 then success: retried with backoff, and the run goes on', async () => {
    await withFakeLlm([{ status: 429, headers: { 'retry-after-ms': '5' } }, { status: 500 }, { content: '{"action":"final","answer":"ok"}' }], async (llm) => {
      const r = await runCliAsync(['goal=hi'], { env: env(llm.url) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('ok\n');
      expect(llm.requests).toHaveLength(3);
    });
  });

  it('connection refused: says so', async () => {
    const llm = await startFakeLlm([{ content: 'x' }]);
    const url = llm.url;
    await llm.close();
    const r = await runCliAsync(['goal=hi', 'quiet=true'], { env: { OAF_MODEL: `(type: openai, model: tiny, key: 'k-abcdefgh', url: '${url}', maxRetries: 0)` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`cannot reach the model endpoint at ${url.replace(/[.]/g, '\\.')} \\(connection refused\\)`));
  });

  it('maxsteps runs out: non-zero exit and a clear message', async () => {
    await withFakeLlm([call({ action: 'list', includeTools: false })], async (llm) => {
      const r = await runCliAsync(['goal=loop forever', MCP, 'usetools=true', 'maxsteps=3', 'mcplazy=true'], { env: env(llm.url) });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('no answer after maxsteps=3 model requests');
      expect(llm.requests).toHaveLength(3);
    });
  });

  it('OAF_MODEL configures model, key and endpoint; model= overrides the name', async () => {
    await withFakeLlm([{ content: '{"action":"final","answer":"configured"}' }], async (llm) => {
      const r = await runCliAsync(['goal=hi', 'model=my-local-model'], { env: { OAF_MODEL: `(type: openai, model: other, key: 'k-123456789', url: '${llm.url}')` } });
      expect(r.stdout).toBe('configured\n');
      expect(llm.requests[0]!.model).toBe('my-local-model');
    });
  });
});
