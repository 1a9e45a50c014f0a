// Captures tools/list from a second set of npm MCP servers, none of them in bench/catalogs,
// bench/catalogs-large or bench/catalogs-unseen (nor another package of the same product), into
// bench/catalogs-unseen-2/<name>.json (same compact JSON: {server, package, version, tools}): a second
// held-out catalog of products the search benchmark's authors never tuned on.
// Run once, by hand (never by tests or CI), against a folder OUTSIDE the repository where the servers
// were installed without their install scripts:
//   mkdir -p /work/scratch/unseen2-servers && cd /work/scratch/unseen2-servers && npm init -y >/dev/null
//   npm install --ignore-scripts --legacy-peer-deps --no-audit --no-fund <batch>   # five batches, together:
//     signoz-mcp-server mcp-alertmanager @infisical/mcp @runpod/mcp-server @niyogi/render-mcp podman-mcp-server
//     @opentofu/opentofu-mcp-server @dynatrace-oss/dynatrace-managed-mcp-server @chkp/management-logs-mcp
//     alibabacloud-devops-mcp-server @qase/mcp-server @falkordb/mcpserver @gongrzhe/server-redis-mcp mssql-mcp
//     @seed-ship/duckdb-mcp-native supabase-mcp @supabase/mcp-server-postgrest @insforge/mcp
//     ashby-mcp freee-mcp @akutishevsky/lunchmoney-mcp interactive-brokers-mcp tradingview-mcp-server
//     @aicoin/opendata-mcp @didit-protocol/mcp-server @trueclicks/google-ads-mcp-js @serpstat/serpstat-mcp-server
//     @simonecoelhosfo/optimizely-mcp-server @discourse/mcp @bycrawl/mcp
//     @cloudinary/asset-management-mcp webflow-mcp-server strapi-mcp @kentico/management-api-mcp @umbraco-cms/mcp-dev
//     icloud-mcp caldav-mcp omnifocus-mcp @alvincrave/gtasks-mcp recipe-mcp cookunity-mcp-server mcp-arr-server
//     @owine/unifi-protect-mcp domain-search-mcp
//     deepl-mcp-server comfyui-mcp ollama-mcp @mem0/mcp-server minimax-mcp-js @arikusi/deepseek-mcp-server
//     nano-banana-mcp @genwave/svgmaker-mcp greptile-mcp-server spider-cloud-mcp duckduckgo-mcp-server
//     @danielsogl/lighthouse-mcp mcp-echarts dataiku-mcp @zilliz/claude-context-mcp
//     '@langchain/core@<0.4.0'   # a peer of langchain that --legacy-peer-deps leaves out; claude-context needs it
//   (On Node 20 npm resolves @danielsogl/lighthouse-mcp to 1.3.0: its 2.x asks for Node 22.)
//   cd /work/main && npm run build && node bench/capture-unseen-2.mjs /work/scratch/unseen2-servers/node_modules [name…]
// Each server is started as `node <its bin>` (never npx) with dummy credentials, over stdio, through the
// SDK client on mini-a's process-group transport (so nothing it spawns outlives the capture). The
// machine has no network: servers that need a real backend just to list their tools fail; they are
// listed with the reason in SKIPPED below. The capture itself is capture-lib.mjs (shared with
// capture-large.mjs and capture-unseen.mjs).
// Two full captures gave the same tool names, in the same order, for every server (no random suffixes).
// checkpoint-logs writes the current date and time into a few descriptions and parameter descriptions
// ("based on today date: Sunday 2026-11-29 17:35:48"), so each capture differs there and nowhere else.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureServers, S } from './capture-lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

const K = 'dummy-key-0000';
const LOCAL = 'http://127.0.0.1:9';
export const SERVERS = [
  // Observability, infrastructure, security, databases
  S('alertmanager', 'mcp-alertmanager', [], { ALERTMANAGER_URL: LOCAL }),
  S('dynatrace-managed', '@dynatrace-oss/dynatrace-managed-mcp-server', [], { DT_MCP_DISABLE_TELEMETRY: 'true', DT_ENVIRONMENT_CONFIGS: JSON.stringify([{ dynatraceUrl: LOCAL, apiEndpointUrl: LOCAL, environmentId: 'env0', alias: 'prod', apiToken: `dt0s01.${K}` }]) }),
  S('checkpoint-logs', '@chkp/management-logs-mcp', ['--no-telemetry'], { MANAGEMENT_HOST: '127.0.0.1', MANAGEMENT_PORT: '9', API_KEY: K, TELEMETRY_DISABLED: 'true' }),
  S('infisical', '@infisical/mcp', [], { INFISICAL_HOST_URL: LOCAL, INFISICAL_UNIVERSAL_AUTH_CLIENT_ID: 'c0', INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET: K }),
  S('runpod', '@runpod/mcp-server', [], { RUNPOD_API_KEY: K, MCP_SKIP_CREDENTIAL_CHECK: '1' }),
  // render-mcp and the Cloudinary server are CLIs: `start` runs the stdio server.
  S('render', '@niyogi/render-mcp', ['start'], { RENDER_API_KEY: K }),
  S('opentofu', '@opentofu/opentofu-mcp-server'),
  S('qase', '@qase/mcp-server', [], { QASE_API_TOKEN: K }),
  S('mssql', 'mssql-mcp', [], { DB_SERVER: '127.0.0.1', DB_PORT: '9', DB_USER: 'u', DB_PASSWORD: K, DB_DATABASE: 'db' }),
  // The package has no bin; its stdio server is dist/server/mcp-server.js.
  S('duckdb', '@seed-ship/duckdb-mcp-native', [], { MCP_SECURITY_MODE: 'development' }, 'dist/server/mcp-server.js'),
  // Business: recruiting, accounting, finance, identity, marketing, community
  S('ashby', 'ashby-mcp', [], { ASHBY_API_KEY: K }),
  S('freee', 'freee-mcp', [], { FREEE_CLIENT_ID: 'c0', FREEE_CLIENT_SECRET: K }),
  S('lunchmoney', '@akutishevsky/lunchmoney-mcp', [], { LUNCHMONEY_API_TOKEN: K }),
  S('tradingview', 'tradingview-mcp-server'),
  S('aicoin', '@aicoin/opendata-mcp', [], { AICOIN_ACCESS_KEY_ID: 'k0', AICOIN_ACCESS_SECRET: K }),
  S('didit', '@didit-protocol/mcp-server', [], { DIDIT_API_KEY: K }),
  S('google-ads', '@trueclicks/google-ads-mcp-js', [`--token=${Buffer.from(K).toString('base64')}`]),
  S('serpstat', '@serpstat/serpstat-mcp-server', [], { SERPSTAT_API_TOKEN: K }),
  S('optimizely', '@simonecoelhosfo/optimizely-mcp-server', [], { OPTIMIZELY_API_TOKEN: K, OPTIMIZELY_PROJECT_IDS: '1' }),
  S('discourse', '@discourse/mcp', ['--allow_writes', '--auth_pairs', JSON.stringify([{ site: 'https://forum.example.com', api_key: K, api_username: 'system' }])]),
  S('bycrawl', '@bycrawl/mcp', [], { BYCRAWL_API_KEY: K }),
  // CMS, media, personal, home
  S('cloudinary', '@cloudinary/asset-management-mcp', ['start'], { CLOUDINARY_URL: `cloudinary://k0:${K}@c0` }),
  S('webflow', 'webflow-mcp-server', [], { WEBFLOW_TOKEN: K }),
  S('strapi', 'strapi-mcp', [], { STRAPI_URL: LOCAL, STRAPI_API_TOKEN: K }),
  // Without OMNIFOCUS_MCP_NO_DAEMON it forks a detached daemon that outlives the capture.
  S('omnifocus', 'omnifocus-mcp', [], { OMNIFOCUS_MCP_NO_DAEMON: '1' }),
  S('google-tasks', '@alvincrave/gtasks-mcp', [], { GOOGLE_CLIENT_ID: 'c0.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: K, GOOGLE_REFRESH_TOKEN: K }),
  // Its recipe-mcp bin is a CLI; the MCP server is its recipe-mcp-server bin.
  S('recipes', 'recipe-mcp', [], {}, 'src/mcp/server.js'),
  S('cookunity', 'cookunity-mcp-server', [], { COOKUNITY_EMAIL: 'u@example.com', COOKUNITY_PASSWORD: K }),
  // Lidarr left unconfigured: with it the server lists lidarr_get_quality_profiles and lidarr_get_root_folders twice.
  S('arr', 'mcp-arr-server', [], { SONARR_URL: LOCAL, SONARR_API_KEY: K, RADARR_URL: LOCAL, RADARR_API_KEY: K, PROWLARR_URL: LOCAL, PROWLARR_API_KEY: K }),
  S('unifi-protect', '@owine/unifi-protect-mcp', [], { UNIFI_PROTECT_HOST: '127.0.0.1:9', UNIFI_PROTECT_API_KEY: K }),
  S('domain-search', 'domain-search-mcp'),
  // AI, media generation, web
  S('deepl', 'deepl-mcp-server', [], { DEEPL_API_KEY: K }),
  S('comfyui', 'comfyui-mcp', [], { COMFYUI_URL: LOCAL }),
  S('ollama', 'ollama-mcp', [], { OLLAMA_HOST: LOCAL }),
  S('mem0', '@mem0/mcp-server', [], { MEM0_API_KEY: K }),
  S('minimax', 'minimax-mcp-js', [], { MINIMAX_API_KEY: K, MINIMAX_API_HOST: LOCAL }),
  S('deepseek', '@arikusi/deepseek-mcp-server', [], { DEEPSEEK_API_KEY: K, SKIP_CONNECTION_TEST: 'true' }),
  S('nano-banana', 'nano-banana-mcp', [], { GEMINI_API_KEY: K }),
  S('svgmaker', '@genwave/svgmaker-mcp', [], { SVGMAKER_API_KEY: K }),
  S('greptile', 'greptile-mcp-server', [], { GREPTILE_API_KEY: K, GITHUB_TOKEN: `ghp_${K}` }),
  S('spider', 'spider-cloud-mcp', [], { SPIDER_API_KEY: K }),
  S('lighthouse', '@danielsogl/lighthouse-mcp'),
  S('dataiku', 'dataiku-mcp', [], { DATAIKU_URL: LOCAL, DATAIKU_API_KEY: K }),
  S('claude-context', '@zilliz/claude-context-mcp', [], { OPENAI_API_KEY: `sk-${K}`, MILVUS_ADDRESS: '127.0.0.1:9', MILVUS_TOKEN: K, CLAUDE_CONTEXT_BACKGROUND_SYNC: 'false' }),
];

/** Tried and left out: what each needs before it lists a single tool (or why it did not install). */
export const SKIPPED = [
  ['signoz-mcp-server, @gongrzhe/server-redis-mcp, caldav-mcp', 'connect to their backend (SigNoz, Redis, the CalDAV server) at start and exit when it is unreachable'],
  ['@falkordb/mcpserver', 'keeps retrying its FalkorDB connection and never answers initialize'],
  ['@insforge/mcp', 'checks the InsForge backend health before registering its tools'],
  ['@umbraco-cms/mcp-dev', 'fetches an OAuth token from the Umbraco instance at start'],
  ['@kentico/management-api-mcp', 'generates its tools from the running Xperience host app\'s OpenAPI spec: lists none without it'],
  ['interactive-brokers-mcp', 'lists 14 tools, but starts a detached Java IB gateway (and a tickler) that outlive the capture and are left running on purpose'],
  ['podman-mcp-server', 'panics at start without a podman CLI or socket on the machine'],
  ['alibabacloud-devops-mcp-server', 'lists 203 tools (over the 150 limit for one server)'],
  ['duckduckgo-mcp-server', 'lists a single tool'],
  ['supabase-mcp', 'lists its tools with empty descriptions (and needs Node 22\'s WebSocket)'],
  ['icloud-mcp, mcp-echarts, @supabase/mcp-server-postgrest', 'installed but not captured: IMAP mail, chart generation and Postgres are the products of email, antv-chart and postgres in catalogs-large'],
  ['telnyx-mcp', 'did not install: a dependency (jq-web) downloads from GitHub'],
  ['discogs-mcp-server', 'did not install: a dependency comes from a GitHub repository'],
  ['@commercetools/commerce-mcp, @great-detail/support-mcp, @jambonz/mcp-schema-server', 'did not install from the registry (missing dependency versions)'],
  ['ebay-mcp, boondmanager-mcp-server', 'not tried: 299 and 182 tools by their own count (over the 150 limit)'],
];

// Run as a script (the lists above can be imported without capturing).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await captureServers(SERVERS, path.join(here, 'catalogs-unseen-2'));
