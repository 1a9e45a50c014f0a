/**
 * The glossary's wide tables (src/dispatch/glossary-words.ts): what bench/build-glossary.ts builds from
 * bench/glossary/*.tsv, nothing edited by hand, no spelling that is an English word, and read by the
 * European and CJK glosses after their hand-written words.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cjkGlosses } from '../src/dispatch/cjk-gloss.js';
import { euroGlossed } from '../src/dispatch/euro-gloss.js';
import { CJK_WORDS, EURO_WORDS } from '../src/dispatch/glossary-words.js';
import { entriesOf, SearchIndex } from '../src/dispatch/search-index.js';
import { THESAURUS } from '../src/dispatch/thesaurus-words.js';
import { synonymsOf } from '../src/dispatch/text.js';
import { captured, capturedServers } from './helpers/catalogs.js';

const ROOT = path.join(import.meta.dirname, '..');
type Builder = typeof import('../bench/build-glossary.js');
const builder = async () => (await import(path.join(ROOT, 'dist/bench/build-glossary.js'))) as Builder;
const pairs = (table: ReadonlyArray<[string, string]>) => table.flatMap(([en, ss]) => ss.split(' ').map((s) => [s, en] as const));

describe('the glossary', () => {
  it('is what bench/build-glossary.ts builds from bench/glossary (nothing edited by hand)', async () => {
    const b = await builder();
    const built = b.buildGlossary();
    expect(built.euro.length).toBeGreaterThan(1000);
    expect(built.cjk.length).toBeGreaterThan(1000);
    expect(b.glossaryModule(built)).toContain(`${built.euro.length} European spellings, ${built.cjk.length} CJK spellings`);
    expect(pairs(EURO_WORDS).sort()).toEqual([...built.euro].sort());
    expect(pairs(CJK_WORDS).sort()).toEqual([...built.cjk].sort());
  }, 60_000);

  it('has no European spelling that is an English word, none shorter than 3 letters, none under two English words', async () => {
    const english = (await builder()).englishWords();
    const seen = new Map<string, string>();
    for (const [s, en] of [...pairs(EURO_WORDS), ...pairs(CJK_WORDS)]) {
      expect(seen.get(s) ?? en, s).toBe(en);
      seen.set(s, en);
    }
    for (const [s] of pairs(EURO_WORDS)) {
      expect(s).toMatch(/^\p{Script=Latin}{3,}$/u);
      expect(english.has(s), s).toBe(false);
    }
    for (const [s] of pairs(CJK_WORDS)) expect([...s].length, s).toBeGreaterThanOrEqual(2);
    // The English filter holds the catalogs' words and common English: the spellings it must keep out.
    for (const w of ['data', 'red', 'once', 'mover', 'pour', 'chat', 'die', 'gift']) expect(english.has(w), w).toBe(true);
  });

  it('reads words of the trade in other languages as English, the hand-written words first', () => {
    expect(euroGlossed('Liste mes brouillons Gmail')).toContain('draft');
    expect(euroGlossed('aprova o merge request do projeto web')).toMatch(/^approve .* project web$/);
    expect(euroGlossed('zeig mir alle ungelesenen Nachrichten im Posteingang')).toMatch(/message.*inbox/);
    // "karte" is a card in the hand-written words, a map in the German table.
    expect(euroGlossed('karte')).toBe('card');
    expect(cjkGlosses('把这个分支删掉')).toEqual(expect.arrayContaining(['branch', 'delete']));
    // A spelling inside a longer one is read too ("数据库": database, and data).
    expect(cjkGlosses('数据库')).toEqual(expect.arrayContaining(['database', 'data']));
    expect(cjkGlosses('plain english, no cjk')).toEqual([]);
  });

  it('finds a tool from a request in another language the hand-written words did not cover', () => {
    const idx = new SearchIndex(capturedServers().flatMap((s) => entriesOf(s, s, captured(s))));
    const top = (q: string) => idx.search(q, { limit: 5 }).map((h) => `${h.connection}/${h.name}`);
    expect(top('Liste mes brouillons Gmail')).toContain('google-workspace/list_drafts');
  });

  it('reads "del" as delete only in English: in Spanish or Italian it is an article', () => {
    expect(euroGlossed('¿cuánto se tarda caminando del Prado a la Puerta del Sol?')).not.toMatch(/\bdel\b/);
    expect(euroGlossed('Crea un formulario para las solicitudes del equipo')).not.toMatch(/\bdel\b/);
    expect(euroGlossed('del the branch feature/old')).toBe('del the branch feature/old');
    const idx = new SearchIndex(capturedServers().flatMap((s) => entriesOf(s, s, captured(s))));
    const hits = idx.search('¿cuánto se tarda caminando del Prado a la Puerta del Sol?', { limit: 5 });
    expect(hits.map((h) => h.why ?? '').join(' ')).not.toContain('del→');
    expect(hits.map((h) => h.name)).toContain('maps_distance_matrix');
  });
});

describe('the thesaurus', () => {
  const idx = new SearchIndex(capturedServers().flatMap((s) => entriesOf(s, s, captured(s))));

  it('is what bench/build-glossary.ts builds from bench/thesaurus (nothing edited by hand), no hand-written synonym again', async () => {
    const built = (await builder()).buildThesaurus();
    expect(built.length).toBeGreaterThan(500);
    expect([...THESAURUS].map(([w, l]) => [w, l.map(([t, tw]) => [t, tw])])).toEqual(built);
    for (const [w, l] of THESAURUS) for (const [t] of l) expect(synonymsOf(w), `${w} ${t}`).not.toContain(t);
  });

  it('reads a word the catalog does not say as the words tool names use for it, and says so in why', () => {
    const hits = idx.search('I need a fake Payments API the frontend can build against', { limit: 5 });
    const mock = hits.find((h) => h.connection === 'postman' && h.name === 'createMock');
    expect(mock?.why).toContain('fake→mock');
  });

  it('leaves a word many tools say as they say it', () => {
    // "accept" is in the thesaurus (approve) and in the text of many tools: it is read as itself.
    expect(THESAURUS.get('accept')?.map(([t]) => t)).toContain('approv');
    const why = idx.search('accept the invitation to the planning meeting', { limit: 10 }).map((h) => h.why).join(' ');
    expect(why).not.toContain('accept→approve');
  });
});
