// Captures tools/list from a fifth set of npm MCP servers, none of them in bench/catalogs, bench/catalogs-large,
// bench/catalogs-unseen, bench/catalogs-unseen-2, -3 or -4 (nor another package of the same product), into
// bench/catalogs-unseen-5/<name>.json (same compact JSON: {server, package, version, tools}): a fifth held-out
// catalog of products the search benchmark's authors never tuned on.
// Run once, by hand (never by tests or CI), against a folder OUTSIDE the repository where the servers
// were installed without their install scripts:
//   mkdir -p /work/scratch/unseen5-servers && cd /work/scratch/unseen5-servers && npm init -y >/dev/null
//   npm install --ignore-scripts --legacy-peer-deps --no-audit --no-fund <batch>   # these batches, in this order:
//     task-master-ai prisma @angular/cli @anthropic-ai/claude-code @21st-dev/magic @primevue/mcp
//       @progress/kendo-angular-mcp @kubb/mcp semiotic @intelligentelectron/pcb-lens
//     community-ff-mcp lean-agentic @mcptoolshop/registry-stats react react-dom mcp-server-sqlite-npx mcp-maven-deps
//       mcp-ripgrep mcp-server-commands dev-manager-mcp recker x402-mcp stock-weekly-report appstore-connect-mcp-server
//       # react, react-dom: peers of semiotic that --legacy-peer-deps leaves out
//     mcp-memory-keeper claude-historian-mcp @jungjaehoon/mama-server @ai-devkit/memory mcp-context-manager
//       mcp-feedback-enhanced consult-llm-mcp code-auditor-mcp @standardbeagle/slop-mcp gasoline-mcp
//     sonance-brand-mcp @uidbai/mcp-server @monoharada/wcf-mcp @ama-mcp/angular @mrnitro360/react-native-mcp-guide
//       create-better-fullstack @astrotask/core @provenonce/mcp openclaw-mcp proliferate-sandbox-mcp
//     model-context-protocol llm-advisor-mcp tryll-dataset-builder-mcp x-readiness-mcp pulsemcp-cms-admin-mcp-server
//     0nmcp @orchestrator-claude/mcp-server agnix ferret-scan project-shield embark-cli codegraph-ai
//       @kbediako/codex-orchestrator @apireno/domshell indra_db_mcp ocr-provenance-mcp
//     agentvibes tts-fast-mcp @mzxrai/mcp-webresearch
//     mcp-vibepowerpack @robertoagent/mcp mcp-cli @seleniumbox/sbox-mcp mobile-pixel-mcp @mcpher/gas-fakes
//       powerplatform-mcp @commercetools-demo/contenttools-mcp @modelcontextprotocol/server-scenario-modeler
//       @modelcontextprotocol/server-sheet-music merchant_001
//     @agentpmt/mcp-router @girardmedia/bootspring mockserver-mcp-charles xampp-mcp orbitalmcp @bbyqtbean/taco-helper
//       shiro-mcp @pollinations/mcp-server-sqlite @ericthered926/duckduckgo-mcp-server bash-command-mcp
//       @choonkeat/agent-reverse-proxy
//     @juspay/neurolink @byterover/cipher mcp-hub claude-in-mobile @intelligentelectron/pdf-analyzer
//       @chkp/quantum-management-mcp @modelcontextprotocol/server-pdf @modelcontextprotocol/server-system-monitor bmall-mcp
//     project-state-manager @mapbox/mcp-devkit-server omniroute @anaisbetts/mcp-installer
//     @n24q02m/mnemo-plugin mongo-knowledge @mcp-b/webmcp-local-relay @flink-app/mcp mcpboot agenium claude-code-lint
//       @kimuson/modular-mcp
//     @modelcontextprotocol/server-map @modelcontextprotocol/server-threejs @modelcontextprotocol/server-cohort-heatmap
//       @modelcontextprotocol/server-shadertoy @utcp/mcp
//     mcp-server-sqlite webmcp-bridge mobile-device-farm-mcp
//   (Several packages ask for a newer Node in their engines field; all those captured here run on Node 20.)
//   cd /work/main && npm run build && node bench/capture-unseen-5.mjs /work/scratch/unseen5-servers/node_modules [name…]
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
  // Business SaaS, low-code platforms, CMS, agent platforms
  S('flutterflow', 'community-ff-mcp', [], { FLUTTERFLOW_API_TOKEN: K }),
  // POWERPLATFORM_ENVIRONMENTS names the environments; each one needs its own URL and app registration.
  S('powerplatform', 'powerplatform-mcp', [], { POWERPLATFORM_ENVIRONMENTS: 'DEV', POWERPLATFORM_DEV_URL: 'https://org0.crm.dynamics.com', POWERPLATFORM_DEV_CLIENT_ID: 'c0', POWERPLATFORM_DEV_CLIENT_SECRET: K, POWERPLATFORM_DEV_TENANT_ID: 't0' }),
  S('pulsemcp-cms', 'pulsemcp-cms-admin-mcp-server', [], { PULSEMCP_ADMIN_API_KEY: K, PULSEMCP_ADMIN_API_URL: LOCAL }),
  S('roberto', '@robertoagent/mcp', [], { ROBERTO_API_KEY: K, ROBERTO_API_URL: LOCAL }),
  S('orchestrator-claude', '@orchestrator-claude/mcp-server', [], { ORCHESTRATOR_API_URL: LOCAL, ORCHESTRATOR_API_KEY: K }),
  S('openclaw', 'openclaw-mcp', [], { OPENCLAW_URL: LOCAL, OPENCLAW_GATEWAY_TOKEN: K }),
  S('omniroute', 'omniroute', ['--mcp'], { OMNIROUTE_API_KEY: K, DATA_DIR: '{scratch}/omniroute' }),
  S('orbital', 'orbitalmcp', [], { ORBITAL_API_KEY: K }),
  S('provenonce', '@provenonce/mcp'),
  // Developer tools: frameworks, ORMs, build tools, code search, shells, local servers
  S('angular-cli', '@angular/cli', ['mcp']),
  S('prisma', 'prisma', ['mcp']),
  // All its tools, not only the seven "core" ones it lists by default.
  S('task-master', 'task-master-ai', [], { ANTHROPIC_API_KEY: K, TASK_MASTER_TOOLS: 'all' }),
  S('better-fullstack', 'create-better-fullstack', ['mcp'], { DO_NOT_TRACK: '1' }),
  S('maven-deps', 'mcp-maven-deps'),
  S('ripgrep', 'mcp-ripgrep'),
  // Its arguments are the folders it may touch.
  S('mcp-cli', 'mcp-cli', ['{scratch}']),
  S('bash-command', 'bash-command-mcp'),
  S('xampp', 'xampp-mcp'),
  S('recker', 'recker', ['mcp']),
  S('mockserver-charles', 'mockserver-mcp-charles'),
  S('x-readiness', 'x-readiness-mcp'),
  S('bmall', 'bmall-mcp'),
  S('slop', '@standardbeagle/slop-mcp'),
  S('webmcp-relay', '@mcp-b/webmcp-local-relay'),
  // Testing, browsers and devices
  S('sbox', '@seleniumbox/sbox-mcp', [], { SBOX_URL: LOCAL, SBOX_API_KEY: K }),
  S('webresearch', '@mzxrai/mcp-webresearch'),
  S('mobile-pixel', 'mobile-pixel-mcp'),
  S('claude-in-mobile', 'claude-in-mobile'),
  S('device-farm', 'mobile-device-farm-mcp'),
  // UI libraries, design systems, guides
  S('primevue', '@primevue/mcp'),
  S('uidb', '@uidbai/mcp-server'),
  S('wcf', '@monoharada/wcf-mcp'),
  S('sonance-brand', 'sonance-brand-mcp'),
  S('react-native-guide', '@mrnitro360/react-native-mcp-guide'),
  // Data, charts, documents, electronics
  // The package's bins are a CLI and this file.
  S('semiotic', 'semiotic', [], {}, 'ai/dist/mcp-server.js'),
  S('pdf-server', '@modelcontextprotocol/server-pdf', ['--stdio']),
  S('tryll-dataset', 'tryll-dataset-builder-mcp', [], { DATASETS_DIR: '{scratch}/datasets' }),
  S('pcb-lens', '@intelligentelectron/pcb-lens'),
  // AI models, agents, memory
  S('llm-advisor', 'llm-advisor-mcp'),
  // It reads Claude Code's conversation logs: it needs the (empty) data folder.
  S('claude-historian', 'claude-historian-mcp', [], {}, undefined, { '.claude/projects/.keep': '' }),
  S('context-manager', 'mcp-context-manager'),
  S('ai-devkit-memory', '@ai-devkit/memory'),
  S('project-state', 'project-state-manager'),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['@21st-dev/magic', 'a shim that proxies to the hosted 21st MCP endpoint (21st.dev/api/mcp) at start'],
  ['@agentpmt/mcp-router', 'proxies every request to the AgentPMT API ("Upstream MCP request failed")'],
  ['@anthropic-ai/claude-code', 'its bin is a native executable (bin/claude.exe) placed by its install script, not a Node entry'],
  ['consult-llm-mcp', 'its bin is a shell script that execs a platform binary'],
  ['indra_db_mcp', 'its bin is a TypeScript file'],
  ['gasoline-mcp', 'lists 5 tools but starts a detached daemon (gasoline --daemon on port 7890) that outlives the capture'],
  ['dev-manager-mcp', 'starts its own daemon on 127.0.0.1:3009 and never answers initialize over stdio'],
  ['@apireno/domshell, proliferate-sandbox-mcp, @choonkeat/agent-reverse-proxy, mcp-hub', 'serve HTTP (and WebSocket) only, no stdio'],
  ['lean-agentic', 'answers initialize with capabilities the SDK rejects ("tools": true)'],
  ['model-context-protocol', 'answers tools/list with "Method not found"'],
  ['stock-weekly-report, agentvibes, @n24q02m/mnemo-plugin', 'wrap a Python server (a venv, pip install mcp, uvx) that is not on the machine'],
  ['ocr-provenance-mcp', 'starts a license server at start and exits when it does not answer'],
  ['codegraph-ai', 'needs an index built by `codegraph index` before `serve` starts'],
  ['mcpboot, @kimuson/modular-mcp', 'need a generation prompt or a config file of other servers to proxy'],
  ['mcp-server-sqlite-npx, @pollinations/mcp-server-sqlite, mcp-memory-keeper, @bbyqtbean/taco-helper, shiro-mcp, mongo-knowledge, mcp-server-sqlite', 'need a native module built by an install script (sqlite3, better-sqlite3, node-datachannel, sharp)'],
  ['@jungjaehoon/mama-server, code-auditor-mcp, tts-fast-mcp', 'crash at start in this install (a missing module of the published package or a dependency)'],
  ['@utcp/mcp', 'exits at start without a message'],
  ['@progress/kendo-angular-mcp, @kubb/mcp, mcp-server-commands, @flink-app/mcp, embark-cli, @intelligentelectron/pdf-analyzer, @byterover/cipher, webmcp-bridge, @modelcontextprotocol/server-scenario-modeler, @modelcontextprotocol/server-sheet-music, @modelcontextprotocol/server-cohort-heatmap, @modelcontextprotocol/server-shadertoy', 'list one tool'],
  ['mcp-feedback-enhanced, mcp-vibepowerpack, @mcpher/gas-fakes, @ericthered926/duckduckgo-mcp-server, @anaisbetts/mcp-installer, merchant_001, @modelcontextprotocol/server-system-monitor, @modelcontextprotocol/server-map, @modelcontextprotocol/server-threejs', 'list two tools'],
  ['0nmcp', 'installed (lists 1,083 tools) but not captured: wrappers of 100+ services, many of them products already in earlier catalogs (Stripe, Slack, HubSpot…)'],
  ['@chkp/quantum-management-mcp', 'installed (lists 54 tools) but not captured: Check Point Management, the product of checkpoint-logs (@chkp/management-logs-mcp)'],
  ['@mapbox/mcp-devkit-server', 'installed (lists 23 tools) but not captured: Mapbox, the product of mapbox'],
  ['appstore-connect-mcp-server', 'not tried: App Store Connect, the product of app-stores (pabal-store-api-mcp)'],
  ['@juspay/neurolink, agnix, ferret-scan, project-shield, claude-code-lint, agenium, @kbediako/codex-orchestrator, @mcptoolshop/registry-stats, @girardmedia/bootspring', 'CLIs without a stdio MCP server (their "mcp" commands manage or audit other servers\' configs)'],
  ['x402-mcp, @ama-mcp/angular, @astrotask/core, @commercetools-demo/contenttools-mcp', 'libraries without a server bin'],
  ['@just-every/mcp-read-website-fast, @jaggerxtrm/unified-ai-mcp-tool, @nunchiai/nexus-mcp, gm-mcp, mcp-researchpowerpack, @ohah/react-native-mcp-server', 'did not install from the registry (a package or version missing: @just-every/crawl@^1.0.8, @fission-ai/openspec@^0.15.0, @nunchiai/amcp-sdk, gimo-mcp, @mcp-use/cli@3.1.2, @ohah/react-native-mcp-server@*)'],
  ['pup-recorder-mcp', 'did not install: npm stops without a message while resolving its "@modelcontextprotocol/sdk": "latest"'],
  ['mcp-server, @jason.today/webmcp, docusaurus-plugin-mcp-server, tabby-mcp-server', 'did not install together ("No versions available for http")'],
  ['@kocierik/mcp-nomad, mcp-cron, onshape-mcp, @leanspec/mcp, @temporal-cortex/cortex-mcp, @kanoniv/mcp, @chaindead/telegram-mcp', 'not on the npm registry under these names (only their platform-binary packages are)'],
];

// Run as a script (the lists above can be imported without capturing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await captureServers(SERVERS, path.join(here, 'catalogs-unseen-5'));
