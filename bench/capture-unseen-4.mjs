// Captures tools/list from a fourth set of popular npm MCP servers, none of them in bench/catalogs,
// bench/catalogs-large, bench/catalogs-unseen, bench/catalogs-unseen-2 or bench/catalogs-unseen-3 (nor another
// package of the same product), into bench/catalogs-unseen-4/<name>.json (same compact JSON: {server, package,
// version, tools}): a fourth held-out catalog of products the search benchmark's authors never tuned on.
// Run once, by hand (never by tests or CI), against a folder OUTSIDE the repository where the servers
// were installed without their install scripts:
//   mkdir -p /work/scratch/unseen4-servers && cd /work/scratch/unseen4-servers && npm init -y >/dev/null
//   npm install --ignore-scripts --legacy-peer-deps --no-audit --no-fund <batch>   # nine batches, in this order:
//     @supabase/mcp-server-supabase @stripe/mcp @apify/actors-mcp-server @heroku/mcp-server @testsprite/testsprite-mcp
//       @microsoft/workiq @z_ai/mcp-server @sveltejs/mcp cclsp
//     @mizchi/lsmcp vibe-kanban agentdb @claude-flow/mcp @composio/mcp @react-grab/mcp agentation-mcp @mintlify/mcp
//       @primeuix/mcp @prmichaelsen/remember-mcp
//     typescript-mcp agentaudit gitnexus bunqueue @vibgrate/cli @smartbear/mcp howtocook-mcp agent-device
//       @siemens/element-mcp@51.1.0-v.2.0.3 @primeng/mcp
//     @colbymchenry/codegraph @ccusage/mcp claude-session-continuity-mcp @react-aria/mcp agentcash @shiplightai/mcp
//       @ng-primitives/mcp responsible-vibe-mcp context-mode @heroui/react-mcp @contextstream/mcp-server kiro-memory
//       @cloudflare/mcp-server-cloudflare
//     ethers@6 mcp-local-rag @first-to-fly/orchestrator-mcp bitcompass mcp-image lucide-icons-mcp claude-memory-layer
//       mcp-code-graph @allpepper/memory-bank-mcp slashvibe-mcp oh-my-agents astro-mcp unofficial-ravensburger-playhub-mcp
//       # ethers@6: a peer of siwe that --legacy-peer-deps leaves out; agentcash needs it
//     @adobe-commerce/commerce-extensibility-tools @jasontanswe/railway-mcp @mister-good-deal/host-mcp-jenkins
//       00bx-photoshop-mcp @felores/kie-ai-mcp-server @pnp/cli-microsoft365-mcp-server
//       @amazon-devices/amazon-devices-buildertools-mcp @slope-dev/mcp-tools mcp-omnisearch @houtini/lm
//       @mantine/mcp-server daisyui-blueprint @debugmcp/mcp-debugger containerization-assist-mcp
//     @zeeg/dex memdata-mcp @locofy/uipro-mcp accessflow-mcp-server @stevestomp/ohno-mcp @maz-ui/mcp @mcp-z/mcp-pdf
//       @merill/lokka @praha/byethrow-mcp @rio-cloud/uikit-mcp @allpepper/task-orchestrator loopuman-mcp
//       @steipete/macos-automator-mcp @syncfusion/react-assistant @starwind-ui/mcp
//     @sudosandwich/limps converse-mcp-server agent-browser-mcp @fasttest-ai/qa-agent cc-recommender effect-mcp
//       agent-security-scanner-mcp @voltagent/docs-mcp @datacore-one/mcp @mako10k/mcp-shell-server
//       @notprolands/ast-grep-mcp @agent-relay/mcp @sixtyninecommerce/mcp
//     @claude-flow/cli @morphism-systems/mcp-server @gherk/requirements-extractor @promptprojectmanager/mcp-server
//   (Several packages ask for a newer Node in their engines field; all those captured here run on Node 20.)
//   cd /work/main && npm run build && node bench/capture-unseen-4.mjs /work/scratch/unseen4-servers/node_modules [name…]
// Each server is started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the
// SDK client on mini-a's process-group transport (so nothing it spawns outlives the capture). The
// machine has no network: servers that need a real backend just to list their tools fail; they are
// listed with the reason in SKIPPED below. The capture itself is capture-lib.mjs (shared with
// capture-large.mjs and capture-unseen*.mjs).
// Two full captures gave the same tool names, in the same order, and byte-identical tools (names,
// descriptions, schemas) for every server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureServers, S } from './capture-lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

const K = 'dummy-key-0000';
const LOCAL = 'http://127.0.0.1:9';
export const SERVERS = [
  // Cloud, backends, CI/CD, devices
  // Without the docs feature: it fetches the docs GraphQL schema from Supabase's content API to list its tools.
  // No --project-ref, so the account-level tools are listed too.
  S('supabase', '@supabase/mcp-server-supabase', ['--access-token', `sbp_${K}`, '--features', 'account,database,debugging,development,functions,branching,storage']),
  // `run <account id>`; with CLOUDFLARE_API_TOKEN set it skips the wrangler login.
  S('cloudflare', '@cloudflare/mcp-server-cloudflare', ['run', 'acc0'], { CLOUDFLARE_API_TOKEN: K }),
  S('railway', '@jasontanswe/railway-mcp', [], { RAILWAY_API_TOKEN: K }),
  S('jenkins', '@mister-good-deal/host-mcp-jenkins', [], { JENKINS_URL: LOCAL, JENKINS_USER: 'u', JENKINS_API_TOKEN: K }),
  S('amazon-devices', '@amazon-devices/amazon-devices-buildertools-mcp'),
  // Developer tools: language servers, debugging, code search, security, testing, devices and browsers
  // Its config names a language server that does not exist: none is started to list the tools.
  S('cclsp', 'cclsp', [], { CCLSP_CONFIG_PATH: '{scratch}/cclsp.json' }, undefined, { 'cclsp.json': JSON.stringify({ servers: [{ extensions: ['ts', 'js'], command: ['/nonexistent/typescript-language-server', '--stdio'], rootDir: '.' }] }) }),
  S('typescript-lsp', 'typescript-mcp'),
  S('debugger', '@debugmcp/mcp-debugger', ['stdio']),
  S('ast-grep', '@notprolands/ast-grep-mcp'),
  S('codegpt-graph', 'mcp-code-graph', [], { CODEGPT_API_KEY: K }),
  S('vibgrate', '@vibgrate/cli', ['serve']),
  S('agentaudit', 'agentaudit'),
  S('agent-security-scanner', 'agent-security-scanner-mcp'),
  S('testsprite', '@testsprite/testsprite-mcp', [], { API_KEY: K }),
  S('shiplight', '@shiplightai/mcp', [], { SHIPLIGHT_API_TOKEN: K }),
  S('fasttest', '@fasttest-ai/qa-agent', [], { FASTTEST_API_KEY: K }),
  S('agentation', 'agentation-mcp', ['server']),
  S('agent-device', 'agent-device', ['mcp']),
  S('agent-browser', 'agent-browser-mcp', [], { AGENT_BROWSER_PATH: '/nonexistent/agent-browser' }),
  // It reads Claude Code's usage logs: it needs the (empty) data folder.
  S('ccusage', '@ccusage/mcp', [], {}, undefined, { '.claude/projects/.keep': '' }),
  S('context-mode', 'context-mode'),
  S('cc-recommender', 'cc-recommender'),
  S('requirements-extractor', '@gherk/requirements-extractor'),
  // UI libraries, icons, framework docs
  S('heroui', '@heroui/react-mcp'),
  S('ng-primitives', '@ng-primitives/mcp'),
  S('mantine', '@mantine/mcp-server'),
  S('react-aria', '@react-aria/mcp'),
  S('starwind', '@starwind-ui/mcp'),
  S('lucide', 'lucide-icons-mcp', ['--stdio']),
  S('voltagent-docs', '@voltagent/docs-mcp'),
  // AI models, agents, memory and planning
  // The key is rejected if it contains "api" or "key".
  S('z-ai', '@z_ai/mcp-server', [], { Z_AI_API_KEY: 'zai-dummy-0000', Z_AI_MODE: 'ZAI' }),
  S('houtini-lm', '@houtini/lm', [], { HOUTINI_LM_ENDPOINT_URL: LOCAL }),
  // The package's own bin is a CLI; its MCP server is bin/mcp-server.js (353 tools: kept as a popular product).
  S('ruflo', '@claude-flow/cli', [], { CLAUDE_FLOW_TELEMETRY: 'false' }, 'bin/mcp-server.js'),
  // `serve`; it needs a .agent-relay folder in its working folder.
  S('agent-relay', '@agent-relay/mcp', ['serve'], { RELAY_AGENT_NAME: 'a0', RELAY_PROJECT: '{scratch}', WORKSPACE_TOKEN: K, CLOUD_API_URL: LOCAL }, undefined, { '.agent-relay/.keep': '' }),
  S('local-rag', 'mcp-local-rag', [], { BASE_DIR: '{scratch}', DB_PATH: '{scratch}/lancedb', CACHE_DIR: '{scratch}/models' }),
  S('contextstream', '@contextstream/mcp-server', [], { CONTEXTSTREAM_API_KEY: K, CONTEXTSTREAM_API_URL: LOCAL }),
  // kiro-memory's and claude-memory-layer's bins are CLIs; their MCP servers are these files.
  S('kiro-memory', 'kiro-memory', [], { KIRO_MEMORY_DATA_DIR: '{scratch}/kiro' }, 'plugin/dist/servers/mcp-server.js'),
  S('claude-memory-layer', 'claude-memory-layer', [], {}, 'dist/mcp/index.js'),
  S('memory-bank', '@allpepper/memory-bank-mcp', [], { MEMORY_BANK_ROOT: '{scratch}/memory-bank' }),
  S('memdata', 'memdata-mcp', [], { MEMDATA_API_KEY: K, MEMDATA_API_URL: LOCAL }),
  S('datacore', '@datacore-one/mcp', [], { DATACORE_PATH: '{scratch}/datacore' }),
  S('ftf-orchestrator', '@first-to-fly/orchestrator-mcp', [], { ORCHESTRATOR_API_URL: LOCAL, ORCHESTRATOR_API_KEY: K, ORCHESTRATOR_PROJECT: 'p0' }),
  S('ohno', '@stevestomp/ohno-mcp', [], { OHNO_DB_PATH: '{scratch}/ohno.db' }),
  S('slashvibe', 'slashvibe-mcp'),
  S('oh-my-agents', 'oh-my-agents'),
  // Business, commerce, payments, documents
  S('adobe-commerce', '@adobe-commerce/commerce-extensibility-tools'),
  S('agentcash', 'agentcash'),
  S('loopuman', 'loopuman-mcp', [], { LOOPUMAN_API_KEY: K }),
  S('pdf-create', '@mcp-z/mcp-pdf'),
  // Food, games
  S('howtocook', 'howtocook-mcp'),
  S('lorcana-playhub', 'unofficial-ravensburger-playhub-mcp'),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['@stripe/mcp', 'fetches its tool list from mcp.stripe.com'],
  ['@apify/actors-mcp-server', 'loads its actor tools from the Apify API at start'],
  ['@sveltejs/mcp', 'downloads its docs index from svelte.dev at start'],
  ['@sixtyninecommerce/mcp', 'resolves its store channel from the CMS at start'],
  ['@promptprojectmanager/mcp-server', 'validates its project token online at start'],
  ['@merill/lokka', 'acquires a Microsoft Graph token from Entra ID at start'],
  ['@prmichaelsen/remember-mcp', 'needs its Firebase and Weaviate backends at start'],
  ['bitcompass', 'answers tools/list with "Needs authentication" until `bitcompass login`'],
  ['daisyui-blueprint', 'a commercial server: validates its license (LICENSE, EMAIL) at start'],
  ['vibe-kanban', 'downloads its binary at start'],
  ['@react-grab/mcp', 'serves Streamable HTTP only (localhost:4723), no stdio'],
  ['@heroku/mcp-server', 'imports the MCP SDK by paths without an extension (@modelcontextprotocol/sdk/server/mcp), which Node\'s ESM resolver rejects'],
  ['@smartbear/mcp, containerization-assist-mcp, @mizchi/lsmcp', 'need Node 22 (node:module\'s enableCompileCache, fs/promises\' glob, a built-in module Node 20 lacks)'],
  ['agentdb, gitnexus, claude-session-continuity-mcp, responsible-vibe-mcp, @felores/kie-ai-mcp-server, @mako10k/mcp-shell-server', 'need a native module built by an install script (sharp, @ladybugdb/core, better-sqlite3, sqlite3, node-pty)'],
  ['00bx-photoshop-mcp', 'needs its install script (00bx-photoshop-mcp-install) before it starts'],
  ['@primeng/mcp', 'throws while registering its tools: @primeuix/mcp\'s zod 3 schemas are not recognized by the SDK of this install ("expected a Zod schema")'],
  ['bunqueue', 'its MCP entry imports a module missing from the published package (dist/shared/version)'],
  ['@sudosandwich/limps', 'crashes at start (react-reconciler / ink mismatch in this install)'],
  ['@morphism-systems/mcp-server', 'crashes at start (__dirname in an ES module)'],
  ['converse-mcp-server', 'exits at start without a message'],
  ['@allpepper/task-orchestrator', 'its bin is a TypeScript file (run with Bun)'],
  ['@composio/mcp, @mintlify/mcp', 'CLIs that add hosted MCP servers to a client, not stdio servers'],
  ['@claude-flow/mcp, @primeuix/mcp, astro-mcp', 'libraries or framework integrations without a server bin (Ruflo\'s server is captured from @claude-flow/cli)'],
  ['@colbymchenry/codegraph, mcp-image, @locofy/uipro-mcp, @rio-cloud/uikit-mcp, @syncfusion/react-assistant, @siemens/element-mcp, @slope-dev/mcp-tools, accessflow-mcp-server, @steipete/macos-automator-mcp, effect-mcp', 'list one or two tools'],
  ['@zeeg/dex, @maz-ui/mcp, @praha/byethrow-mcp', 'list three tools (left out for servers with more)'],
  ['mcp-omnisearch', 'installed (lists 22 tools) but not captured: search tools for Tavily, Exa, Brave, Perplexity, Kagi, Jina and Firecrawl, products already in earlier catalogs'],
  ['@microsoft/workiq, @pnp/cli-microsoft365-mcp-server', 'installed (3 and 4 tools) but not captured: Microsoft 365, the product of ms-365 and teams'],
  ['@azure-devops/mcp, @salesforce/mcp, slack-mcp-server, kubernetes-mcp-server, @atlassian-dc-mcp/jira, @atlassian-dc-mcp/confluence, @atlassian-dc-mcp/bitbucket, @a-bonus/google-docs-mcp, @benborla29/mcp-server-mysql, @dynatrace-oss/dynatrace-mcp-server, @doist/todoist-ai, @storybook/mcp, @bytebase/dbhub', 'not tried: the same product as azure-devops-ref, salesforce, slack, kubernetes, jira, confluence, bitbucket, google-workspace, mysql-admin, dynatrace-managed, todoist-community, storybook, or a generic database connector (like universal-db-mcp)'],
  ['@railway/mcp-server', 'not tried: a deprecated shim that points to the railway CLI (Railway is captured through @jasontanswe/railway-mcp)'],
  ['@forestadmin/mcp-server, parallax-agent-runtime', 'did not install from the registry (missing dependency versions)'],
  ['@triptease/design-system-mcp, @agiflowai/architect-mcp, @mcp-consultant-tools/powerplatform, @synergy-design-system/mcp', 'did not install: a dependency is not on the registry'],
];

// Run as a script (the lists above can be imported without capturing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await captureServers(SERVERS, path.join(here, 'catalogs-unseen-4'));
