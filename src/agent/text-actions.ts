/**
 * The JSON action format of text mode (usetools=false): the model answers in plain text holding
 * one JSON object. Parsing is forgiving (code fences, prose around the JSON); what cannot be read
 * gets a correction message that says what to send instead.
 */

/** One tool use asked for in text. */
export interface TextCall {
  tool: string;
  params: unknown;
  /** The object as the model wrote it. */
  raw: Record<string, unknown>;
}

export type TextAction = { kind: 'final'; answer: string } | { kind: 'calls'; calls: TextCall[] } | { kind: 'invalid'; why: string };

/** The instructions that teach the format. */
export function textFormatInstructions(toolNames: string): string {
  return [
    'Answer with exactly one JSON object and nothing else:',
    `- to use a tool: {"thought": "why", "action": "<tool>", "params": {…arguments…}} where <tool> is ${toolNames}`,
    '- several tools at once: {"thought": "…", "actions": [{"action": "<tool>", "params": {…}}, …]}',
    '- when done: {"thought": "…", "action": "final", "answer": "the answer for the user"}',
  ].join('\n');
}

/**
 * Finds the first complete JSON object or array in text: inside a ```json fence first, then
 * anywhere (prose around it, braces in the prose). Candidates are the `{` and `[` in order, as a
 * reader would try them; the first one that starts valid JSON wins.
 */
export function extractJson(text: string): { value: unknown } | undefined {
  const fenced = fencedBlock(text);
  for (const src of fenced !== undefined ? [fenced, text] : [text]) {
    const found = firstJsonValue(src);
    if (found) return found;
  }
  return undefined;
}

/** The body of the first ``` fence (an optional json tag and blank lines skipped), if it is closed. */
function fencedBlock(text: string): string | undefined {
  const open = text.indexOf('```');
  if (open === -1) return undefined;
  let p = open + 3;
  if (text.startsWith('json', p) || text.startsWith('JSON', p)) p += 4;
  while (p < text.length && /\s/.test(text[p]!)) p++;
  const close = text.indexOf('```', p);
  return close === -1 ? undefined : text.slice(p, close);
}

/**
 * Linear in practice, bounded always: one scan from a candidate also settles every container
 * that opens inside it (those that close are valid JSON; those still open where the scan failed
 * fail at the same place), so `[[[[…` costs one pass. Only candidates hidden inside strings of a
 * failed one are scanned again, and a budget of a few passes over the text stops a reply built
 * to make that quadratic (it then counts as having no JSON).
 */
function firstJsonValue(src: string): { value: unknown } | undefined {
  // known[p]: 0 = not scanned yet, -1 = no JSON container starts at p, e + 1 = one does and ends at e.
  const known = new Int32Array(src.length);
  let budget = 8 * src.length + 65_536;
  for (let p = nextOpener(src, 0); p !== -1; p = nextOpener(src, p + 1)) {
    if (known[p] === 0) budget -= scanJson(src, p, known);
    const k = known[p]!;
    if (k > 0) {
      try {
        return { value: JSON.parse(src.slice(p, k)) };
      } catch {
        // The scanner accepts only JSON; this is a safety net, not a path.
      }
    }
    if (budget < 0) return undefined;
  }
  return undefined;
}

function nextOpener(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 123 || c === 91) return i;
  }
  return -1;
}

const isJsonSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** End of the JSON string that starts (at its quote) at `i`, or -(position of the error) - 1. */
function scanString(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 34) return j;
    if (c < 32) return -j - 1;
    if (c === 92) {
      const e = s[j + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(s.slice(j + 2, j + 6))) return -(j + 1) - 1;
        j += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j++;
      else return -(j + 1) - 1;
    }
  }
  return -s.length - 1;
}

/** End (exclusive) of the JSON number at `i`, or -(position of the error) - 1. */
function scanNumber(s: string, i: number): number {
  let j = i;
  if (s.charCodeAt(j) === 45) j++;
  if (s.charCodeAt(j) === 48) j++;
  else if (isDigit(s.charCodeAt(j))) while (isDigit(s.charCodeAt(j))) j++;
  else return -j - 1;
  if (s.charCodeAt(j) === 46) {
    j++;
    if (!isDigit(s.charCodeAt(j))) return -j - 1;
    while (isDigit(s.charCodeAt(j))) j++;
  }
  if (s.charCodeAt(j) === 101 || s.charCodeAt(j) === 69) {
    j++;
    if (s.charCodeAt(j) === 43 || s.charCodeAt(j) === 45) j++;
    if (!isDigit(s.charCodeAt(j))) return -j - 1;
    while (isDigit(s.charCodeAt(j))) j++;
  }
  return j;
}

type Frame = { obj: boolean; start: number; state: 'first' | 'key' | 'colon' | 'value' | 'next' };

/**
 * Scans the JSON container that opens at `start`, without recursion, and records in `known`
 * what it learned about every container that opened on the way (see firstJsonValue).
 * Returns how many characters it read.
 */
function scanJson(s: string, start: number, known: Int32Array): number {
  const stack: Frame[] = [];
  let i = start;
  const open = (at: number) => stack.push({ obj: s.charCodeAt(at) === 123, start: at, state: 'first' });
  const fail = (at: number) => {
    for (const f of stack) known[f.start] = -1;
    return at - start + 1;
  };
  open(i++);
  for (;;) {
    while (i < s.length && isJsonSpace(s.charCodeAt(i))) i++;
    if (i >= s.length) return fail(i);
    const top = stack[stack.length - 1]!;
    const c = s.charCodeAt(i);
    if ((top.state === 'first' || top.state === 'next') && c === (top.obj ? 125 : 93)) {
      stack.pop();
      known[top.start] = i + 1;
      if (!stack.length) return i - start + 1;
      stack[stack.length - 1]!.state = 'next';
      i++;
      continue;
    }
    if (top.state === 'next') {
      if (c !== 44) return fail(i);
      top.state = top.obj ? 'key' : 'value';
      i++;
      continue;
    }
    if (top.state === 'colon') {
      if (c !== 58) return fail(i);
      top.state = 'value';
      i++;
      continue;
    }
    if (top.obj && (top.state === 'first' || top.state === 'key')) {
      if (c !== 34) return fail(i);
      const e = scanString(s, i);
      if (e < 0) return fail(-e - 1);
      top.state = 'colon';
      i = e + 1;
      continue;
    }
    // A value: in an array ('first' or 'value'), or after a key's colon.
    if (c === 123 || c === 91) {
      top.state = 'next';
      open(i++);
      continue;
    }
    let e: number; // end (exclusive) of the value, or -(where it went wrong) - 1
    if (c === 34) {
      const q = scanString(s, i);
      e = q < 0 ? q : q + 1;
    } else if (c === 45 || isDigit(c)) e = scanNumber(s, i);
    else {
      const word = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : '';
      e = word && s.startsWith(word, i) ? i + word.length : -i - 1;
    }
    if (e < 0) return fail(-e - 1);
    top.state = 'next';
    i = e;
  }
}

function toCall(o: unknown, where: string): TextCall | string {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return `${where} is not an object`;
  const a = o as Record<string, unknown>;
  const tool = a.action ?? a.tool;
  if (typeof tool !== 'string' || !tool) return `${where} has no "action" naming the tool`;
  return { tool, params: a.params ?? a.arguments ?? a.args ?? {}, raw: a };
}

/** Reads the model's text as a final answer, one or more tool calls, or says why it cannot. */
export function parseTextAction(text: string | null): TextAction {
  if (!text || !text.trim()) return { kind: 'invalid', why: 'the reply was empty' };
  const found = extractJson(text);
  if (!found) return { kind: 'invalid', why: 'no JSON object was found in the reply' };
  const v = found.value;
  const list = Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray((v as { actions?: unknown }).actions) ? ((v as { actions: unknown[] }).actions) : undefined;
  if (list) {
    if (!list.length) return { kind: 'invalid', why: '"actions" is empty' };
    const calls: TextCall[] = [];
    for (const [i, item] of list.entries()) {
      const c = toCall(item, `actions[${i}]`);
      if (typeof c === 'string') return { kind: 'invalid', why: c };
      if (c.tool === 'final') return { kind: 'invalid', why: '"final" cannot be mixed with tool actions' };
      calls.push(c);
    }
    return { kind: 'calls', calls };
  }
  const c = toCall(v, 'the JSON');
  if (typeof c === 'string') return { kind: 'invalid', why: c };
  if (c.tool === 'final') {
    const answer = (v as Record<string, unknown>).answer;
    if (answer === undefined) return { kind: 'invalid', why: '"final" needs "answer"' };
    return { kind: 'final', answer: typeof answer === 'string' ? answer : JSON.stringify(answer) };
  }
  return { kind: 'calls', calls: [c] };
}

/** What the model is told when its reply could not be used. */
export function correction(why: string, toolNames: string): string {
  return `Your last reply could not be used: ${why}.\n${textFormatInstructions(toolNames)}`;
}
