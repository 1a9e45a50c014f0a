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

/** Finds the first complete JSON object or array in text (strings and escapes respected). */
export function extractJson(text: string): { value: unknown } | undefined {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  const sources = fenced ? [fenced[1]!, text] : [text];
  for (const src of sources) {
    for (let start = src.search(/[{[]/); start !== -1; ) {
      const end = matchingEnd(src, start);
      if (end !== -1) {
        try {
          return { value: JSON.parse(src.slice(start, end + 1)) };
        } catch {
          // Not JSON after all (prose with braces): look further.
        }
      }
      const next = src.slice(start + 1).search(/[{[]/);
      start = next === -1 ? -1 : start + 1 + next;
    }
  }
  return undefined;
}

function matchingEnd(s: string, start: number): number {
  const stack: string[] = [];
  let inStr = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i]!;
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (!stack.length) return i;
    }
  }
  return -1;
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
