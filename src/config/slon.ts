/**
 * SLON (mini-a's single-line object notation) parser. A superset of JSON:
 *   maps    (key: value, key2: value)   or {"key": value}
 *   arrays  [a | b | c]                 or [a, b, c]
 *   strings 'quoted', "quoted", or bare words up to the next delimiter (`,` `|` `)` `]` `}`)
 *   true / false / null, numbers, dates 2024-01-31/12:34:56.789 (become ISO strings)
 * Errors say what was expected and where (`expected ')' at column 28`).
 */

export class SlonError extends Error {
  override name = 'SlonError';
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** A SLON/JSON value. */
export type SlonValue = null | boolean | number | string | SlonValue[] | { [k: string]: SlonValue };

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const DATE = /^(\d{4}-\d{2}-\d{2})\/(\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/;

/** Maps and lists nest at most this deep: a config needs a handful, and the parser recurses per level. */
export const MAX_SLON_DEPTH = 100;

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly src: string) {}

  parseDocument(): SlonValue {
    this.ws();
    if (this.pos >= this.src.length) this.fail('a value (map, list, string or number)');
    const v = this.value();
    this.ws();
    if (this.pos < this.src.length) this.fail('end of input');
    return v;
  }

  private where(): { line: number; column: number } {
    let line = 1;
    let col = 1;
    for (let i = 0; i < this.pos && i < this.src.length; i++) {
      if (this.src[i] === '\n') {
        line++;
        col = 1;
      } else col++;
    }
    return { line, column: col };
  }

  private at(): { line: number; column: number; at: string } {
    const { line, column } = this.where();
    return { line, column, at: this.src.includes('\n') ? `line ${line}, column ${column}` : `column ${column}` };
  }

  private fail(expected: string): never {
    const { line, column, at } = this.at();
    const found = this.pos >= this.src.length ? 'end of input' : `'${this.src[this.pos]}'`;
    throw new SlonError(`expected ${expected} at ${at} (found ${found})`, line, column);
  }

  /** Enters a map or list; too deep a nesting is an error, not a stack overflow. */
  private enter(): void {
    if (++this.depth > MAX_SLON_DEPTH) {
      const { line, column, at } = this.at();
      throw new SlonError(`maps and lists nest deeper than ${MAX_SLON_DEPTH} levels at ${at}`, line, column);
    }
  }

  private ws(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private value(): SlonValue {
    this.ws();
    const c = this.peek();
    if (c === '(' || c === '{') return this.map(c === '(' ? ')' : '}');
    if (c === '[') return this.array();
    if (c === "'" || c === '"') return this.quoted();
    return this.bare();
  }

  private map(close: string): { [k: string]: SlonValue } {
    this.enter();
    this.pos++;
    const out: { [k: string]: SlonValue } = {};
    this.ws();
    if (this.peek() === close) {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.ws();
      const key = this.key();
      this.ws();
      if (this.peek() !== ':') this.fail(`':' after key '${key}'`);
      this.pos++;
      out[key] = this.value();
      this.ws();
      const c = this.peek();
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === close) {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail(`',' or '${close}'`);
    }
  }

  private key(): string {
    const c = this.peek();
    if (c === "'" || c === '"') return this.quoted();
    const start = this.pos;
    while (this.pos < this.src.length && !/[:,()[\]{}|'"\n]/.test(this.src[this.pos]!)) this.pos++;
    const k = this.src.slice(start, this.pos).trim();
    if (!k) {
      this.pos = start;
      this.fail('a key');
    }
    return k;
  }

  private array(): SlonValue[] {
    this.enter();
    this.pos++;
    const out: SlonValue[] = [];
    this.ws();
    if (this.peek() === ']') {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.peek();
      if (c === ',' || c === '|') {
        this.pos++;
        continue;
      }
      if (c === ']') {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail("'|', ',' or ']'");
    }
  }

  private quoted(): string {
    const q = this.src[this.pos++]!;
    let out = '';
    for (;;) {
      if (this.pos >= this.src.length) this.fail(`closing ${q}`);
      const c = this.src[this.pos++]!;
      if (c === q) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.src[this.pos++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          const hex = this.src.slice(this.pos, this.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('4 hex digits after \\u');
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 4;
          break;
        }
        case undefined:
          return this.fail(`closing ${q}`); // input ended right after a backslash
        default: out += e;
      }
    }
  }

  private bare(): SlonValue {
    const start = this.pos;
    while (this.pos < this.src.length && !/[,|)\]}]/.test(this.src[this.pos]!)) {
      const c = this.src[this.pos]!;
      if (c === '(' || c === '[' || c === '{' || c === "'" || c === '"') break;
      this.pos++;
    }
    const text = this.src.slice(start, this.pos).trim();
    if (!text) {
      this.pos = start;
      this.fail('a value');
    }
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    if (NUMBER.test(text)) return Number(text);
    const d = DATE.exec(text);
    if (d) return new Date(`${d[1]}T${d[2]}Z`).toISOString();
    return text;
  }
}

/** Parses a SLON (or JSON) document; throws SlonError with line/column on bad input. */
export function parseSlon(text: string): SlonValue {
  return new Parser(text).parseDocument();
}
