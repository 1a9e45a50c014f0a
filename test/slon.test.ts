import { describe, expect, it } from 'vitest';
import { parseSlon, SlonError } from '../src/config/slon.js';

describe('SLON parser', () => {
  it('reads maps, lists with | or , and bare, quoted and typed values', () => {
    expect(parseSlon("[(cmd: 'node mcps/time.js'), (type: remote, url: 'http://127.0.0.1:3000/mcp', headers: (Authorization: 'Bearer x'))]")).toEqual([
      { cmd: 'node mcps/time.js' },
      { type: 'remote', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer x' } },
    ]);
    expect(parseSlon('(number: 123.12, boolean: true, null_value: null, array: [1 | \'item\' | 3], map: (x: -1, y: 1))')).toEqual({
      number: 123.12, boolean: true, null_value: null, array: [1, 'item', 3], map: { x: -1, y: 1 },
    });
    expect(parseSlon('(condition: Moderate Rain, date: 2023-02-05/12:34:45.678)')).toEqual({ condition: 'Moderate Rain', date: '2023-02-05T12:34:45.678Z' });
  });

  it('accepts JSON as it is', () => {
    const json = { a: [1, { b: 'x\ny', c: false }], 'd e': null };
    expect(parseSlon(JSON.stringify(json))).toEqual(json);
    expect(parseSlon(JSON.stringify(json, null, 2))).toEqual(json);
  });

  it('keeps URLs with colons as bare values and handles escapes', () => {
    expect(parseSlon('(url: http://h:1/p?q=1)')).toEqual({ url: 'http://h:1/p?q=1' });
    expect(parseSlon("(s: 'it\\'s', t: \"a\\u0041\")")).toEqual({ s: "it's", t: 'aA' });
    expect(parseSlon('()')).toEqual({});
    expect(parseSlon('[]')).toEqual([]);
  });

  it('says what was expected and where', () => {
    const bad = (text: string) => {
      try {
        parseSlon(text);
      } catch (e) {
        expect(e).toBeInstanceOf(SlonError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(bad("[(cmd: 'node x.js'")).toBe("expected ',' or ')' at column 19 (found end of input)");
    expect(bad("(cmd: 'x' type: y)")).toMatch(/^expected ',' or '\)' at column 11/);
    expect(bad('(cmd x)')).toMatch(/expected ':' after key 'cmd x' at column 7/);
    expect(bad("(a: 'unterminated)")).toMatch(/expected closing ' at column 19/);
    expect(bad('[1, 2')).toMatch(/expected '\|', ',' or '\]' at column 6/);
    expect(bad('(a: 1)\n)')).toMatch(/at line 2, column 1/);
    expect(bad('')).toMatch(/expected a value/);
  });
});
