import { registerSecret } from '../util/redact.js';
import { parseSlon, SlonError } from '../config/slon.js';
import { UsageError } from '../util/errors.js';

/** Where and what model to talk to. */
export interface ModelConfig {
  model: string;
  apiKey: string;
  baseURL?: string;
  /** Per-request timeout (ms). */
  timeoutMs: number;
  /** Retries on 429, 5xx and connection errors (with backoff, honouring Retry-After). */
  maxRetries: number;
}

const DEFAULT_MODEL = 'gpt-4o-mini';
const OLLAMA_URL = 'http://localhost:11434/v1';

/**
 * Resolves the model from `model=`, `OAF_MODEL` (mini-a SLON: `(type: openai, model: …, key: …,
 * url: …)`), `OPENAI_API_KEY`, `OPENAI_BASE_URL` and `OPENAI_MODEL`. Without a key or a URL
 * there is no model: a UsageError names every way to configure one.
 */
export function resolveModel(o: { model?: string }, env: NodeJS.ProcessEnv = process.env): ModelConfig {
  let oaf: Record<string, unknown> = {};
  if (env.OAF_MODEL) {
    let v: unknown;
    try {
      v = parseSlon(env.OAF_MODEL);
    } catch (e) {
      if (e instanceof SlonError) throw new UsageError(`OAF_MODEL: ${e.message}`);
      throw e;
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UsageError("OAF_MODEL must be a map such as (type: openai, model: gpt-4o-mini, key: '…')");
    oaf = v as Record<string, unknown>;
    const type = String(oaf.type ?? 'openai').toLowerCase();
    if (type === 'ollama') oaf.url ??= OLLAMA_URL;
    else if (type !== 'openai') {
      throw new UsageError(`OAF_MODEL type '${type}' is not supported: mini-a talks to OpenAI-compatible endpoints (type: openai with url: for vLLM, LM Studio, OpenRouter…; or type: ollama)`);
    }
    const unknown = Object.keys(oaf).filter((k) => !['type', 'model', 'key', 'url', 'timeout', 'maxRetries'].includes(k));
    if (unknown.length) throw new UsageError(`OAF_MODEL: unknown field(s) ${unknown.join(', ')}; allowed: type, model, key, url, timeout, maxRetries`);
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const apiKey = str(oaf.key) ?? str(env.OPENAI_API_KEY);
  const baseURL = str(oaf.url) ?? str(env.OPENAI_BASE_URL);
  if (!apiKey && !baseURL) {
    throw new UsageError(
      'no model configured: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL), or OAF_MODEL="(type: openai, model: gpt-4o-mini, key: \'…\', url: \'…\')", ' +
        "and choose the model with model=NAME. Without a model, dispatch='{…}' still works.",
    );
  }
  if (apiKey) registerSecret(apiKey, 'key');
  const model = o.model ?? str(oaf.model) ?? str(env.OPENAI_MODEL) ?? DEFAULT_MODEL;
  const num = (v: unknown, d: number) => (typeof v === 'number' && v >= 0 ? v : d);
  // Local servers (Ollama, vLLM, LM Studio) accept any key; the client needs a non-empty one.
  return { model, apiKey: apiKey ?? 'not-needed', baseURL, timeoutMs: num(oaf.timeout, 120_000), maxRetries: num(oaf.maxRetries, 3) };
}
