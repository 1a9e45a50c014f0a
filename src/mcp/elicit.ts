import { createReadStream, type ReadStream } from 'node:fs';
import readline from 'node:readline';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** How mini-a answers a server's elicitation request when it runs as the client. */
export type ElicitMode = 'ask' | 'defaults' | 'decline';

/** One field of a form-mode request, as the spec allows them (flat primitives and enums). */
interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
  anyOf?: Array<{ const?: unknown; title?: string }>;
  items?: { type?: string; enum?: unknown[]; anyOf?: Array<{ const?: unknown; title?: string }> };
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

/** The requested schema of a form-mode elicitation. */
export interface FormSchema {
  type?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

type Value = string | number | boolean | string[];

/** The choices of an enum field, as [value, label] pairs. */
function choicesOf(f: FieldSchema): Array<[unknown, string]> | undefined {
  if (Array.isArray(f.enum)) return f.enum.map((v, i) => [v, f.enumNames?.[i] ?? String(v)]);
  const alts = f.oneOf ?? f.anyOf;
  if (Array.isArray(alts) && alts.every((a) => a && 'const' in a)) return alts.map((a) => [a.const, a.title ?? String(a.const)]);
  return undefined;
}

function itemChoices(f: FieldSchema): Array<[unknown, string]> | undefined {
  const it = f.items;
  if (!it) return undefined;
  if (Array.isArray(it.enum)) return it.enum.map((v) => [v, String(v)]);
  if (Array.isArray(it.anyOf)) return it.anyOf.map((a) => [a.const, a.title ?? String(a.const)]);
  return undefined;
}

/** local@domain.tld without spaces: a plain scan, no regex backtracking. */
function looksLikeEmail(t: string): boolean {
  const at = t.indexOf('@');
  if (at <= 0 || at !== t.lastIndexOf('@') || /\s/.test(t)) return false;
  const domain = t.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

/** Converts a typed answer to the field's type, or says what is wrong with it. Linear in the answer. */
export function parseAnswer(f: FieldSchema, raw: string): { value: Value } | { error: string } {
  const text = raw.trim();
  const choices = choicesOf(f);
  if (choices) {
    const byIndex = /^\d+$/.test(text) ? choices[Number(text) - 1] : undefined;
    const hit = byIndex ?? choices.find(([v, label]) => String(v) === text || label.toLowerCase() === text.toLowerCase());
    if (!hit) return { error: `choose one of: ${choices.map(([v], i) => `${i + 1}) ${String(v)}`).join(', ')}` };
    return { value: hit[0] as Value };
  }
  if (f.type === 'array') {
    const opts = itemChoices(f) ?? [];
    const parts = text ? text.split(',').map((p) => p.trim()).filter(Boolean) : [];
    const out: string[] = [];
    for (const p of parts) {
      const byIndex = /^\d+$/.test(p) ? opts[Number(p) - 1] : undefined;
      const hit = byIndex ?? opts.find(([v, label]) => String(v) === p || label.toLowerCase() === p.toLowerCase());
      if (!hit) return { error: `'${p}' is not one of: ${opts.map(([v]) => String(v)).join(', ')}` };
      out.push(String(hit[0]));
    }
    if (f.minItems !== undefined && out.length < f.minItems) return { error: `choose at least ${f.minItems}` };
    if (f.maxItems !== undefined && out.length > f.maxItems) return { error: `choose at most ${f.maxItems}` };
    return { value: out };
  }
  if (f.type === 'boolean') {
    if (/^(y|yes|true|1|on)$/i.test(text)) return { value: true };
    if (/^(n|no|false|0|off)$/i.test(text)) return { value: false };
    return { error: 'answer yes or no' };
  }
  if (f.type === 'number' || f.type === 'integer') {
    const n = Number(text);
    if (!text || !Number.isFinite(n)) return { error: 'a number, please' };
    if (f.type === 'integer' && !Number.isInteger(n)) return { error: 'a whole number, please' };
    if (f.minimum !== undefined && n < f.minimum) return { error: `at least ${f.minimum}` };
    if (f.maximum !== undefined && n > f.maximum) return { error: `at most ${f.maximum}` };
    return { value: n };
  }
  if (f.minLength !== undefined && text.length < f.minLength) return { error: `at least ${f.minLength} characters` };
  if (f.maxLength !== undefined && text.length > f.maxLength) return { error: `at most ${f.maxLength} characters` };
  if (f.format === 'email' && !looksLikeEmail(text)) return { error: 'an email address, please' };
  if (f.format === 'uri') {
    try {
      new URL(text);
    } catch {
      return { error: 'a URL, please' };
    }
  }
  if (f.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return { error: 'a date as YYYY-MM-DD, please' };
  if (f.format === 'date-time' && Number.isNaN(Date.parse(text))) return { error: 'a date and time (ISO 8601), please' };
  return { value: text };
}

/** `defaults` mode: accept with the schema's defaults when every required field has one, else decline. */
export function answerWithDefaults(schema: FormSchema): { result: ElicitResult; note: string } {
  const props = schema.properties ?? {};
  const missing = (schema.required ?? []).filter((k) => props[k]?.default === undefined);
  if (missing.length) return { result: { action: 'decline' }, note: `declined: no default for required field(s) ${missing.join(', ')}` };
  const content: Record<string, Value> = {};
  for (const [k, f] of Object.entries(props)) if (f.default !== undefined) content[k] = f.default as Value;
  return { result: { action: 'accept', content }, note: `accepted with defaults (${Object.keys(content).join(', ') || 'no fields'})` };
}

/** Where `ask` mode reads answers and writes questions. */
export interface Terminal {
  question(prompt: string): Promise<string | undefined>;
  write(text: string): void;
  close(): void;
}

/** The controlling terminal (/dev/tty), or stdin when it is one; undefined when there is none. */
export function openTerminal(): Terminal | undefined {
  let input: NodeJS.ReadableStream | undefined;
  let tty: ReadStream | undefined;
  if (process.stdin.isTTY) input = process.stdin;
  else {
    try {
      tty = createReadStream('/dev/tty');
      input = tty;
    } catch {
      return undefined;
    }
  }
  const rl = readline.createInterface({ input, output: process.stderr, terminal: false });
  const lines: string[] = [];
  const waiting: Array<(l: string | undefined) => void> = [];
  let ended = false;
  rl.on('line', (l) => (waiting.length ? waiting.shift()!(l) : lines.push(l)));
  rl.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(undefined);
  });
  return {
    question: (prompt) => {
      process.stderr.write(prompt);
      if (lines.length) return Promise.resolve(lines.shift());
      if (ended) return Promise.resolve(undefined);
      return new Promise((r) => waiting.push(r));
    },
    write: (t) => process.stderr.write(t),
    close: () => {
      rl.close();
      tty?.destroy();
    },
  };
}

/** `ask` mode: the user answers field by field; an empty answer takes the default. */
export async function askForm(term: Terminal, server: string, message: string, schema: FormSchema): Promise<ElicitResult> {
  term.write(`\nmini-a: ${server} asks: ${message}\n`);
  const first = (await term.question('Answer now? [Y]es / [n]o (decline) / [c]ancel: '))?.trim().toLowerCase();
  if (first === undefined || first === 'c' || first === 'cancel') return { action: 'cancel' };
  if (first === 'n' || first === 'no') return { action: 'decline' };
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const content: Record<string, Value> = {};
  for (const [key, f] of Object.entries(props)) {
    const choices = choicesOf(f) ?? (f.type === 'array' ? itemChoices(f) : undefined);
    const label = f.title ?? key;
    const dflt = f.default !== undefined ? ` [${Array.isArray(f.default) ? f.default.join(',') : String(f.default)}]` : '';
    const opt = required.has(key) ? '' : ' (optional)';
    if (f.description) term.write(`  ${f.description}\n`);
    if (choices) term.write(choices.map(([v, l], i) => `    ${i + 1}) ${l}${l !== String(v) ? ` (${String(v)})` : ''}`).join('\n') + '\n');
    for (;;) {
      const raw = await term.question(`  ${label}${opt}${f.type === 'array' ? ' (comma-separated)' : f.type === 'boolean' ? ' (y/n)' : ''}${dflt}: `);
      if (raw === undefined) return { action: 'cancel' };
      if (!raw.trim()) {
        if (f.default !== undefined) {
          content[key] = f.default as Value;
          break;
        }
        if (!required.has(key)) break;
        term.write('  (required)\n');
        continue;
      }
      const r = parseAnswer(f, raw);
      if ('error' in r) {
        term.write(`  ${r.error}\n`);
        continue;
      }
      content[key] = r.value;
      break;
    }
  }
  return { action: 'accept', content };
}

/** `ask` mode for URL elicitation: shows the URL and asks for consent. */
export async function askUrl(term: Terminal, server: string, message: string, url: string): Promise<ElicitResult> {
  term.write(`\nmini-a: ${server} asks you to open ${url}\n  ${message}\n`);
  const a = (await term.question('Open it and continue? [Y]es / [n]o: '))?.trim().toLowerCase();
  if (a === undefined) return { action: 'cancel' };
  return { action: a === 'n' || a === 'no' ? 'decline' : 'accept' };
}
