import { getEncoding, type Tiktoken } from 'js-tiktoken';

let enc: Tiktoken | undefined;

/** Exact token count with OpenAI's o200k_base encoding (js-tiktoken ships its ranks; nothing is downloaded). */
export function countTokens(text: string): number {
  enc ??= getEncoding('o200k_base');
  return enc.encode(text).length;
}

/** The cheap estimate used on hot paths: about 4 bytes per token. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
