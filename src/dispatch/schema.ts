/**
 * The one tool the model sees. Its whole OpenAI function definition stays under 500 tokens
 * (test/dispatch-schema.test.ts counts it), however many servers and tools sit behind it.
 */

import { READ_OPS } from '../spill/readresult.js';

export { READ_OPS, type ReadOp } from '../spill/readresult.js';

export const TOOL_NAME = 'proxy-dispatch';

export const ACTIONS = ['list', 'search', 'info', 'call', 'batch', 'run', 'readresult'] as const;

/** Formats action=info gives: JSON Schemas, or a TypeScript signature for action=run. */
export const INFO_FORMATS = ['json', 'typescript'] as const;
export type Action = (typeof ACTIONS)[number];

export const CAPABILITY_TYPES = ['tool', 'resource', 'prompt'] as const;
export type CapabilityType = (typeof CAPABILITY_TYPES)[number];

export const TOOL_DESCRIPTION =
  'Gateway to the tools, resources and prompts of many MCP servers. ' +
  'Find a tool with search (plain words) or list, get its schema with info, then call it; select (JMESPath) keeps only what you need. ' +
  'batch: many calls at once (calls: [{tool, arguments, select?}]). ' +
  'run: JavaScript for multi-step work, with await mcp.call(tool, args) and return (info format=typescript gives signatures). ' +
  'Big results go to a file (resultToFile=true, or over a threshold): you get resultFile and an outline; readresult it: query (select), items (path, cursor), grep, slice. ' +
  'Chain calls with argumentsFile.';

/** JSON Schema of proxy-dispatch's arguments. */
export const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: [...ACTIONS] },
    query: { type: 'string' },
    connection: { type: 'string', description: 'server alias or name' },
    tool: { type: 'string' },
    uri: { type: 'string' },
    prompt: { type: 'string' },
    type: { type: 'string', enum: [...CAPABILITY_TYPES] },
    arguments: { type: 'object' },
    argumentsFile: { type: 'string', description: "JSON file or resultFile; 'PATH#arg': file as one arg" },
    select: { type: 'string' },
    calls: { type: 'array', items: { type: 'object' } },
    code: { type: 'string' },
    format: { type: 'string' },
    meta: { type: 'object' },
    resultToFile: { type: 'boolean' },
    cache: { type: 'boolean' },
    resultSizeThreshold: { type: 'integer' },
    includeTools: { type: 'boolean' },
    includeInputSchema: { type: 'boolean' },
    includeAnnotations: { type: 'boolean' },
    refresh: { type: 'boolean' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    resultFile: { type: 'string' },
    op: { type: 'string', enum: [...READ_OPS] },
    path: { type: 'string' },
    cursor: { type: 'string' },
    lines: { type: 'integer' },
    fromLine: { type: 'integer' },
    toLine: { type: 'integer' },
    pattern: { type: 'string' },
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
