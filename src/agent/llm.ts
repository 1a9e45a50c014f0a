import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { redact } from '../util/redact.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import type { ModelConfig } from './model-config.js';

export type Message = ChatCompletionMessageParam;
export type ToolDef = ChatCompletionTool;

/** Token usage as the endpoint reported it. */
export interface Usage {
  prompt: number;
  completion: number;
  total: number;
}

/** One model answer. */
export interface ModelReply {
  content: string | null;
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
  usage: Usage;
  /** Why the model stopped (stop, length, tool_calls…). */
  finishReason?: string;
  /** The model that answered, as the endpoint named it. */
  model?: string;
}

/** Per-request settings beyond the messages. */
export interface ChatOptions {
  maxTokens?: number;
  temperature?: number;
  stop?: string[];
  signal?: AbortSignal;
}

/** A model failure, in words a user can act on. */
export class ModelError extends Error {
  override name = 'ModelError';
}

/** Talks to any OpenAI-compatible chat completions endpoint through the `openai` package. */
export class Llm {
  private readonly client: OpenAI;

  constructor(readonly config: ModelConfig) {
    this.client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: config.maxRetries });
  }

  private get where(): string {
    return this.config.baseURL ?? 'https://api.openai.com/v1';
  }

  /** One chat completion; 429, 5xx and connection errors are retried with backoff by the client. */
  async chat(messages: Message[], tools?: ToolDef[], extra: ChatOptions = {}): Promise<ModelReply> {
    if (log.enabled('debug')) log.debug(`model request to ${this.where} (${this.config.model}): ${messages.length} messages, ${tools?.length ?? 0} tools, ${JSON.stringify(messages).length} bytes`);
    let res: OpenAI.Chat.Completions.ChatCompletion;
    try {
      res = await this.client.chat.completions.create(
        {
          model: this.config.model,
          messages,
          ...(tools?.length ? { tools } : {}),
          ...(extra.maxTokens !== undefined ? { max_tokens: extra.maxTokens } : {}),
          ...(extra.temperature !== undefined ? { temperature: extra.temperature } : {}),
          ...(extra.stop?.length ? { stop: extra.stop.slice(0, 4) } : {}),
        },
        extra.signal ? { signal: extra.signal } : undefined,
      );
    } catch (e) {
      throw this.explain(e);
    }
    const msg = res.choices?.[0]?.message;
    if (!msg) throw new ModelError(`the model endpoint at ${this.where} returned no choices`);
    const toolCalls = (msg.tool_calls ?? [])
      .filter((c): c is OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall => c.type === 'function')
      .map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments ?? '' }));
    const u = res.usage;
    if (log.enabled('debug')) log.debug(`model reply: ${toolCalls.length} tool call(s), ${msg.content?.length ?? 0} characters, usage ${u?.prompt_tokens ?? '?'}+${u?.completion_tokens ?? '?'} tokens`);
    return {
      content: msg.content ?? null,
      toolCalls,
      usage: { prompt: u?.prompt_tokens ?? 0, completion: u?.completion_tokens ?? 0, total: u?.total_tokens ?? 0 },
      finishReason: res.choices[0]?.finish_reason ?? undefined,
      model: res.model,
    };
  }

  private explain(e: unknown): ModelError {
    const tries = `after ${this.config.maxRetries + 1} attempts`;
    if (e instanceof OpenAI.APIConnectionTimeoutError) return new ModelError(`the model endpoint at ${this.where} did not answer within ${this.config.timeoutMs} ms (${tries})`);
    if (e instanceof OpenAI.APIConnectionError) {
      // fetch wraps the socket error: walk the causes for its code (ECONNREFUSED, ENOTFOUND…).
      let c: unknown = e;
      const seen: string[] = [];
      for (let i = 0; c && i < 5; i++, c = (c as { cause?: unknown }).cause) seen.push(`${(c as { code?: string }).code ?? ''} ${errorMessage(c)}`);
      const all = seen.join(' ');
      const why = /ECONNREFUSED/.test(all) ? 'connection refused' : /ENOTFOUND|EAI_AGAIN/.test(all) ? 'host not found' : /ECONNRESET/.test(all) ? 'connection reset' : redact(errorMessage((e as { cause?: unknown }).cause ?? e));
      return new ModelError(`cannot reach the model endpoint at ${this.where} (${why}) ${tries}`);
    }
    if (e instanceof OpenAI.AuthenticationError) return new ModelError(`the model endpoint at ${this.where} refused the API key (401): check OPENAI_API_KEY or the key in OAF_MODEL`);
    if (e instanceof OpenAI.PermissionDeniedError) return new ModelError(`the model endpoint at ${this.where} denied access (403) to model '${this.config.model}'`);
    if (e instanceof OpenAI.NotFoundError) return new ModelError(`model '${this.config.model}' was not found at ${this.where} (404): check model= or the model in OAF_MODEL`);
    if (e instanceof OpenAI.RateLimitError) return new ModelError(`the model endpoint at ${this.where} is rate-limiting (429) ${tries}; try again later`);
    if (e instanceof OpenAI.InternalServerError) return new ModelError(`the model endpoint at ${this.where} failed (${e.status}) ${tries}`);
    if (e instanceof OpenAI.APIError) return new ModelError(`the model endpoint at ${this.where} answered ${e.status ?? 'an error'}: ${redact(e.message)}`);
    return new ModelError(`model request failed: ${redact(errorMessage(e))}`);
  }
}
