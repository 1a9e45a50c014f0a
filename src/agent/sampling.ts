import type { ServerRef } from '../mcp/client-hooks.js';
import { RpcError } from '../mcp/client-hooks.js';
import type { Llm, Message } from './llm.js';

/** MCP content of a sampling message, the kinds a chat model can take. */
interface SamplingContent {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
}

function toText(c: SamplingContent | SamplingContent[] | undefined): string {
  const parts = Array.isArray(c) ? c : c ? [c] : [];
  return parts.map((p) => (p.type === 'text' ? (p.text ?? '') : `[${p.type}${p.mimeType ? ` ${p.mimeType}` : ''} omitted]`)).join('\n');
}

/** Turns a sampling request into chat messages (images as image parts where the model takes them). */
export function samplingMessages(params: Record<string, unknown>): Message[] {
  const out: Message[] = [];
  if (typeof params.systemPrompt === 'string' && params.systemPrompt) out.push({ role: 'system', content: params.systemPrompt });
  const msgs = Array.isArray(params.messages) ? (params.messages as Array<{ role?: string; content?: SamplingContent | SamplingContent[] }>) : [];
  if (!msgs.length) throw new RpcError(-32602, 'sampling request has no messages');
  for (const m of msgs) {
    const parts = Array.isArray(m.content) ? m.content : m.content ? [m.content] : [];
    if (m.role === 'user' && parts.some((p) => p.type === 'image' && p.data)) {
      out.push({
        role: 'user',
        content: parts.map((p) => (p.type === 'image' && p.data ? { type: 'image_url' as const, image_url: { url: `data:${p.mimeType ?? 'image/png'};base64,${p.data}` } } : { type: 'text' as const, text: toText(p) })),
      });
    } else {
      out.push({ role: m.role === 'assistant' ? 'assistant' : 'user', content: toText(m.content) });
    }
  }
  return out;
}

/**
 * Serves a server's `sampling/createMessage` with the agent's model: the server's maxTokens,
 * capped at `maxTokensCap`; one log line per request.
 */
export async function sample(llm: Llm, server: ServerRef, params: Record<string, unknown>, maxTokensCap: number, say: (line: string) => void, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const asked = typeof params.maxTokens === 'number' && params.maxTokens > 0 ? Math.floor(params.maxTokens) : maxTokensCap;
  const maxTokens = Math.min(asked, maxTokensCap);
  const messages = samplingMessages(params);
  const reply = await llm.chat(messages, undefined, {
    maxTokens,
    temperature: typeof params.temperature === 'number' ? params.temperature : undefined,
    stop: Array.isArray(params.stopSequences) ? params.stopSequences.filter((s): s is string => typeof s === 'string') : undefined,
    signal,
  });
  say(`sampling for ${server.label}: ${reply.usage.prompt}+${reply.usage.completion} tokens (max ${maxTokens})`);
  const stopReason = reply.finishReason === 'length' ? 'maxTokens' : reply.finishReason === 'stop' ? 'endTurn' : (reply.finishReason ?? 'endTurn');
  return { role: 'assistant', content: { type: 'text', text: reply.content ?? '' }, model: reply.model ?? llm.config.model, stopReason };
}
