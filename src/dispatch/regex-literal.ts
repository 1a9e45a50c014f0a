/**
 * The text a regular expression's every match contains, read off its source: a cheap test that
 * tells, before the expression runs (and is compiled, at its first run), that it cannot match.
 * The request's phrase rules are hundreds of expressions of which a request meets a handful.
 */

/** A rule's literals: one per top-level alternative, any of which a match contains. */
export interface Literals {
  /** Lower-case when `caseless`. */
  any: string[];
  caseless: boolean;
}

/**
 * Literals of which every match of `re` contains one, or undefined when there are none of at least
 * two characters (the rule then always runs). Per alternative: its longest run of literal characters,
 * or a group's own literals where those are longer. Conservative: only ASCII characters count, an
 * atom with a quantifier that allows none ends the run before it, lookarounds and classes end it,
 * and anything unclear gives undefined.
 */
export function requiredLiterals(re: RegExp): Literals | undefined {
  // With u or v, case folding maps other characters to ASCII letters (ſ, the Kelvin sign): not read.
  if (/[uvy]/.test(re.flags)) return undefined;
  const caseless = re.flags.includes('i');
  const src = caseless ? re.source.toLowerCase() : re.source;
  // Read token by token (one regular expression, not a step per character: this runs over hundreds of
  // rules at the first request, before the compiler has seen it).
  const stack: Level[] = [];
  let cur = level(false);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const tok = TOKEN.exec(src)![0];
    const c = tok.charCodeAt(0);
    if (c === PIPE) {
      // An alternative without a literal: the whole expression has none, or only this group.
      if (!nextAlternative(cur) && (cur.failed = true) && !stack.length) return undefined;
    } else if (c === OPEN) {
      endRun(cur);
      stack.push(cur);
      // A lookaround's text need not be in the match: its literals are not offered.
      cur = level(tok === '(?=' || tok === '(?!' || tok === '(?<=' || tok === '(?<!');
    } else if (c === CLOSE) {
      const parent = stack.pop();
      if (!parent) return undefined;
      const set = nextAlternative(cur) && !cur.failed ? cur.any : undefined;
      const q = quantifier(src);
      if (!q) return undefined;
      if (set && !cur.look && q.min > 0) offer(parent, set);
      cur = parent;
    } else if (c === BACKSLASH || c === BRACKET || tok === '.' || tok === '^' || tok === '$' || tok === ']') {
      // An escaped punctuation mark (and a "]" outside a class) is itself; any other escape, a class
      // or an assertion matches no one text.
      const lit = tok === ']' ? tok : c === BACKSLASH && tok.length === 2 && isPunct(tok.charCodeAt(1)) ? tok[1]! : undefined;
      if (!atom(cur, lit, src)) return undefined;
    } else if (isQuantifierStart(c)) {
      return undefined; // a quantifier with no atom, or a "{" that is none: not a source this reads
    } else {
      // A run of plain characters: all but the last are each once; the last may be quantified.
      for (let k = 0; k + 1 < tok.length; k++) addChar(cur, tok.charCodeAt(k));
      if (!atom(cur, tok[tok.length - 1], src)) return undefined;
    }
  }
  if (stack.length || !nextAlternative(cur)) return undefined;
  return { any: cur.any, caseless };
}

// Tokens: an escape, a class, a group's opening, a closing, a bar or assertion, a quantifier, a run
// of plain characters, any other one character.
const TOKEN = /\\[\s\S]|\[(?:\\[\s\S]|[^\]\\])*\]|\((?:\?(?::|=|!|<=|<!|<[^>]*>))?|[)|.^$]|[*+?]\??|\{\d+(?:,\d*)?\}\??|[^\\[\]()|*+?{}.^$]+|[\s\S]/y;
const PIPE = 124;
const OPEN = 40;
const CLOSE = 41;
const BACKSLASH = 92;
const BRACKET = 91;

/** One alternation being read: the literals of its alternatives so far, and the current one's best. */
interface Level {
  any: string[];
  /** The current alternative's best requirement: literals of which a match contains one, scored by the shortest. */
  best: string[] | undefined;
  score: number;
  run: string;
  look: boolean;
  /** Some alternative has no literal. */
  failed: boolean;
}

function level(look: boolean): Level {
  return { any: [], best: undefined, score: 1, run: '', look, failed: false };
}

/** Ends the current alternative: false when it has no literal. */
function nextAlternative(l: Level): boolean {
  endRun(l);
  if (!l.best) return false;
  for (const x of l.best) l.any.push(x);
  l.best = undefined;
  l.score = 1;
  return true;
}

function endRun(l: Level): void {
  if (l.run.length > l.score) (l.best = [l.run]), (l.score = l.run.length);
  l.run = '';
}

function offer(l: Level, set: string[]): void {
  let score = Infinity;
  for (const x of set) score = Math.min(score, x.length);
  if (score > l.score) (l.best = set), (l.score = score);
}

/** A character that occurs once: ASCII goes on the run, anything else ends it. */
function addChar(l: Level, c: number): void {
  if (c < 128) l.run += String.fromCharCode(c);
  else endRun(l);
}

/** One atom (`lit`: its literal character, if it is one) and its quantifier; false for a quantifier not read. */
function atom(l: Level, lit: string | undefined, src: string): boolean {
  const q = quantifier(src);
  if (!q) return false;
  if (lit === undefined || q.min === 0) endRun(l);
  else {
    addChar(l, lit.charCodeAt(0));
    // Repeated: the run cannot go on past it (abc+d need not contain "abcd").
    if (q.max !== 1) endRun(l);
  }
  return true;
}

/** The quantifier at TOKEN's position, consumed (none: exactly once); undefined for a "{" that is none. */
function quantifier(src: string): { min: number; max: number } | undefined {
  const at = TOKEN.lastIndex;
  if (at >= src.length || !isQuantifierStart(src.charCodeAt(at))) return { min: 1, max: 1 };
  const q = TOKEN.exec(src)![0];
  if (q[0] === '?') return { min: 0, max: 1 };
  if (q[0] === '*') return { min: 0, max: Infinity };
  if (q[0] === '+') return { min: 1, max: Infinity };
  const m = /^\{(\d+)(,(\d*))?\}/.exec(q);
  if (!m) return undefined;
  const min = Number(m[1]);
  return { min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity };
}

function isQuantifierStart(c: number): boolean {
  return c === 42 || c === 43 || c === 63 || c === 123 || c === 125; // * + ? { }
}

/** ASCII, and neither a letter nor a digit (an escaped letter or digit is a class, an assertion or a reference). */
function isPunct(c: number): boolean {
  return c < 128 && !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122));
}

/** True unless `lits` say the rule cannot match `text` (`lower`: the text in lower case). */
export function mayMatch(lits: Literals | undefined, text: string, lower: string): boolean {
  if (!lits) return true;
  const t = lits.caseless ? lower : text;
  for (const l of lits.any) if (t.includes(l)) return true;
  return false;
}
