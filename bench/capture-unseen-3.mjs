// Captures tools/list from a third set of npm MCP servers, none of them in bench/catalogs,
// bench/catalogs-large, bench/catalogs-unseen or bench/catalogs-unseen-2 (nor another package of the same
// product), into bench/catalogs-unseen-3/<name>.json (same compact JSON: {server, package, version, tools}):
// a third held-out catalog of products the search benchmark's authors never tuned on.
// Run once, by hand (never by tests or CI), against a folder OUTSIDE the repository where the servers
// were installed without their install scripts:
//   mkdir -p /work/scratch/unseen3-servers && cd /work/scratch/unseen3-servers && npm init -y >/dev/null
//   npm install --ignore-scripts --legacy-peer-deps --no-audit --no-fund <batch>   # ten batches, together:
//     @pandacss/mcp @chakra-ui/react-mcp @vuetify/mcp @douyinfe/semi-mcp @jzone-mcp/antd-components-mcp
//     @redhat-cloud-services/hcc-pf-mcp @hugeicons/mcp-server ag-mcp @djankies/vitest-mcp expo-mcp
//     firefox-devtools-mcp electron-mcp-server @coding-solo/godot-mcp robloxstudio-mcp @openzeppelin/contracts-mcp
//     @dataflint/mcp-server @turbot/powerpipe-mcp dbeaver-mcp-server @gestell/zowe-mcp x64dbg-mcp-server
//     @azure/mcp mcpcosmosdb opik-mcp autotel-mcp ref-tools-mcp grep-mcp codex-mcp-server gemini-mcp-tool @morphllm/morphmcp
//     @pipedream/mcp @tosspayments/integration-guide-mcp food402 edgeone-pages-mcp bazi-mcp stock-sdk @agllama/mcp
//     @headless-commerce/mcp-server @datastorm/mcp
//     pdfcrowd-mcp-pdf-export mcp-server-pdfnoodle @deventerprisesoftware/scrapi-mcp @llmrank.app/mcp @easybits.cloud/mcp
//     moltbook-http-mcp clawnch-mcp-server @trustthenverify/trust-mcp
//     mcp-server-apple-events @mastergo/magic-mcp stitch-mcp ableton-cookbook-mcp @workos/mcp-docs-server @accesslint/mcp
//     @21st-dev/magic api-create-mcp spritecook-mcp @coo-quack/calc-mcp mcp-sqlite humanagent-mcp
//     flow-nexus swagmanager-mcp @microsoft/fabric-mcp xcodebuildmcp react-native-ai-debugger
//     @lynx-js/devtool-mcp-server-canary @hyperdrive-eng/mcp-nodejs-debugger @falconer/mcp
//     pencil-mcp @flightbox/mcp-server @ark-ui/mcp flowbite-mcp @coinbase/cds-mcp-server conway-terminal
//     @epic-web/workshop-mcp computer-use-mcp @astrotask/mcp @intelligentelectron/universal-netlist
//     @mcptoolshop/polyglot-mcp ids-enterprise-mcp-server universal-db-mcp
//     @tejalgnrml/agent-orchestrator-mcp storybook-mcp flutter-skill @inkeep/agents-manage-mcp
//     @us-legal-tools/courtlistener-sdk reactbits-dev-mcp-server @daylight-labs/popdb-mcp
//     ethers@6   # a peer of siwe that --legacy-peer-deps leaves out; conway-terminal needs it
//     openapi-mcp-server @hanzo/mcp @progress/kendo-react-mcp
//   (Several packages ask for a newer Node in their engines field; all those captured here run on Node 20.)
//   cd /work/main && npm run build && node bench/capture-unseen-3.mjs /work/scratch/unseen3-servers/node_modules [name…]
// Each server is started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the
// SDK client on mini-a's process-group transport (so nothing it spawns outlives the capture). The
// machine has no network: servers that need a real backend just to list their tools fail; they are
// listed with the reason in SKIPPED below. The capture itself is capture-lib.mjs (shared with
// capture-large.mjs, capture-unseen.mjs and capture-unseen-2.mjs).
// Two full captures gave the same tool names, in the same order, and byte-identical tools (names,
// descriptions, schemas) for every server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureServers, S } from './capture-lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

const K = 'dummy-key-0000';
const LOCAL = 'http://127.0.0.1:9';
export const SERVERS = [
  // Cloud, data, observability, infrastructure
  // The npm package is a launcher for the .NET server shipped in @azure/mcp-linux-x64; `server start` runs it over stdio.
  S('azure', '@azure/mcp', ['server', 'start'], { AZURE_MCP_COLLECT_TELEMETRY: 'false', AZURE_TENANT_ID: '00000000-0000-0000-0000-000000000000', AZURE_CLIENT_ID: '00000000-0000-0000-0000-000000000000', AZURE_CLIENT_SECRET: K }),
  S('cosmosdb', 'mcpcosmosdb', [], { COSMOS_CONNECTION_STRING: `AccountEndpoint=https://127.0.0.1:9/;AccountKey=${Buffer.from(K).toString('base64')};`, COSMOS_DATABASE_ID: 'db' }),
  S('dbeaver', 'dbeaver-mcp-server', [], { DBEAVER_WORKSPACE: '{scratch}/dbeaver' }),
  // The mod location is its first argument.
  S('powerpipe', '@turbot/powerpipe-mcp', ['{scratch}']),
  S('zowe', '@gestell/zowe-mcp', [], { ZOWE_CLI_HOME: '{scratch}/.zowe' }),
  S('opik', 'opik-mcp', [], { OPIK_API_BASE_URL: LOCAL, OPIK_API_KEY: K, OPIK_WORKSPACE_NAME: 'default' }),
  S('autotel', 'autotel-mcp', [], { JAEGER_BASE_URL: LOCAL, PROMETHEUS_BASE_URL: LOCAL, LOKI_BASE_URL: LOCAL, TEMPO_BASE_URL: LOCAL }),
  S('edgeone-pages', 'edgeone-pages-mcp', [], { EDGEONE_PAGES_API_TOKEN: K }),
  S('flightbox', '@flightbox/mcp-server', [], { FLIGHTBOX_TRACES_DIR: '{scratch}/traces' }),
  // Developer tools: frameworks, UI libraries, testing, debugging, game engines
  // It needs a panda.config file in its working folder (the scratch folder).
  S('panda-css', '@pandacss/mcp', [], {}, undefined, { 'panda.config.mjs': 'export default { include: [\'./src/**/*.tsx\'], outdir: \'styled-system\' };\n' }),
  S('vuetify', '@vuetify/mcp'),
  S('ant-design', '@jzone-mcp/antd-components-mcp'),
  S('patternfly', '@redhat-cloud-services/hcc-pf-mcp'),
  S('hugeicons', '@hugeicons/mcp-server'),
  S('ag-grid', 'ag-mcp'),
  S('vitest', '@djankies/vitest-mcp'),
  S('expo', 'expo-mcp', ['--dev-server-url', LOCAL]),
  S('xcode', 'xcodebuildmcp', ['mcp'], { SENTRY_DISABLED: 'true' }),
  S('react-native-devtools', 'react-native-ai-debugger'),
  S('lynx-devtools', '@lynx-js/devtool-mcp-server-canary'),
  S('nodejs-debugger', '@hyperdrive-eng/mcp-nodejs-debugger'),
  S('epic-workshop', '@epic-web/workshop-mcp'),
  S('flowbite', 'flowbite-mcp'),
  S('coinbase-design', '@coinbase/cds-mcp-server', [], { DISABLE_CDS_MCP_TELEMETRY: 'true' }),
  S('infor-ids', 'ids-enterprise-mcp-server', [], { GITLAB_TOKEN: `glpat-${K}` }),
  S('storybook', 'storybook-mcp', [], { STORYBOOK_URL: `${LOCAL}/index.json` }),
  S('reactbits', 'reactbits-dev-mcp-server'),
  S('agent-orchestrator', '@tejalgnrml/agent-orchestrator-mcp'),
  S('kicad-netlist', '@intelligentelectron/universal-netlist'),
  S('firefox-devtools', 'firefox-devtools-mcp'),
  S('electron', 'electron-mcp-server'),
  S('godot', '@coding-solo/godot-mcp', [], { GODOT_PATH: '/nonexistent/godot' }),
  S('roblox-studio', 'robloxstudio-mcp'),
  S('openzeppelin', '@openzeppelin/contracts-mcp'),
  S('x64dbg', 'x64dbg-mcp-server', [], { X64DBG_MCP_HOST: '127.0.0.1', X64DBG_MCP_PORT: '9' }),
  S('accesslint', '@accesslint/mcp'),
  S('ref', 'ref-tools-mcp', [], { REF_API_KEY: K }),
  S('grep-app', 'grep-mcp'),
  S('codex', 'codex-mcp-server'),
  S('gemini-cli', 'gemini-mcp-tool'),
  S('morph', '@morphllm/morphmcp', [], { MORPH_API_KEY: K }),
  S('workos-docs', '@workos/mcp-docs-server'),
  S('zerorunner', 'api-create-mcp', [], { BASE_URL: LOCAL, TOKEN: K }),
  // Business, commerce, payments, documents, regional services
  S('tgo-yemek', 'food402', [], { TGO_EMAIL: 'u@example.com', TGO_PASSWORD: K }),
  S('llama-pm', '@agllama/mcp', [], { LLAMA_API_KEY: K, LLAMA_API_URL: LOCAL }),
  S('headless-commerce', '@headless-commerce/mcp-server', [], { HEADLESS_COMMERCE_API_KEY: K, HEADLESS_COMMERCE_API_URL: LOCAL }),
  S('datastorm', '@datastorm/mcp', [], { DATASTORM_API_KEY: K }),
  S('pdfcrowd', 'pdfcrowd-mcp-pdf-export', [], { PDFCROWD_USERNAME: 'u', PDFCROWD_API_KEY: K }),
  S('pdfnoodle', 'mcp-server-pdfnoodle', [], { PDFNOODLE_API_KEY: K }),
  S('scrapi', '@deventerprisesoftware/scrapi-mcp', [], { SCRAPI_API_KEY: K }),
  // The token must look like one: "llmb_…".
  S('llm-boost', '@llmrank.app/mcp', [], { LLM_BOOST_API_TOKEN: `llmb_${K}`, LLM_BOOST_API_URL: LOCAL }),
  S('conway', 'conway-terminal', [], { CONWAY_API_KEY: K, CONWAY_API_URL: LOCAL }),
  S('popdb', '@daylight-labs/popdb-mcp', [], { POPDB_TOKEN: K, POPDB_API_URL: LOCAL }),
  S('pencil', 'pencil-mcp', [], { PENCIL_FRONTEND_URL: LOCAL }),
  // Its bin is a node launcher for the binary in @falconer/mcp-linux-x64.
  S('falconer', '@falconer/mcp'),
  S('polyglot', '@mcptoolshop/polyglot-mcp', [], { OLLAMA_HOST: LOCAL }),
  S('moltbook', 'moltbook-http-mcp', [], { MOLTBOOK_API_KEY: K }),
  S('clawnch', 'clawnch-mcp-server', [], { CLAWNCH_API_KEY: K, CLAWNCH_RHC_RPC_URL: LOCAL }),
  S('trust-registry', '@trustthenverify/trust-mcp', [], { TRUST_REGISTRY_URL: LOCAL }),
  S('humanagent', 'humanagent-mcp'),
  // Its stock-sdk bin is a CLI; `mcp` runs the stdio server.
  S('stock-sdk', 'stock-sdk', ['mcp']),
  S('bazi', 'bazi-mcp'),
  // Design, media, personal
  S('mastergo', '@mastergo/magic-mcp', ['--token', K]),
  S('ableton', 'ableton-cookbook-mcp'),
  S('apple-events', 'mcp-server-apple-events'),
  S('calc', '@coo-quack/calc-mcp'),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['@chakra-ui/react-mcp, @douyinfe/semi-mcp, @ark-ui/mcp, @tosspayments/integration-guide-mcp', 'fetch their component lists or docs from the vendor\'s site at start and exit when it is unreachable'],
  ['@easybits.cloud/mcp, openapi-mcp-server', 'answer tools/list by calling their vendor\'s API (EasyBits, openapisearch.com)'],
  ['@21st-dev/magic', 'a shim that proxies to the hosted 21st MCP endpoint'],
  ['@pipedream/mcp', 'fetches an OAuth token from Pipedream at start'],
  ['@dataflint/mcp-server', 'authenticates against the DataFlint server at start'],
  ['stitch-mcp', 'needs a Google Cloud access token (gcloud) at start'],
  ['swagmanager-mcp', 'needs a `whale login` (its Supabase URL and service key) at start'],
  ['flow-nexus', 'its Supabase realtime client needs Node 22\'s WebSocket at start'],
  ['flutter-skill', 'downloads its native binary from GitHub at start'],
  ['spritecook-mcp', 'a setup wizard for the hosted SpriteCook MCP (prompts on the terminal), not a stdio server'],
  ['@hanzo/mcp', 'throws while registering its tools with the SDK version of this install ("inputSchema must be a Zod schema")'],
  ['@inkeep/agents-manage-mcp', 'its bin file is missing from the published package'],
  ['mcp-sqlite', 'its sqlite3 native binding is built by an install script (--ignore-scripts)'],
  ['@microsoft/fabric-mcp', 'a launcher whose linux-x64 binary package is not on the registry reachable here'],
  ['@us-legal-tools/courtlistener-sdk', 'exports an MCP server module but has no runnable entry'],
  ['computer-use-mcp, @progress/kendo-react-mcp', 'list a single tool'],
  ['universal-db-mcp', 'installed (lists 9 tools) but not captured: a generic MySQL/Postgres/… connector, products already in catalogs-large'],
  ['@astrotask/mcp', 'lists its tools with empty descriptions'],
  ['@mcp-consultant-tools/azure-data-factory, tmall-design-wiki-mcp-server, @jsondb-cloud/mcp, coda-ticket-manager-mcp, @powerhousedao/reactor-mcp, @paretools/jvm, @paretools/dotnet, @adobe/spectrum-design-data-mcp, @dotzero.ai/work-order-mcp', 'did not install: a dependency is not on the registry'],
  ['@expandai/mcp-server, @idachev/mcp-javadc', 'did not install from the registry (missing dependency versions)'],
  ['@mcptoolshop/ai-jam-sessions', 'did not install: a dependency comes from a GitHub repository'],
  ['@chaindead/telegram-mcp, @kocierik/mcp-nomad, @onshape-mcp, @temporal-cortex/cortex-mcp', 'not tried: only their platform binary packages are on the registry (no node entry)'],
];

// Run as a script (the lists above can be imported without capturing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await captureServers(SERVERS, path.join(here, 'catalogs-unseen-3'));
