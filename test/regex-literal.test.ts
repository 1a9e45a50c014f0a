import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayMatch, requiredLiterals } from '../src/dispatch/regex-literal.js';
import { phrases } from '../src/dispatch/text.js';

const BENCH = path.join(import.meta.dirname, '..', 'bench');
const any = (re: RegExp) => requiredLiterals(re)?.any;

describe('the literals a regular expression\'s every match contains', () => {
  it('are its longest run of literal characters, or a group\'s alternatives where those are longer', () => {
    expect(any(/\bget rid of\b/gi)).toEqual(['get rid of']);
    // An optional character ends the run before it; a repeated one ends it after.
    expect(any(/\bthumbs?[- ]?up\b/gi)).toEqual(['thumb']);
    expect(any(/xabc+d/)).toEqual(['xabc']);
    expect(any(/ab{0,2}cd/)).toEqual(['cd']);
    expect(any(/\b(spin|set|start|fire) (?:it )?up\b/gi)).toEqual(['spin', 'set', 'start', 'fire']);
    expect(any(/(?<verb>alpha|beta)x/)).toEqual(['alpha', 'beta']);
    // A group with an alternative of no literal gives none; the rest of the expression still may.
    expect(any(/(a|b)cd/)).toEqual(['cd']);
    // Top-level alternatives: one literal each, any of which a match contains.
    expect(any(/\bchanged locally\b|\bstaged\b/i)).toEqual(['changed locally', 'staged']);
    // An escaped punctuation mark is itself; classes, escaped letters and lookarounds end a run.
    expect(any(/\bdon\'t\b/i)).toEqual(["don't"]);
    expect(any(/x[abc]yz/)).toEqual(['yz']);
    expect(any(/(?=foo)bar/)).toEqual(['bar']);
    expect(any(/(?<!not )done/)).toEqual(['done']);
    expect(any(/lo\d+ng/)).toEqual(['lo']);
    expect(any(/x(abc)/)).toEqual(['abc']);
  });

  it('are none where an alternative has no literal, or where the expression is not one this reads', () => {
    expect(requiredLiterals(/a|bc/)).toBeUndefined();
    expect(requiredLiterals(/\d{4}-\d{2}/)).toBeUndefined();
    expect(requiredLiterals(/abc/u)).toBeUndefined(); // case folding with u maps ſ and the Kelvin sign to ASCII
    expect(requiredLiterals(/ab{/)).toBeUndefined();
  });

  it('are compared in lower case for a caseless expression, as written for another, and only ASCII counts', () => {
    const caseless = requiredLiterals(/\bHello World\b/i)!;
    expect(caseless).toEqual({ any: ['hello world'], caseless: true });
    expect(mayMatch(caseless, 'say HELLO WORLD', 'say hello world')).toBe(true);
    const cased = requiredLiterals(/Hello/)!;
    expect(mayMatch(cased, 'hello', 'hello')).toBe(false);
    expect(mayMatch(cased, 'Hello', 'hello')).toBe(true);
    expect(any(/café time/i)).toEqual([' time']);
    expect(mayMatch(undefined, 'anything', 'anything')).toBe(true);
  });

  it('are in every text a phrase rule matches: every rule, on every request the benchmarks hold, as written and in capitals', () => {
    const rules = phrases();
    expect(rules.length).toBeGreaterThan(500);
    // Nearly every rule has literals: a rule without any runs for every request.
    expect(rules.filter((r) => !r.lits).length).toBeLessThan(20);
    const texts: string[] = [];
    for (const f of readdirSync(BENCH).filter((f) => /^search-.*\.txt$/.test(f))) {
      const lines = readFileSync(path.join(BENCH, f), 'utf8').split('\n');
      for (let i = 0; i < lines.length; i += 3) texts.push(lines[i]!.split('\t')[0]!);
    }
    expect(texts.length).toBeGreaterThan(5000);
    let matched = 0;
    let skipped = 0;
    for (const q of [...texts, ...texts.slice(0, 1000).map((t) => t.toUpperCase())]) {
      const lower = q.toLowerCase();
      for (const r of rules) {
        const may = mayMatch(r.lits, q, lower);
        r.re.lastIndex = 0;
        const matches = r.re.test(q);
        r.re.lastIndex = 0;
        if (matches && !may) expect.fail(`/${r.re.source}/ matches ${JSON.stringify(q)} but its literals ${JSON.stringify(r.lits)} said it could not`);
        if (matches) matched++;
        if (!may) skipped++;
      }
    }
    // The check saw rules that match (the texts exercise them) and skipped most others.
    expect(matched).toBeGreaterThan(3000);
    expect(skipped / (texts.length + 1000)).toBeGreaterThan(500);
  });
});
