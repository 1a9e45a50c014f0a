import { createRequire } from 'node:module';
import type { Tiktoken } from 'js-tiktoken';

let enc: Tiktoken | undefined;

/**
 * Exact token count with OpenAI's o200k_base encoding. js-tiktoken ships its ranks (nothing is
 * downloaded); it is loaded on first use because it costs ~50 ms of start-up.
 */
export function countTokens(text: string): number {
  if (!enc) {
    const { getEncoding } = createRequire(import.meta.url)('js-tiktoken') as typeof import('js-tiktoken');
    enc = getEncoding('o200k_base');
  }
  return enc.encode(text).length;
}

/** The cheap estimate used on hot paths: about 4 bytes per token. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
