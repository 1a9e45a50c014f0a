/**
 * What well-known products are, in the words people use when they describe one instead of naming
 * it ("the bi tool", "our error tracker", "serverless postgres"). A server whose name or title names
 * one of these products is also found by these words, the same for each of its tools. General
 * product knowledge, written as an encyclopedia would put it, not from any request set. Category words
 * only: an object noun (tasks, files) or a word that stems like one (hosting: host) would favour
 * every tool of a large server for requests about that thing.
 */

const KINDS: Record<string, string> = {
  // Code hosting, review, CI and code quality.
  github: 'code forge',
  gitlab: 'code forge devops',
  bitbucket: 'code forge atlassian',
  azure: 'microsoft cloud',
  devops: 'code forge',
  circleci: 'continuous integration ci',
  jenkins: 'continuous integration ci',
  buildkite: 'continuous integration ci',
  codacy: 'code quality static analysis linting code review',
  sonarqube: 'code quality static analysis',
  snyk: 'security vulnerabilities dependencies scanning',
  eslint: 'javascript linter lint',
  knip: 'unused code exports dependencies javascript',
  nx: 'monorepo build system',
  currents: 'test results dashboard playwright cypress ci',
  browserstack: 'cross browser testing real devices test management',
  // Trackers and work management.
  jira: 'issue tracker project management atlassian',
  linear: 'issue tracker project management',
  asana: 'project management work management',
  trello: 'kanban project management',
  monday: 'work management project management',
  clickup: 'project management',
  shortcut: 'issue tracker project management',
  plane: 'issue tracker project management open source',
  backlog: 'issue tracker project management nulab',
  todoist: 'to-do list',
  notion: 'wiki notes docs workspace',
  obsidian: 'notes markdown vault knowledge base',
  confluence: 'wiki documentation atlassian',
  airtable: 'spreadsheet database no-code',
  // Communication, mail, calendar, CRM.
  slack: 'team chat messaging',
  lark: 'team chat messaging docs bytedance office suite',
  line: 'messaging chat app',
  discord: 'chat community messaging',
  gmail: 'email inbox google',
  resend: 'transactional email sending api',
  hubspot: 'crm customer relationship management marketing sales leads',
  salesforce: 'crm customer relationship management sales',
  zendesk: 'customer support help desk',
  intercom: 'customer support chat messaging',
  // Documents, office, design, diagrams.
  excel: 'spreadsheet workbook microsoft',
  sheets: 'spreadsheet google',
  drive: 'cloud storage google',
  gdrive: 'cloud storage google',
  '365': 'microsoft office outlook onedrive teams sharepoint',
  onedrive: 'cloud storage microsoft',
  workspace: 'google office suite docs sheets drive gmail calendar',
  figma: 'design tool ui design prototyping',
  figjam: 'whiteboard diagramming figma',
  outlook: 'email calendar microsoft',
  onenote: 'notes notebook microsoft',
  sharepoint: 'intranet sites microsoft',
  canva: 'graphic design',
  miro: 'whiteboard collaboration',
  drawio: 'diagramming diagrams flowcharts',
  mermaid: 'diagrams as code flowcharts sequence diagrams',
  remotion: 'programmatic video react',
  notebooklm: 'ai research notebook google sources',
  // Data, databases, search and analytics.
  postgres: 'relational database sql postgresql',
  postgresql: 'relational database sql',
  mysql: 'relational database sql',
  mongodb: 'document database nosql',
  mongo: 'document database nosql',
  neon: 'serverless postgres database branching',
  supabase: 'postgres database backend auth storage',
  firebase: 'backend database auth google',
  redis: 'key value store cache',
  bigquery: 'data warehouse sql analytics google',
  snowflake: 'data warehouse sql',
  elasticsearch: 'search engine full text search',
  pinecone: 'vector database embeddings similarity search',
  metabase: 'business intelligence bi analytics dashboards reports',
  grafana: 'dashboards observability visualization',
  datadog: 'monitoring observability apm',
  sentry: 'error tracking crash reporting exceptions monitoring',
  posthog: 'product analytics',
  dataforseo: 'seo keywords serp rankings backlinks',
  // Hosting, cloud, deploys, infrastructure.
  vercel: 'frontend cloud next.js',
  netlify: 'static sites jamstack',
  coolify: 'self-hosted paas heroku alternative',
  hostinger: 'vps domains dns wordpress websites',
  heroku: 'paas',
  cloudflare: 'cdn dns workers edge',
  kubernetes: 'container orchestration k8s',
  argocd: 'gitops continuous delivery kubernetes',
  argo: 'gitops continuous delivery kubernetes',
  docker: 'containers',
  gcp: 'google cloud platform',
  gcloud: 'google cloud platform cli iam',
  aws: 'amazon web services cloud',
  cloudbase: 'tencent cloud tcb serverless backend mini program wechat',
  launchdarkly: 'feature flags feature management rollouts',
  cloudrun: 'serverless containers google cloud',
  replicate: 'ai models inference machine learning',
  // Web, browsers and search.
  playwright: 'browser automation end-to-end testing',
  puppeteer: 'headless chrome browser automation',
  browserbase: 'cloud browsers headless browser automation',
  brightdata: 'web scraping proxies data collection',
  firecrawl: 'web scraping crawling extraction',
  tavily: 'web search api research',
  exa: 'web search neural search',
  brave: 'web search engine',
  perplexity: 'ai answer engine web search research',
  searxng: 'metasearch engine web search self-hosted',
  context7: 'library documentation code examples',
  deepwiki: 'repository documentation wiki github',
  // Commerce, payments, travel, places.
  creem: 'payments billing merchant of record',
  stripe: 'payments billing',
  shopify: 'ecommerce online store',
  airbnb: 'vacation rentals lodging stays',
  flightradar: 'flight tracking live flights aircraft',
  variflight: 'flight status tracking china',
  amap: 'maps navigation china gaode',
  mapbox: 'maps geocoding directions',
  // Other.
  pubmed: 'biomedical literature medical research papers',
  reddit: 'forum community',
  postman: 'api platform api testing',
  n8n: 'workflow automation integrations',
  tailwind: 'css framework utility classes',
  shadcn: 'react ui components',
  mui: 'react ui components material design',
  tauri: 'desktop apps rust webview',
};

/** Sub-products a tool's name may carry (figjam_create_sticky, list-onedrive-files): the tool is theirs. */
const SUBPRODUCTS = new Set(['figjam', 'onedrive', 'excel', 'outlook', 'onenote', 'sharepoint']);

/** What the sub-products a tool's name names are, as words ('' when it names none); `nameWords`: the name's `words`. */
export function toolKinds(nameWords: readonly string[]): string {
  const out: string[] = [];
  for (const w of nameWords) {
    if (SUBPRODUCTS.has(w) && !out.includes(KINDS[w]!)) out.push(KINDS[w]!);
  }
  return out.join(' ');
}

/** What the products a server's name or title names are, as words ('' when it names none). */
export function productKinds(serverName: string): string {
  const out: string[] = [];
  // cloud-run is Cloud Run: its words and its name joined.
  const parts = serverName.toLowerCase().split(/[^a-z0-9]+/);
  for (const w of parts.length > 1 ? [...parts, parts.join('')] : parts) {
    const k = Object.hasOwn(KINDS, w) ? KINDS[w] : undefined;
    if (k && !out.includes(k)) out.push(k);
  }
  return out.join(' ');
}
