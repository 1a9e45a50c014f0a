import type { DispatchResponse } from '../dispatch/dispatcher.js';

/** Bytes of base64 text. */
function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4);
}

/** A content block as the model sees it: binary data (images, audio, blobs) described, not pasted. */
function block(b: unknown): unknown {
  if (!b || typeof b !== 'object') return b;
  const c = b as Record<string, unknown>;
  if ((c.type === 'image' || c.type === 'audio') && typeof c.data === 'string') {
    return { type: c.type, mimeType: c.mimeType, bytes: base64Bytes(c.data), note: `${c.type} data not shown to the model` };
  }
  if (c.type === 'resource' && c.resource && typeof (c.resource as { blob?: unknown }).blob === 'string') {
    const { blob, ...rest } = c.resource as Record<string, unknown>;
    return { ...c, resource: { ...rest, bytes: base64Bytes(blob as string), note: 'binary data not shown to the model' } };
  }
  return b;
}

/**
 * A proxy-dispatch answer as text for the model: binary content is described instead of pasted
 * (a small PNG is over a thousand tokens of base64), and structured content that repeats the
 * text content is given once.
 */
export function forModel(res: DispatchResponse): string {
  if (!Array.isArray(res.content)) return JSON.stringify(res);
  const { structuredContent: _dup, ...rest } = res;
  const blocks = res.content as unknown[];
  const hasText = blocks.some((b) => (b as { type?: unknown })?.type === 'text');
  return JSON.stringify({ ...(hasText ? rest : res), content: blocks.map(block) });
}
