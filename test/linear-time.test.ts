/**
 * Hostile text must cost linear time (issue 14, item 2). Each input below made the code before
 * this fix take from half a minute to hours (a backtracking regex or a rescan per position); it
 * runs in a worker thread with a generous deadline, so a regression fails the test instead of
 * hanging it. Every call also checks its answer, so a fast wrong result fails too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeBuilt, runBuilt } from './helpers/deadline.js';

const T = 60_000;

afterAll(closeBuilt);

describe('linear time on hostile text', () => {
  it('redaction: a 200,000-dash tool name, and 100,000 "eyJ-" (FLAG_WITH_VALUE and the JWT pattern were quadratic)', async () => {
    const dashes = (await runBuilt('src/util/redact', '(m, s) => m.redact(s)', ['tool ' + '-'.repeat(200_000) + ' --api-key=abc123 rest'])) as string;
    expect(dashes).toBe('tool ' + '-'.repeat(200_000) + ' --api-key=*** rest');
    const jwtish = 'eyJ-'.repeat(100_000) + ' eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl';
    expect(await runBuilt('src/util/redact', '(m, s) => m.redact(s)', [jwtish])).toBe('eyJ-'.repeat(100_000) + ' ***');
  }, T);

  it('text-mode actions: 200,000 "[", an unclosed fence, and a valid action after 100,000 "["', async () => {
    expect(await runBuilt('src/agent/text-actions', '(m, s) => m.parseTextAction(s)', ['['.repeat(200_000)])).toEqual({ kind: 'invalid', why: 'no JSON object was found in the reply' });
    expect(await runBuilt('src/agent/text-actions', '(m, s) => m.parseTextAction(s).kind', ['```' + ' '.repeat(1_000_000) + 'x'])).toBe('invalid');
    const late = '['.repeat(100_000) + '{"action":"final","answer":"ok"}';
    expect(await runBuilt('src/agent/text-actions', '(m, s) => m.parseTextAction(s)', [late])).toEqual({ kind: 'final', answer: 'ok' });
  }, T);

  it('search text: long runs of "a.", "a-" and capitals', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s).length', [s]);
    expect(await norm('a.'.repeat(100_000))).toBe(200_000);
    expect(await norm('a-'.repeat(100_000) + '@b')).toBe(200_002);
    expect(await runBuilt('src/dispatch/text', '(m, s) => m.words(s)', ['HTTPServer ' + 'A'.repeat(400_000)])).toEqual(['http', 'server', 'a'.repeat(400_000)]);
    // The situation phrases: digit runs after "log"/"to", many "move" before no meeting, "to to to…".
    expect(await norm('log ' + '1'.repeat(200_000) + 'x')).toBe(200_005);
    expect(await norm('to ' + '9'.repeat(200_000) + ' pod')).toBe(200_007);
    expect(await norm('move '.repeat(50_000))).toBe(250_000);
    expect(await runBuilt('src/dispatch/text', '(m, s) => m.requestWords(s).length', ['to '.repeat(100_000) + 'create board'])).toBe(2);
  }, T);

  it('search text, the tenth round: CamelCase without Error, hex and slashed runs, "flip" and ":" runs, long CJK', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    expect(await norm('Ab'.repeat(100_000))).toBe('Ab'.repeat(100_000));
    expect(await norm('a1'.repeat(100_000))).toBe('a1'.repeat(100_000));
    expect((await norm('a/'.repeat(100_000) + '#1')).length).toBeGreaterThan(0);
    expect(await norm('flip ' + 'a'.repeat(200_000))).toBe('flip ' + 'a'.repeat(200_000));
    expect(await norm(':a'.repeat(100_000))).toBe(':a'.repeat(100_000));
    expect((await norm('消息'.repeat(100_000) + '航班')).startsWith('message flight ')).toBe(true);
  }, T);

  it('search text, the fifteenth round: "give" runs before access, files listed after "read", field conditions, "pushed" runs', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    expect(await norm('give '.repeat(50_000) + 'access')).toContain('share add permission');
    expect(await norm('read ' + 'file , '.repeat(50_000))).toContain('multiple files');
    expect(await norm('ab='.repeat(70_000))).toContain('find filter');
    expect(await norm('pushed '.repeat(50_000) + 'token')).toContain('detect secrets');
    expect((await norm('block '.repeat(50_000) + 'hour')).endsWith('create calendar event ')).toBe(true);
  }, T);

  it('search text, the sixteenth round: a chart verb before its stages, "mark" before "as read", "save" before "from the email"', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    expect(await norm('visualize '.repeat(50_000) + 'funnel')).toContain('funnel chart');
    expect(await norm('mark a '.repeat(50_000) + 'as read')).toContain('modify labels');
    expect(await norm('save '.repeat(50_000) + 'from the email')).toContain('download attachment');
    expect(await norm('carry '.repeat(50_000) + 'over')).toContain('transfer move');
    expect(await norm('where does my ' + 'a '.repeat(50_000) + 'show up')).not.toContain('local rank');
  }, T);

  it('search text, the seventeenth round: a verb before an hour, mail "from" before "go to", words before "by accident"', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    expect(await norm('move '.repeat(50_000) + 'to 4pm')).toContain('reschedule update calendar event');
    expect(await norm('mails from '.repeat(40_000) + 'go to')).toContain('create mail rule filter');
    expect(await norm('binned '.repeat(50_000) + 'by accident')).toContain('restore undelete trash');
    expect(await norm('maintenance window '.repeat(30_000) + 'host')).toContain('schedule downtime mute');
    expect(await norm('drive times '.repeat(40_000) + 'each')).toContain('distance matrix');
    expect(await norm('put my ' + 'x '.repeat(100_000) + 'edits aside')).not.toContain('stash');
  }, T);

  it('search text, the nineteenth round: quoted values after "called", quote marks, many short quotes', async () => {
    const words = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.requestWords(m.normalizeQuery(s)).length', [s]) as Promise<number>;
    expect(await words('called "' + 'a'.repeat(200_000) + ' delete branch')).toBe(2);
    expect(await words('called '.repeat(50_000) + '"x" delete branch')).toBeGreaterThan(0);
    expect(await words('called ' + ' '.repeat(200_000) + 'x delete branch')).toBe(2);
    expect(await words('\uE000'.repeat(100_000) + 'delete branch')).toBe(2);
    expect(await words("'ab' ".repeat(50_000))).toBe(50_000);
    expect(await words(' C:\\'.repeat(100_000) + ' delete branch')).toBeGreaterThan(1);
  }, T);

  it('search text, the eleventh round: dotted hosts before a slash, idioms before long runs, long accented words', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    // Not a domain (no top-level domain before the slash): a slashed name, which is no words.
    expect((await norm('a.'.repeat(100_000) + 'x/y')).trim()).toBe('');
    expect((await norm('a.'.repeat(100_000) + 'com/y')).trim()).toBe('url a acom');
    expect((await norm('link ' + 'a '.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('put ' + 'a '.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('drag ' + 'down '.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('how much ' + 'a '.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('shoot ' + 'a-'.repeat(100_000))).length).toBeGreaterThan(0);
    expect(await norm('é'.repeat(200_000) + ' amanhã')).toBe('é'.repeat(200_000) + ' tomorrow');
    expect((await norm('`ab ' + 'a'.repeat(200_000))).length).toBeGreaterThan(0);
    expect((await norm('type ' + 'a '.repeat(100_000) + 'field')).length).toBeGreaterThan(0);
    expect((await norm('plan a ' + 'a '.repeat(100_000) + 'trip')).length).toBeGreaterThan(0);
    expect((await norm('1234.'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('anything from ' + 'a '.repeat(100_000) + 'label')).length).toBeGreaterThan(0);
    expect((await norm('ab('.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('m{' + 'a'.repeat(200_000) + '}[5m]')).length).toBeGreaterThan(0);
    expect((await norm('{"query":{'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('1.'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('let ' + 'a '.repeat(100_000) + 'know')).length).toBeGreaterThan(0);
    expect((await norm('group ' + 'a '.repeat(100_000) + 'by')).length).toBeGreaterThan(0);
    expect((await norm('A' + 'B'.repeat(100_000) + '-4F2')).length).toBeGreaterThan(0);
    expect((await norm('{ a'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('spec' + '.a'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm(' +1'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('unfinished ' + 'to '.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('leaked ' + 'a '.repeat(100_000) + 'secret')).length).toBeGreaterThan(0);
    expect((await norm('9 '.repeat(100_000) + 'pacific')).length).toBeGreaterThan(0);
    expect((await norm('a-'.repeat(100_000) + '*')).length).toBeGreaterThan(0);
    expect((await norm('docs '.repeat(50_000) + 'where')).length).toBeGreaterThan(0);
    expect((await norm('record 1.'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('(a'.repeat(100_000) + ') =>')).length).toBeGreaterThan(0);
    expect((await norm('`a.a.' + 'a'.repeat(200_000))).length).toBeGreaterThan(0);
    expect((await norm('AB-1 '.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('maintenance '.repeat(20_000) + 'alerts')).length).toBeGreaterThan(0);
  }, T);

  it('search text, the twelfth round: page globals, metric queries, wikis of repositories, opening and closing figures', async () => {
    const norm = (s: string) => runBuilt('src/dispatch/text', '(m, s) => m.normalizeQuery(s)', [s]) as Promise<string>;
    expect((await norm('document.' + 'a'.repeat(200_000))).length).toBeGreaterThan(0);
    expect((await norm('avg:a' + '.a'.repeat(100_000) + '{')).length).toBeGreaterThan(0);
    expect((await norm('avg:a{'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('wiki ' + 'a '.repeat(100_000) + 'a/b')).length).toBeGreaterThan(0);
    expect((await norm('design ' + 'match '.repeat(50_000) + 'code')).length).toBeGreaterThan(0);
    expect((await norm('1 opening '.repeat(50_000) + 'closing')).length).toBeGreaterThan(0);
    expect((await norm('put '.repeat(100_000) + 'on my calendar')).length).toBeGreaterThan(0);
    expect((await norm('.com'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('go back to the '.repeat(30_000))).length).toBeGreaterThan(0);
    expect((await norm('1:1'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('a/b '.repeat(50_000) + 'the wiki')).length).toBeGreaterThan(0);
    expect((await norm('AB 12 '.repeat(50_000) + 'delayed')).length).toBeGreaterThan(0);
    expect((await norm('turn the ' + 'a-'.repeat(100_000) + ' off')).length).toBeGreaterThan(0);
    expect((await norm('send ' + '9'.repeat(100_000) + ' monday')).length).toBeGreaterThan(0);
    expect((await norm('according to our ' + 'a'.repeat(200_000))).length).toBeGreaterThan(0);
    expect((await norm('a-2024.'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('https://docs.google.com/' + 'a/'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('9pm '.repeat(50_000) + 'is what in')).length).toBeGreaterThan(0);
    expect((await norm('A_'.repeat(100_000) + 'DSN')).length).toBeGreaterThan(0);
    expect((await norm('go out '.repeat(50_000) + 'monday')).length).toBeGreaterThan(0);
    expect((await norm('->'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('a -> '.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('where a is '.repeat(30_000))).length).toBeGreaterThan(0);
    expect((await norm('the a base '.repeat(30_000))).length).toBeGreaterThan(0);
    expect((await norm('#abc'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('make a '.repeat(50_000) + 'group chat')).length).toBeGreaterThan(0);
    expect((await norm('copy commit '.repeat(50_000) + 'onto')).length).toBeGreaterThan(0);
    expect((await norm('from each of '.repeat(30_000) + 'to each')).length).toBeGreaterThan(0);
    expect((await norm('{a="'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('{a="b"' + ' '.repeat(200_000) + '}')).length).toBeGreaterThan(0);
    expect((await norm('expose 1 '.repeat(50_000) + 'locally')).length).toBeGreaterThan(0);
    expect((await norm('`a.b.' + 'c'.repeat(200_000) + '*`')).length).toBeGreaterThan(0);
    expect((await norm('what the ' + 'a '.repeat(100_000) + 'looks like now')).length).toBeGreaterThan(0);
    expect((await norm('sort ' + 'a '.repeat(100_000) + 'most about')).length).toBeGreaterThan(0);
    expect((await norm('whenever ' + 'a '.repeat(100_000) + 'changes to')).length).toBeGreaterThan(0);
    expect((await norm('pull ' + 'a '.repeat(100_000) + 'links off')).length).toBeGreaterThan(0);
    expect((await norm('get ' + 'a '.repeat(100_000) + 'installed')).length).toBeGreaterThan(0);
    expect((await norm('book 1h '.repeat(50_000) + 'of')).length).toBeGreaterThan(0);
    expect((await norm('project = a '.repeat(50_000) + 'AND')).length).toBeGreaterThan(0);
    expect((await norm('-> 1'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('page ' + 'a1'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('北京到上海'.repeat(40_000) + '的航班')).length).toBeGreaterThan(0);
    expect((await norm('{%'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('label:'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('put my '.repeat(50_000) + 'uncommitted changes')).length).toBeGreaterThan(0);
    expect((await norm('/.' + 'a.'.repeat(100_000))).length).toBeGreaterThan(0);
    expect((await norm('10.1234/' + 'a'.repeat(200_000))).length).toBeGreaterThan(0);
    expect((await norm('db.a '.repeat(50_000) + 'index')).length).toBeGreaterThan(0);
    expect((await norm('bump ' + 'a '.repeat(100_000) + 'from 1 to 2')).length).toBeGreaterThan(0);
    expect((await norm(':1234'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('rooms/1'.repeat(50_000))).length).toBeGreaterThan(0);
    expect((await norm('whenever ' + 'a '.repeat(100_000) + 'flips to')).length).toBeGreaterThan(0);
    expect((await norm('pull ' + 'a '.repeat(100_000) + 'urls')).length).toBeGreaterThan(0);
    expect((await norm('search index ' + 'a-'.repeat(100_000))).length).toBeGreaterThan(0);
    const fn = `(m, q) => new m.SearchIndex(m.entriesOf('c1', 'srv', { tools: [{ name: 'search_emails', description: 'Search emails', inputSchema: { type: 'object' } }], resources: [], resourceTemplates: [], prompts: [] })).search(q).map((h) => h.name)`;
    expect(await runBuilt('src/dispatch/search-index', fn, ['emials '.repeat(100_000)])).toEqual(['search_emails']);
  }, T);

  it('search: a 100,000-character word (fuzzy matching of the old index allocated its square)', async () => {
    const fn = `(m, q) => new m.SearchIndex(m.entriesOf('c1', 'srv', { tools: [{ name: 'read_file', description: 'Read a file', inputSchema: { type: 'object' } }], resources: [], resourceTemplates: [], prompts: [] })).search(q).map((h) => h.name)`;
    expect(await runBuilt('src/dispatch/search-index', fn, ['file ' + 'a'.repeat(100_000)])).toEqual(['read_file']);
  }, T);

  it('schema descriptions with a long run of carriage returns', async () => {
    const out = await runBuilt('src/dispatch/compact-schema', '(m, s) => m.compactSchema(s)', [{ type: 'object', description: 'a' + '\r'.repeat(300_000) + 'b \n  c' }]);
    expect(out).toEqual({ type: 'object', description: 'a' + '\r'.repeat(300_000) + 'b\nc' });
  }, T);

  it('resource templates with many variables (the regex built from them was exponential)', async () => {
    const fn = '(m, t, u) => [m.matchesTemplate(t, u), m.matchesTemplate(t, u + "y"), m.matchesTemplate("file:///{+path}", "file:///a/b/c"), m.matchesTemplate("db://{t}/rows", "db://a/b/rows")]';
    expect(await runBuilt('src/mcp/uri-template', fn, ['x' + '{v}'.repeat(12) + 'y', 'x' + 'b'.repeat(5_000)])).toEqual([false, true, true, false]);
  }, T);

  it('CLI JSON errors, command names, typo suggestions', async () => {
    const msg = 'x' + ' '.repeat(300_000) + 'y position 0';
    expect(await runBuilt('src/cli/dispatch-command', '(m, t, msg) => m.jsonErrorWhere(t, new Error(msg))', ['[', msg])).toBe(`${msg} at line 1, column 1`);
    expect(await runBuilt('src/config/spec', '(m, a) => m.deriveName("node", [a])', ['/x' + '/'.repeat(500_000) + 'a'])).toBe('a');
    const names = Array.from({ length: 200 }, (_, i) => `tool_number_${i}_name`);
    expect(await runBuilt('src/util/errors', '(m, w, c) => [m.nearest(w, c) ?? null, m.nearest("tool_numbr_7_name", c)]', ['x'.repeat(5_000_000), names])).toEqual([null, 'tool_number_7_name']);
  }, T);
});
