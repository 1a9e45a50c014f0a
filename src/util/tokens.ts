import { createRequire } from 'node:module';

type O200k = typeof import('gpt-tokenizer/encoding/o200k_base');
let enc: O200k | undefined;
// Text such as "<|endoftext|>" in a tool description is counted as the text it is, as an API
// counts it: the default would refuse it (a server's description must never break a report).
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Exact token count with OpenAI's o200k_base encoding. gpt-tokenizer ships its ranks (nothing is
 * downloaded); it is loaded on first use because it costs ~0.4 s (js-tiktoken, before it, ~1.7 s).
 */
export function countTokens(text: string): number {
  enc ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as O200k;
  return enc.countTokens(text, AS_TEXT);
}

/** The cheap estimate used on hot paths: about 4 bytes per token. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
