import picomatch from 'picomatch';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRules } from '../config/spec.js';

export type { ToolRules } from '../config/spec.js';

/** What one client (an HTTP token) may reach: which servers, and which of their tools. */
export interface Access {
  /** Who this is, for logs and refusals (never the token itself). */
  name: string;
  /** Connection names (or globs) this client may reach; all when absent. */
  servers?: string[];
  tools?: ToolRules;
}

/** Why a tool is out of reach, in words that name the rule. */
export interface Refusal {
  rule: string;
}

type Matcher = (s: string) => boolean;

/** Globs on tool names; a pattern with '/' matches `server/tool` (the connection's name). */
function matcher(patterns: string[] | undefined): Array<{ pattern: string; test: Matcher; qualified: boolean }> {
  return (patterns ?? []).map((pattern) => ({ pattern, test: picomatch(pattern, { dot: true, nonegate: true }), qualified: pattern.includes('/') }));
}

/** A compiled set of rules (allow, deny, readOnly), with where it came from for refusal messages. */
class RuleSet {
  private readonly allow: ReturnType<typeof matcher>;
  private readonly deny: ReturnType<typeof matcher>;

  constructor(
    private readonly rules: ToolRules,
    private readonly source: string,
  ) {
    this.allow = matcher(rules.allow);
    this.deny = matcher(rules.deny);
  }

  /** Why `tool` of `server` is refused by these rules, or undefined when it is allowed. */
  refuse(server: string, tool: Pick<Tool, 'name' | 'annotations'>): Refusal | undefined {
    const subject = (m: { qualified: boolean }) => (m.qualified ? `${server}/${tool.name}` : tool.name);
    const denied = this.deny.find((m) => m.test(subject(m)));
    if (denied) return { rule: `deny '${denied.pattern}' of ${this.source}` };
    if (this.rules.allow && !this.allow.some((m) => m.test(subject(m)))) return { rule: `the allow list of ${this.source} (${this.rules.allow.join(', ') || 'empty'})` };
    if (this.rules.readOnly && tool.annotations?.readOnlyHint !== true) return { rule: `readOnly of ${this.source} (the tool is not marked readOnlyHint)` };
    return undefined;
  }
}

/**
 * Which tools may be seen and called. Rules come from the config (global `tools=` and each
 * server's `tools`/`readOnly`) and, over HTTP, from the client's token. Every view of a catalog
 * and every call goes through here: a tool that is refused is neither listed, nor searched, nor
 * callable, in any action or mode, and a refused call says which rule refused it.
 */
export class Policy {
  private readonly global?: RuleSet;
  private readonly cache = new WeakMap<Access, { servers?: Matcher; tools?: RuleSet }>();

  constructor(global?: ToolRules) {
    if (global && (global.allow || global.deny || global.readOnly)) this.global = new RuleSet(global, 'the global tools= policy');
  }

  private compiled(a: Access): { servers?: Matcher; tools?: RuleSet } {
    let c = this.cache.get(a);
    if (!c) {
      c = {
        servers: a.servers ? picomatch(a.servers, { dot: true, nonegate: true }) : undefined,
        tools: a.tools && (a.tools.allow || a.tools.deny || a.tools.readOnly) ? new RuleSet(a.tools, `token '${a.name}'`) : undefined,
      };
      this.cache.set(a, c);
    }
    return c;
  }

  /** Why a client may not reach this server at all, or undefined. */
  refuseServer(server: string, access?: Access): Refusal | undefined {
    if (!access) return undefined;
    const c = this.compiled(access);
    if (c.servers && !c.servers(server)) return { rule: `the servers of token '${access.name}' (${access.servers!.join(', ')})` };
    return undefined;
  }

  /** Why a tool may not be seen or called, or undefined: server rules, then global, then the client's. */
  refuseTool(server: { name: string; rules?: RuleSet }, tool: Pick<Tool, 'name' | 'annotations'>, access?: Access): Refusal | undefined {
    return (
      server.rules?.refuse(server.name, tool) ??
      this.global?.refuse(server.name, tool) ??
      this.refuseServer(server.name, access) ??
      (access ? this.compiled(access).tools?.refuse(server.name, tool) : undefined)
    );
  }

  /** Compiles a server's own rules (its `tools` and `readOnly` fields). */
  static serverRules(name: string, rules: ToolRules | undefined): RuleSet | undefined {
    return rules && (rules.allow || rules.deny || rules.readOnly) ? new RuleSet(rules, `server '${name}'`) : undefined;
  }
}

export type { RuleSet };
