import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../src/mcp/connection.js';
import { entriesOf, type SearchHit, SearchIndex, shortDescription } from '../src/dispatch/search-index.js';
import { Lexicon } from '../src/dispatch/lexicon.js';
import { regexWords, terms, words } from '../src/dispatch/text.js';
import { captured, capturedServers } from './helpers/catalogs.js';

const BENCH = path.join(import.meta.dirname, '..', 'bench');

// Real tools/list captures of npm MCP servers (bench/catalogs-large), not made-up tools.
const catalog = (server: string) => captured(server);
const top = (hits: SearchHit[]) => hits.map((h) => `${h.connection}/${h.name}`);

describe('why', () => {
  const idx = new SearchIndex([...entriesOf('fs', 'filesystem', catalog('filesystem')), ...entriesOf('gh', 'github', catalog('github'))]);

  it('names the request words that matched, by field', () => {
    const [hit] = idx.search('read the contents of a text file', { limit: 1 });
    expect(hit).toMatchObject({ connection: 'fs', name: 'read_text_file', why: 'name: read text file; desc: contents' });
  });

  it('shows a synonym as word→synonym, and leaves out words that matched nothing', () => {
    // (The learned vectors rank read_media_file first here: `why` is what is tested.)
    const hit = idx.search('fetch a text file zzqx', { limit: 5 }).find((h) => h.name === 'read_text_file');
    expect(hit!.why).toBe('name: fetch→read text file');
  });

  it('does not spell out the server name a request used to name it', () => {
    const [hit] = idx.search('list pull requests on github', { limit: 1 });
    expect(hit).toMatchObject({ connection: 'gh', name: 'list_pull_requests', why: 'name: list pull requests' });
  });
});

describe('incremental update', () => {
  const servers = ['filesystem', 'github', 'slack', 'trello', 'notion'];
  const queries = ['list trello boards', 'post a message to a slack channel', 'create a page in notion', 'read a text file', 'merge the pull request', 'add a comment'];
  const full = new SearchIndex(servers.flatMap((s) => entriesOf(s, s, catalog(s))));

  it('replacing one connection gives the same answers as building everything anew', () => {
    const inc = new SearchIndex();
    for (const s of servers) inc.setConnection(s, entriesOf(s, s, catalog(s)));
    const trello = catalog('trello');
    const changed: Catalog = { ...trello, tools: [...trello.tools.filter((t) => t.name !== 'list_boards'), { name: 'summon_board_owl', description: 'Summons the owl that guards a board.', inputSchema: { type: 'object' } }] };
    inc.setConnection('trello', entriesOf('trello', 'trello', changed));
    expect(top(inc.search('summon the owl', { limit: 1 }))).toEqual(['trello/summon_board_owl']);
    expect(top(inc.search('list trello boards'))).not.toContain('trello/list_boards');
    expect(inc.size).toBe(full.size);

    inc.setConnection('trello', entriesOf('trello', 'trello', trello));
    for (const q of queries) expect(inc.search(q)).toEqual(full.search(q));
  });

  it('a server whose list keeps changing its words does not grow the index without bound', () => {
    const inc = new SearchIndex(servers.flatMap((s) => entriesOf(s, s, catalog(s))));
    const start = inc.vocabulary;
    const made = (k: number): Catalog => ({ tools: Array.from({ length: 50 }, (_, i) => ({ name: `tool_${k}_${i}`, description: Array.from({ length: 40 }, (_, j) => `w${k}x${i}y${j}`).join(' '), inputSchema: { type: 'object' } })), resources: [], resourceTemplates: [], prompts: [] });
    let most = 0;
    for (let k = 0; k < 60; k++) {
      inc.setConnection('churn', entriesOf('churn', 'churn', made(k)));
      most = Math.max(most, inc.vocabulary);
    }
    // 60 lists of 2,000 new words each: 120,000 words seen, far fewer held.
    expect(most).toBeLessThan(start + 60_000);
    expect(top(inc.search('w59x3y7', { limit: 1 }))).toEqual(['churn/tool_59_3']);
    expect(inc.search('w12x3y7')).toEqual([]);
    inc.removeConnection('churn');
    for (const q of queries) expect(inc.search(q)).toEqual(full.search(q));
  });

  it('removing a connection removes its tools and nothing else', () => {
    const inc = new SearchIndex(servers.flatMap((s) => entriesOf(s, s, catalog(s))));
    inc.removeConnection('slack');
    expect(inc.size).toBe(full.size - catalog('slack').tools.length);
    expect(inc.connections).not.toContain('slack');
    for (const q of queries) expect(inc.search(q).every((h) => h.connection !== 'slack')).toBe(true);
    expect(top(inc.search('read a text file', { limit: 1 }))).toEqual(['filesystem/read_text_file']);
  });

  it('searches within the connections it is given', () => {
    expect(full.search('add a comment', { connections: new Set(['github']) }).every((h) => h.connection === 'github')).toBe(true);
  });
});

describe('de-duplication', () => {
  it('folds identical tools of several connections into one hit that lists the others', () => {
    const idx = new SearchIndex([...entriesOf('c1', 'filesystem', catalog('filesystem')), ...entriesOf('c2', 'filesystem', catalog('filesystem')), ...entriesOf('c3', 'github', catalog('github'))]);
    const hits = idx.search('read a text file');
    expect(hits[0]).toMatchObject({ connection: 'c1', name: 'read_text_file', also: ['c2'] });
    const names = hits.map((h) => h.name);
    expect(new Set(names).size).toBe(names.length);
    expect(hits.filter((h) => h.connection === 'c2')).toEqual([]);
  });

  it('keeps tools that share a name but differ', () => {
    const idx = new SearchIndex([...entriesOf('gl', 'gitlab', catalog('gitlab-ref')), ...entriesOf('gh', 'github', catalog('github'))]);
    const hits = idx.search('create a branch', { limit: 5 });
    expect(top(hits)).toEqual(expect.arrayContaining(['gl/create_branch', 'gh/create_branch']));
    expect(hits.find((h) => h.name === 'create_branch')!.also).toBeUndefined();
  });
});

describe('very long descriptions', () => {
  // drawio's tool descriptions run to 34,500 characters: they mention almost every word.
  const servers = capturedServers().filter((s) => ['drawio', 'filesystem', 'github', 'slack', 'notion', 'trello', 'kubernetes', 'playwright', 'tavily', 'google-maps', 'time', 'memory'].includes(s));
  const idx = new SearchIndex(servers.flatMap((s) => entriesOf(s, s, catalog(s))));

  it('do not buy a top-5 place for requests about something else', () => {
    expect(Math.max(...catalog('drawio').tools.map((t) => (t.description ?? '').length))).toBeGreaterThan(30_000);
    const unrelated = ['read a text file', 'post a message to slack', 'create a trello card', 'scale the deployment', 'click the login button', 'search the web', 'directions to the airport', 'what time is it in tokyo', 'remember a fact about alice', 'create a page in notion', 'list open pull requests', 'show the logs of a pod', 'take a screenshot of the page', 'find files by name'];
    for (const q of unrelated) expect(top(idx.search(q, { limit: 5 })).filter((h) => h.startsWith('drawio/')), q).toEqual([]);
  });

  it('still find their own tools', () => {
    expect(top(idx.search('open a draw.io diagram from xml', { limit: 1 }))).toEqual(['drawio/open_drawio_xml']);
    expect(top(idx.search('draw a diagram from mermaid', { limit: 1 }))).toEqual(['drawio/open_drawio_mermaid']);
  });
});

describe('the lexicon', () => {
  it('gives the ids of exactly the terms `terms` gives, on every captured text', () => {
    const lex = new Lexicon();
    let n = 0;
    for (const s of capturedServers()) {
      for (const t of catalog(s).tools) {
        for (const text of [t.name, t.description ?? '', JSON.stringify(t.inputSchema)]) {
          // Twice: the second time from the words it remembers.
          for (let k = 0; k < 2; k++) expect(lex.termIds(text).map((id) => lex.terms[id])).toEqual(terms(text));
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(10_000);
    expect(lex.termIds('alpha beta gamma delta', [], 2).map((id) => lex.terms[id])).toEqual(['alpha', 'beta']);
  });

  it('and on random strings of every kind the splitter meets, and on more words than its table first holds', () => {
    const lex = new Lexicon();
    const alphabet = [...'aAbBsSzZ09 _-.éPRsHTTPUrl'.split(''), 'É', 'İ', '\u212a', '—', '’', '中文', 'データ', '字', '한국어', '😀', 'ẞ', 'ǅ', 'Get', 'FILE'];
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 30_000; k++) {
      let t = '';
      for (let i = 1 + Math.floor(next() * 14); i > 0; i--) t += alphabet[Math.floor(next() * alphabet.length)];
      expect(lex.termIds(t).map((id) => lex.terms[id]), t).toEqual(terms(t));
    }
    // Tens of thousands of distinct words: the table grows, and every one is still found as itself, in capitals too.
    const many = Array.from({ length: 40_000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    for (const text of [many, many, many.toUpperCase(), `Zq${many.replace(/ /g, ' Zq')}`]) expect(lex.termIds(text).map((id) => lex.terms[id])).toEqual(terms(text));
  });
});

describe('a description\'s first sentence', () => {
  // The reference: the whole text's white space collapsed, then the sentence looked for.
  const reference = (text: string, max = 160) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    const sentence = /^(.{20,}?[.!?])(?=\s+[A-Z([]|$)/.exec(flat.slice(0, 2000))?.[1] ?? flat;
    return sentence.length > max ? sentence.slice(0, max - 1) + '…' : sentence;
  };

  it('is what collapsing the whole text gives, on every captured description and on long runs of white space', () => {
    const texts: string[] = [];
    for (const s of capturedServers()) for (const t of catalog(s).tools) texts.push(t.description ?? '');
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // White space as \s has it, and two characters it does not (a zero-width space, the next-line control).
    const pieces = ['word', ' ', '\n\n', ' '.repeat(3000), '. ', 'Next', '!', '\t', 'x'.repeat(700), '\u00a0', '\u2028', '\ufeff', '\u3000', '\u2009', '\v', '\u200b', '\u0085', '(', '?'];
    for (let k = 0; k < 4000; k++) {
      let t = '';
      for (let i = Math.floor(next() * 40); i > 0; i--) t += pieces[Math.floor(next() * pieces.length)];
      texts.push(t);
    }
    for (const t of texts) for (const max of [64, 160, 400, 5000]) expect(shortDescription(t, max), t.slice(0, 80)).toBe(reference(t, max));
  });
});

describe('splitting text into words', () => {
  it('the one-pass splitter gives what the regular expressions give, on every captured text and request', () => {
    const texts: string[] = [];
    for (const s of capturedServers()) for (const t of catalog(s).tools) texts.push(t.name, t.title ?? '', t.description ?? '', JSON.stringify(t.inputSchema));
    for (const f of readdirSync(BENCH).filter((f) => /^search-.*\.txt$/.test(f))) texts.push(...readFileSync(path.join(BENCH, f), 'utf8').split('\n'));
    expect(texts.length).toBeGreaterThan(20_000);
    for (const t of texts) expect(words(t), t.slice(0, 80)).toEqual(regexWords(t));
  });

  it('and on random strings of capitals, small letters, digits, separators, acronym plurals and other scripts', () => {
    const alphabet = [...'aAbBsSzZ09 _-.éPRsHTTPUrl'.split(''), 'É', 'İ', '\u212a', '—', '’', '中文', 'データ', '字', '한국어', '豈', '😀', 'ẞ', 'ǅ'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 50_000; k++) {
      let t = '';
      for (let i = 1 + Math.floor(next() * 14); i > 0; i--) t += alphabet[Math.floor(next() * alphabet.length)];
      expect(words(t), t).toEqual(regexWords(t));
    }
    expect(words('getPendingReviewPRs HTTPServer list_dir v2API')).toEqual(['get', 'pending', 'review', 'pr', 'http', 'server', 'list', 'dir', 'v2', 'api']);
  });
});
