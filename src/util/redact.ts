/**
 * Redaction of secrets. One function, `redact`, is used for every listing, log line and error
 * message that could carry a connection's env values, header values, URL credentials or tokens.
 */

const MASK = '***';

/** Values registered as secret (env/header values, URL passwords, token args) are scrubbed from any text. */
const knownSecrets = new Set<string>();

const SECRET_NAME = /(key|token|secret|passw|pwd|auth|cred|session|cookie|bearer|private)/i;

// Token shapes worth hiding even when nobody registered them: OpenAI/Anthropic keys, GitHub,
// Slack and GitLab tokens, JWTs, `Bearer x`, and `--token=x` style flags.
const TOKEN_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{6,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{10,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{10,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{6,}/g,
  /\bglpat-[A-Za-z0-9_-]{10,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}/g,
];
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{3,}/gi;
const FLAG_WITH_VALUE = /(--?[A-Za-z0-9_-]*(?:key|token|secret|passw|pwd|auth|cred)[A-Za-z0-9_-]*[=:])([^\s'",)]+)/gi;

/** Remembers a secret value so that it is scrubbed from every later text. */
export function registerSecret(value: unknown, name = ''): void {
  if (typeof value !== 'string') return;
  // `Bearer xyz`: the credential alone may show up in text too.
  const scheme = /^(?:Bearer|Basic|Token)\s+(\S+)$/i.exec(value);
  if (scheme) registerSecret(scheme[1], 'token');
  // Short non-secret-looking values (PORT=3000, DEBUG=1) would mangle every log line if scrubbed.
  if (value.length >= 8 || (value.length >= 3 && SECRET_NAME.test(name))) knownSecrets.add(value);
}

function scrubText(text: string): string {
  let out = text;
  // Longest first so that a secret containing a shorter one is masked whole.
  for (const s of [...knownSecrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(MASK);
  }
  for (const re of TOKEN_PATTERNS) out = out.replace(re, MASK);
  out = out.replace(BEARER, (_m, scheme: string) => `${scheme} ${MASK}`);
  out = out.replace(FLAG_WITH_VALUE, (_m, flag: string) => `${flag}${MASK}`);
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

/** Masks the value after a secret-named flag (`--token x`) and token-looking args. */
function redactArgs(args: unknown[]): unknown[] {
  const out: unknown[] = [];
  let maskNext = false;
  for (const a of args) {
    if (typeof a !== 'string') {
      out.push(redact(a));
      continue;
    }
    if (maskNext && !a.startsWith('-')) {
      out.push(MASK);
      maskNext = false;
      continue;
    }
    maskNext = /^--?[A-Za-z0-9_-]*$/.test(a) && SECRET_NAME.test(a);
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
  if (!value || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => redactAny(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'env' || k === 'headers') out[k] = maskValues(v);
    else if (k === 'url' && typeof v === 'string') out[k] = redactUrl(v);
    else if (k === 'args' && Array.isArray(v)) out[k] = redactArgs(v);
    else if (k === 'cmd' && typeof v === 'string') out[k] = (redactArgs(v.split(' ')) as string[]).join(' ');
    else if (SECRET_NAME.test(k) && typeof v === 'string' && k !== 'tokens') out[k] = MASK;
    else out[k] = redactAny(v, depth + 1);
  }
  return out;
}
