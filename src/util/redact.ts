/**
 * Redaction of secrets. One function, `redact`, is used for every listing, log line and error
 * message that could carry a connection's env values, header values, URL credentials or tokens.
 */

const MASK = '***';

/** Values registered as secret (env/header values, URL passwords, token args) are scrubbed from any text. */
const knownSecrets = new Set<string>();

const SECRET_NAME = /(key|token|secret|passw|pwd|auth|cred|session|cookie|bearer|private)/i;

// Token shapes worth hiding even when nobody registered them: OpenAI/Anthropic keys, GitHub,
// Slack and GitLab tokens, `Bearer x`. Each is linear: a failed attempt costs at most a few
// characters, and a successful one consumes its whole run. JWTs and `--token=x` / `--token x`
// flags are found by the scanners below, since a regex for them backtracks quadratically.
const TOKEN_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{6,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{10,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{10,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{6,}/g,
  /\bglpat-[A-Za-z0-9_-]{10,}/g,
];
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{3,}/gi;
/** Words that make a flag secret-named (`--api-key`, `--token`, `--db-password`, `-pwd`). */
const FLAG_WORDS = ['key', 'token', 'secret', 'passw', 'pwd', 'auth', 'cred'];
/** How deep `redact` walks; anything deeper is masked whole rather than passed on unread. */
const MAX_DEPTH = 20;

/** Remembers a secret value so that it is scrubbed from every later text. */
export function registerSecret(value: unknown, name = ''): void {
  if (typeof value !== 'string') return;
  // `Bearer xyz`: the credential alone may show up in text too.
  const scheme = /^(?:Bearer|Basic|Token)\s+(\S+)$/i.exec(value);
  if (scheme) registerSecret(scheme[1], 'token');
  // Short non-secret-looking values (PORT=3000, DEBUG=1) would mangle every log line if scrubbed.
  if (value.length >= 8 || (value.length >= 3 && SECRET_NAME.test(name))) knownSecrets.add(value);
}

// Character classes of the scanners, by char code.
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** [A-Za-z0-9_-]: flag names and base64url (JWT) characters. */
const isNameChar = (c: number) => isAlnum(c) || c === 95 || c === 45;
/** \w, for word boundaries. */
const isWordChar = (c: number) => isAlnum(c) || c === 95;
/** Characters a flag's value cannot contain: whitespace, quotes, comma, closing parenthesis. */
const endsValue = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 34 || c === 39 || c === 44 || c === 41;

function runEnd(text: string, from: number, pred: (c: number) => boolean): number {
  let i = from;
  while (i < text.length && pred(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Masks JWTs (`eyJ…` `.` `…` `.` `…`, segments of at least 8, 8 and 4 base64url characters).
 * Linear: every segment is a maximal run, so after a failed candidate the scan goes on past
 * its first run (any later `eyJ` inside it would reach the same dots and fail too).
 */
function maskJwts(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const s = text.indexOf('eyJ', from);
    if (s === -1) break;
    const r1 = runEnd(text, s + 3, isNameChar);
    from = r1 + 1;
    if (s > 0 && isWordChar(text.charCodeAt(s - 1))) continue;
    if (r1 - (s + 3) < 8 || text.charCodeAt(r1) !== 46) continue;
    const r2 = runEnd(text, r1 + 1, isNameChar);
    if (r2 - (r1 + 1) < 8 || text.charCodeAt(r2) !== 46) continue;
    const r3 = runEnd(text, r2 + 1, isNameChar);
    if (r3 - (r2 + 1) < 4) continue;
    out += text.slice(copied, s) + MASK;
    copied = r3;
    from = r3;
  }
  return copied ? out + text.slice(copied) : text;
}

/**
 * Masks the value of a secret-named flag: `--api-key=X`, `-token:X` (anywhere, as a flag may
 * sit inside a longer word: `my-token=X`), and the space form `--api-key X` (also `'--api-key', 'X'`
 * and `"--api-key","X"` as printed arrays show it) when the flag starts a word. A hand-written
 * scan in one pass: every character is looked at a bounded number of times.
 */
function maskFlagValues(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  const n = text.length;
  for (;;) {
    const dash = text.indexOf('-', from);
    if (dash === -1) break;
    // The flag is the run of name characters from this dash; the run may have begun before it.
    const end = runEnd(text, dash, isNameChar);
    from = end;
    const name = text.slice(dash + 1, end).toLowerCase();
    if (!FLAG_WORDS.some((w) => name.includes(w))) continue;
    let v = -1;
    const c = text.charCodeAt(end);
    if (c === 61 || c === 58) v = end + 1; // '=' or ':'
    else if (dash === 0 || !isNameChar(text.charCodeAt(dash - 1))) {
      // Space form: a short separator of blanks, quotes and a comma, then a value that is not a flag.
      let p = end;
      while (p < n && p - end < 4 && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9 || text.charCodeAt(p) === 34 || text.charCodeAt(p) === 39 || text.charCodeAt(p) === 44)) p++;
      if (p > end && p < n && text.charCodeAt(p) !== 45) v = p;
    }
    if (v === -1) continue;
    const ve = runEnd(text, v, (x) => !endsValue(x));
    if (ve === v) continue;
    out += text.slice(copied, v) + MASK;
    copied = ve;
    from = ve;
  }
  return copied ? out + text.slice(copied) : text;
}

function scrubText(text: string): string {
  let out = text;
  // Longest first so that a secret containing a shorter one is masked whole.
  for (const s of [...knownSecrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(MASK);
  }
  for (const re of TOKEN_PATTERNS) out = out.replace(re, MASK);
  out = maskJwts(out);
  out = out.replace(BEARER, (_m, scheme: string) => `${scheme} ${MASK}`);
  out = maskFlagValues(out);
  return out;
}

/** Masks the password and secret-looking query parameters of a URL. */
function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = MASK;
    if (u.username && u.password === '') u.username = MASK;
    for (const k of [...u.searchParams.keys()]) {
      if (SECRET_NAME.test(k)) u.searchParams.set(k, MASK);
    }
    return scrubText(u.toString().replace(/%2A%2A%2A/g, MASK));
  } catch {
    return scrubText(raw);
  }
}

/** True for a flag whose value is a credential (`--api-key`, `--token`, `-password`): masked in listings, registered from specs. */
export function isSecretFlag(arg: string): boolean {
  return /^--?[A-Za-z0-9_-]*$/.test(arg) && SECRET_NAME.test(arg);
}

/** Masks the value after a secret-named flag (`--token x`) and token-looking args. */
function redactArgs(args: unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  let maskNext = false;
  for (const a of args) {
    if (typeof a !== 'string') {
      out.push(redactAny(a, depth + 1));
      continue;
    }
    if (maskNext && !a.startsWith('-')) {
      out.push(MASK);
      maskNext = false;
      continue;
    }
    maskNext = isSecretFlag(a);
    out.push(scrubText(a));
  }
  return out;
}

function maskValues(obj: unknown): unknown {
  if (!obj || typeof obj !== 'object') return MASK;
  return Object.fromEntries(Object.keys(obj).map((k) => [k, MASK]));
}

/**
 * Returns a copy of `value` with every secret masked: strings are scrubbed of registered secrets
 * and token shapes; in objects, `env` and `headers` values are masked, `url` credentials hidden
 * and `args` tokens masked; Errors come back as Errors with a scrubbed message.
 */
export function redact<T>(value: T): T {
  return redactAny(value, 0) as T;
}

function redactAny(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) {
    const e = new Error(scrubText(value.message));
    e.name = value.name;
    return e;
  }
  if (!value || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return MASK;
  if (Array.isArray(value)) return value.map((v) => redactAny(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'env' || k === 'headers') out[k] = maskValues(v);
    else if (k === 'url' && typeof v === 'string') out[k] = redactUrl(v);
    else if (k === 'args' && Array.isArray(v)) out[k] = redactArgs(v, depth + 1);
    else if (k === 'cmd' && typeof v === 'string') out[k] = (redactArgs(v.split(' '), depth + 1) as string[]).join(' ');
    else if (SECRET_NAME.test(k) && typeof v === 'string' && k !== 'tokens') out[k] = MASK;
    else out[k] = redactAny(v, depth + 1);
  }
  return out;
}
