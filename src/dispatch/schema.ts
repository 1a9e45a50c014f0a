/**
 * The one tool the model sees. Its whole OpenAI function definition stays under 500 tokens
 * (test/dispatch-schema.test.ts counts it), however many servers and tools sit behind it.
 */

import { READ_OPS } from '../spill/readresult.js';

export { READ_OPS, type ReadOp } from '../spill/readresult.js';

export const TOOL_NAME = 'proxy-dispatch';

export const ACTIONS = ['list', 'search', 'info', 'call', 'readresult'] as const;
export type Action = (typeof ACTIONS)[number];

export const CAPABILITY_TYPES = ['tool', 'resource', 'prompt'] as const;
export type CapabilityType = (typeof CAPABILITY_TYPES)[number];

export const TOOL_DESCRIPTION =
  'Gateway to the tools, resources and prompts of many MCP servers. ' +
  'Find a tool with search (query in plain words) or list, get its input schema with info, then call it. ' +
  'Results too big for context go to a file (resultToFile=true, or automatically over a size threshold): ' +
  'you get resultFile and a preview. Inspect it with readresult: stat first, then grep/slice/head/tail; read only small files. ' +
  'Chain calls with argumentsFile.';

/** JSON Schema of proxy-dispatch's arguments. */
export const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: [...ACTIONS] },
    query: { type: 'string', description: 'search: what you need, in words' },
    connection: { type: 'string', description: 'server alias (c1), name or id' },
    tool: { type: 'string' },
    uri: { type: 'string', description: 'resource URI' },
    prompt: { type: 'string', description: 'prompt name' },
    type: { type: 'string', enum: [...CAPABILITY_TYPES] },
    arguments: { type: 'object', description: 'call: tool arguments' },
    argumentsFile: { type: 'string', description: "call: arguments from a JSON file or resultFile; 'PATH#arg' passes the whole file as one argument" },
    meta: { type: 'object' },
    resultToFile: { type: 'boolean' },
    cache: { type: 'boolean', description: 'call: false to skip cached results' },
    resultSizeThreshold: { type: 'integer', description: 'spill if result bytes exceed' },
    includeTools: { type: 'boolean' },
    includeInputSchema: { type: 'boolean' },
    includeAnnotations: { type: 'boolean' },
    refresh: { type: 'boolean' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    resultFile: { type: 'string' },
    op: { type: 'string', enum: [...READ_OPS] },
    lines: { type: 'integer' },
    fromLine: { type: 'integer' },
    toLine: { type: 'integer' },
    pattern: { type: 'string', description: 'grep: case-insensitive regex' },
    context: { type: 'integer' },
    maxBytes: { type: 'integer' },
  },
  required: ['action'],
  additionalProperties: false,
} as const;

/** The tool as MCP servers list it. */
export const PROXY_DISPATCH_TOOL = {
  name: TOOL_NAME,
  description: TOOL_DESCRIPTION,
  inputSchema: INPUT_SCHEMA,
} as const;

/** The tool in OpenAI function-calling form. */
export function openAiFunction(): { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } } {
  return { type: 'function', function: { name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: INPUT_SCHEMA as unknown as Record<string, unknown> } };
}
