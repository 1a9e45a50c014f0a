import type { Dispatcher, DispatchEvent, DispatchResponse } from '../dispatch/dispatcher.js';
import { forModel } from './for-model.js';
import { directFunction, directTools, type DirectTool } from '../dispatch/direct.js';
import { ACTIONS, INPUT_SCHEMA, openAiFunction, TOOL_DESCRIPTION, TOOL_NAME } from '../dispatch/schema.js';
import type { Pool } from '../mcp/pool.js';
import { errorMessage } from '../util/errors.js';
import { log } from '../util/log.js';
import { traced } from '../util/tracing.js';
import { Llm, ModelError, type Message, type ModelReply, type ToolDef, type Usage } from './llm.js';
import { proxyDefinitionTokens, savingsReport, toolDefinitionTokens, type Savings } from './savings.js';
import { correction, parseTextAction, textFormatInstructions, type TextCall } from './text-actions.js';

/** How the model meets the tools. */
export interface AgentMode {
  /** true: one tool, proxy-dispatch; false: every downstream tool directly (the baseline). */
  proxy: boolean;
  /** true: native function calling; false: JSON actions in text. */
  useTools: boolean;
}

export interface AgentOptions extends AgentMode {
  maxSteps: number;
  /** One line per tool use (stderr); omitted when quiet. */
  progress?: (line: string) => void;
}

/** What one goal came to. */
export interface AgentResult {
  goal: string;
  answer?: string;
  error?: string;
  /** Model requests made. */
  steps: number;
  toolCalls: number;
  usage: Usage;
  savings: Savings;
}

const SYSTEM_PROXY = [
  'You are mini-a, an agent that reaches tools through one gateway tool, proxy-dispatch.',
  'Work in small steps: search (or list) for a tool, info for its schema when unsure, then call it.',
  'Keep large data out of the conversation: use select to keep only the fields you need, resultToFile for big results read back with readresult (query, items, grep, slice), and batch or run for many calls.',
  'When you have the answer, give it plainly and briefly.',
].join('\n');
const SYSTEM_DIRECT = 'You are mini-a, an agent with tools. Use them as needed, then give the answer plainly and briefly.';

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);

/** One progress line: action, tool, connection, size, spilled or not. */
function progressLine(step: number, args: Record<string, unknown>, res: DispatchResponse, ev: DispatchEvent): string {
  const action = String(args.action ?? '?');
  const what =
    action === 'call' ? ` ${String(args.tool ?? args.uri ?? args.prompt ?? '')}${ev.connection ? ` @${ev.connection}` : ''}`
      : action === 'search' ? ` "${String(args.query ?? '')}"`
        : action === 'readresult' ? ` ${String(args.op ?? 'stat')}`
          : action === 'batch' && Array.isArray(args.calls) ? ` ${args.calls.length} calls`
            : '';
  if (res.isError) return `step ${step}: ${action}${what} -> error: ${String(res.error ?? '').slice(0, 200)}`;
  // A call's size is its data's (before any spill); other actions' is what the model reads.
  const size = ev.bytes ?? JSON.stringify(res).length;
  return `step ${step}: ${action}${what} -> ${kb(size)} ${ev.spilled ? `spilled to ${ev.resultFile}` : 'inline'}`;
}

/**
 * The run loop, top to bottom: ask the model; if it asks for tools, run them (concurrently when
 * all are read-only) and give back their answers in order; repeat until it answers or maxsteps.
 */
export function runAgent(goal: string, llm: Llm, dispatcher: Dispatcher, pool: Pool, o: AgentOptions): Promise<AgentResult> {
  // One trace per goal: its steps, model requests and dispatches (never the goal, messages or answer).
  return traced('agent run', { 'mini_a.agent.proxy': o.proxy, 'mini_a.agent.use_tools': o.useTools, 'gen_ai.request.model': llm.config.model }, async (span) => {
    const r = await runAgentSteps(goal, llm, dispatcher, pool, o);
    span.set({ 'mini_a.agent.steps': r.steps, 'mini_a.agent.tool_calls': r.toolCalls, 'gen_ai.usage.input_tokens': r.usage.prompt, 'gen_ai.usage.output_tokens': r.usage.completion });
    if (r.error !== undefined) span.fail('agent_error', r.error);
    return r;
  });
}

/** A model request as a GenAI client span: model and token counts only. */
async function chatSpan(llm: Llm, ask: () => Promise<ModelReply>): Promise<ModelReply> {
  return traced(`chat ${llm.config.model}`, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': llm.config.model }, async (span) => {
    const reply = await ask();
    span.set({ 'gen_ai.response.model': reply.model, 'gen_ai.usage.input_tokens': reply.usage.prompt, 'gen_ai.usage.output_tokens': reply.usage.completion, 'gen_ai.response.finish_reasons': reply.finishReason });
    return reply;
  }, { kind: 'client' });
}

async function runAgentSteps(goal: string, llm: Llm, dispatcher: Dispatcher, pool: Pool, o: AgentOptions): Promise<AgentResult> {
  const usage: Usage = { prompt: 0, completion: 0, total: 0 };
  let steps = 0;
  let toolCalls = 0;

  // What the model is given: one gateway tool, or every tool (direct); natively or in the prompt.
  let direct: DirectTool[] = [];
  let tools: ToolDef[] = [];
  if (o.proxy) {
    tools = [openAiFunction()];
  } else {
    direct = await directTools(pool);
    tools = direct.map(directFunction);
  }
  // Counted for the savings report once the run is over: loading the tokenizer costs ~0.4 s of CPU
  // that the first model request should not wait for.
  const perRequestToolTokens = () => (o.proxy ? proxyDefinitionTokens() : toolDefinitionTokens(tools));
  const toolNames = o.proxy ? `"${TOOL_NAME}"` : 'one of the tool names below';
  let system = o.proxy ? SYSTEM_PROXY : SYSTEM_DIRECT;
  if (!o.useTools) {
    const catalog = o.proxy
      ? `Tool "${TOOL_NAME}": ${TOOL_DESCRIPTION}\nIts params (JSON Schema): ${JSON.stringify(INPUT_SCHEMA)}`
      : direct.map((d) => `Tool "${d.name}": ${d.tool.description ?? ''}\nIts params (JSON Schema): ${JSON.stringify(d.tool.inputSchema)}`).join('\n');
    system += `\n\n${catalog}\n\n${textFormatInstructions(toolNames)}`;
  }
  const messages: Message[] = [
    { role: 'system', content: system },
    { role: 'user', content: goal },
  ];
  const byName = new Map(direct.map((d) => [d.name, d]));

  /** A tool use as the proxy-dispatch request it stands for, or why it cannot be one. */
  const toRequest = (name: string, rawArgs: unknown): { request: Record<string, unknown> } | { error: string } => {
    let args = rawArgs;
    if (typeof args === 'string') {
      try {
        args = args.trim() ? JSON.parse(args) : {};
      } catch (e) {
        return { error: `the arguments are not valid JSON (${errorMessage(e)}); send a JSON object` };
      }
    }
    if (o.proxy) {
      if (name !== TOOL_NAME) return { error: `unknown tool '${name}'; the only tool is ${TOOL_NAME}` };
      return { request: (args ?? {}) as Record<string, unknown> };
    }
    const d = byName.get(name);
    if (!d) return { error: `unknown tool '${name}'` };
    return { request: { action: 'call', tool: d.tool.name, connection: d.connection.alias, arguments: args ?? {} } };
  };

  /** Runs one prepared tool use. */
  const execute = async (use: ReturnType<typeof toRequest>): Promise<DispatchResponse> => {
    if ('error' in use) return { isError: true, error: use.error };
    toolCalls++;
    if (log.enabled('debug')) log.debug(`tool request: ${JSON.stringify(use.request).slice(0, 1000)}`);
    // A server's progress shows on the progress line while the call runs.
    const tool = String(use.request.tool ?? use.request.uri ?? use.request.prompt ?? '');
    const onProgress = (p: { progress: number; total?: number; message?: string }) =>
      o.progress?.(`step ${steps}: call ${tool} … ${p.total ? `${Math.round((100 * p.progress) / p.total)}%` : p.progress}${p.message ? ` ${p.message.slice(0, 120)}` : ''}`);
    const { response, event } = await dispatcher.dispatchWithEvent(use.request, { onProgress });
    o.progress?.(progressLine(steps, use.request, response, event));
    return response;
  };

  const readOnlyTool = (tool: unknown): boolean =>
    typeof tool === 'string' && pool.connections.some((c) => c.cachedCatalog?.tools.some((t) => t.name === tool && t.annotations?.readOnlyHint === true));
  /**
   * Only list/search/info/readresult, calls of tools marked readOnlyHint and batches of such calls
   * change nothing; a script (run) may call anything.
   */
  const readOnly = (use: ReturnType<typeof toRequest>): boolean => {
    if ('error' in use) return true;
    const r = use.request;
    if (r.action === 'call') return readOnlyTool(r.tool);
    if (r.action === 'batch') return Array.isArray(r.calls) && r.calls.every((c) => readOnlyTool((c as { tool?: unknown } | null)?.tool));
    return r.action !== 'run';
  };

  /** Read-only uses run side by side; anything that may change state runs alone, in order. */
  const runAll = async (calls: Array<{ name: string; args: unknown }>): Promise<DispatchResponse[]> => {
    const uses = calls.map((c) => toRequest(c.name, c.args));
    if (uses.every(readOnly)) return Promise.all(uses.map(execute));
    const out: DispatchResponse[] = [];
    for (const u of uses) out.push(await execute(u));
    return out;
  };

  /**
   * A text action as a tool use. Models often flatten the gateway's request into the action
   * itself ({"action": "call", "tool": "echo", …}); that is read as proxy-dispatch's arguments.
   */
  const asToolUse = (c: TextCall): { name: string; args: unknown } => {
    if (o.proxy && (ACTIONS as readonly string[]).includes(c.tool)) {
      const { thought: _t, ...request } = c.raw;
      return { name: TOOL_NAME, args: request };
    }
    return { name: c.tool, args: c.params };
  };

  const finish = (answer?: string, error?: string): AgentResult => ({
    goal, answer, error, steps, toolCalls, usage, savings: savingsReport(pool, dispatcher.stats, perRequestToolTokens(), steps),
  });

  /** One step: ask the model, run the tools it asks for. The result when the run is over, else undefined. */
  const step = async (): Promise<AgentResult | undefined> => {
    let reply;
    try {
      reply = await chatSpan(llm, () => llm.chat(messages, o.useTools ? tools : undefined));
    } catch (e) {
      return finish(undefined, e instanceof ModelError ? e.message : `model request failed: ${errorMessage(e)}`);
    }
    usage.prompt += reply.usage.prompt;
    usage.completion += reply.usage.completion;
    usage.total += reply.usage.total;

    if (o.useTools) {
      if (!reply.toolCalls.length) return finish(reply.content ?? '');
      messages.push({ role: 'assistant', content: reply.content, tool_calls: reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
      const results = await runAll(reply.toolCalls.map((c) => ({ name: c.name, args: c.arguments })));
      reply.toolCalls.forEach((c, i) => messages.push({ role: 'tool', tool_call_id: c.id, content: forModel(results[i]!) }));
      return undefined;
    }

    const action = parseTextAction(reply.content);
    messages.push({ role: 'assistant', content: reply.content ?? '' });
    if (action.kind === 'final') return finish(action.answer);
    if (action.kind === 'invalid') {
      messages.push({ role: 'user', content: correction(action.why, toolNames) });
      return undefined;
    }
    const uses = action.calls.map(asToolUse);
    const results = await runAll(uses);
    const text = uses.map((u, i) => `Result of ${u.name}${uses.length > 1 ? ` #${i + 1}` : ''}:\n${forModel(results[i]!)}`).join('\n\n');
    messages.push({ role: 'user', content: text });
    return undefined;
  };

  // Each step is a span (the model's answer and the dispatches it asked for are its children).
  while (steps < o.maxSteps) {
    steps++;
    const done = await traced('agent step', { 'mini_a.agent.step': steps }, step);
    if (done) return done;
  }
  return finish(undefined, `no answer after maxsteps=${o.maxSteps} model requests; raise maxsteps or simplify the goal`);
}
