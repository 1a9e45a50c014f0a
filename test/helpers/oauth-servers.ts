/**
 * A real OAuth authorization server (oidc-provider 8, the line that supports Node 20) in front of a real MCP server that requires
 * its bearer tokens (the SDK's requireBearerAuth and protected-resource metadata router), both on
 * 127.0.0.1 in the test process. The login page is automatic (a fixed user who consents to what
 * is asked), so a test plays the browser by following redirects.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import Provider, { errors as oidcErrors } from 'oidc-provider';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthMetadataRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

export const CC_CLIENT = { id: 'mini-a-machine', secret: 'cc-secret-6f1d2b9e8a7c4d3e' };
export const JWT_CLIENT = 'mini-a-jwt-machine';
export const SCOPE = 'mcp:tools';

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export interface OAuthWorld {
  issuer: string;
  mcpUrl: string;
  /** The same server over the older HTTP+SSE transport (its own protected resource). */
  sseUrl: string;
  /** grant_type of every successful token request, in order. */
  grants: string[];
  /** Access tokens the MCP server accepted. */
  acceptedTokens: string[];
  /** PEM of the private key registered for JWT_CLIENT (private_key_jwt). */
  jwtClientKeyPem: string;
  stop(): Promise<void>;
}

/** Starts the authorization server and the MCP server; access tokens live `accessTokenTtl` seconds. */
export async function startOAuthWorld(accessTokenTtl = 3600): Promise<OAuthWorld> {
  const asServer = http.createServer();
  const rsServer = http.createServer();
  const asPort = await listen(asServer);
  const rsPort = await listen(rsServer);
  const issuer = `http://127.0.0.1:${asPort}`;
  const mcpUrl = `http://127.0.0.1:${rsPort}/mcp`;
  const sseUrl = `http://127.0.0.1:${rsPort}/sse`;
  const resources = [mcpUrl, sseUrl];

  const signing = await generateKeyPair('RS256', { extractable: true });
  const client = await generateKeyPair('ES256', { extractable: true });
  const { exportPKCS8 } = await import('jose');
  const jwtClientKeyPem = await exportPKCS8(client.privateKey);
  const grants: string[] = [];
  const acceptedTokens: string[] = [];

  const provider = new Provider(issuer, {
    clients: [
      { client_id: CC_CLIENT.id, client_secret: CC_CLIENT.secret, grant_types: ['client_credentials'], redirect_uris: [], response_types: [], scope: SCOPE },
      {
        client_id: JWT_CLIENT,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        scope: SCOPE,
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks: { keys: [{ ...(await exportJWK(client.publicKey)), alg: 'ES256', use: 'sig' }] },
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(signing.privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['mini-a-test-cookie-key'] },
    scopes: ['openid', 'offline_access', SCOPE],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (!resources.includes(indicator)) throw new oidcErrors.InvalidTarget();
          return { scope: SCOPE, audience: indicator, accessTokenTTL: accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Like many servers: a refresh token for every client registered for that grant.
    issueRefreshToken: async (_ctx: unknown, c: { grantTypeAllowed: (g: string) => boolean }) => c.grantTypeAllowed('refresh_token'),
    ttl: { RefreshToken: 3600, Grant: 3600, Interaction: 600, Session: 600, AuthorizationCode: 60 },
  } as ConstructorParameters<typeof Provider>[1]);
  provider.on('grant.success', (ctx: { oidc: { params?: { grant_type?: string } } }) => grants.push(ctx.oidc.params?.grant_type ?? '?'));

  const oidc = provider.callback();
  asServer.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return oidc(req, res);
    // The "login page": the user test-user signs in and consents to whatever was asked.
    try {
      const details = await provider.interactionDetails(req, res);
      const { prompt, params, session, grantId } = details as unknown as {
        prompt: { name: string; details: Record<string, unknown> };
        params: { client_id: string };
        session?: { accountId: string };
        grantId?: string;
      };
      let result: Record<string, unknown>;
      if (prompt.name === 'login') result = { login: { accountId: 'test-user' } };
      else {
        const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id });
        const d = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
        if (d.missingOIDCScope) grant!.addOIDCScope(d.missingOIDCScope.join(' '));
        if (d.missingOIDCClaims) grant!.addOIDCClaims(d.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(d.missingResourceScopes ?? {})) grant!.addResourceScope(indicator, scopes.join(' '));
        result = { consent: { grantId: await grant!.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });

  const asMeta = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown> & { jwks_uri: string };
  const jwks = createRemoteJWKSet(new URL(asMeta.jwks_uri));
  const app = express();
  app.use(express.json());
  for (const r of resources) app.use(mcpAuthMetadataRouter({ oauthMetadata: asMeta as never, resourceServerUrl: new URL(r), scopesSupported: [SCOPE], resourceName: 'test notes' }));
  /** Accepts tokens issued for `resource` only (RFC 8707 audience). */
  const bearerFor = (resource: string) =>
    requireBearerAuth({
      requiredScopes: [SCOPE],
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(resource)),
      verifier: {
        async verifyAccessToken(token: string): Promise<AuthInfo> {
          try {
            const { payload } = await jwtVerify(token, jwks, { issuer, audience: resource });
            acceptedTokens.push(token);
            return { token, clientId: String(payload.client_id ?? ''), scopes: String(payload.scope ?? '').split(' ').filter(Boolean), expiresAt: payload.exp, resource: new URL(resource) };
          } catch (e) {
            throw new InvalidTokenError(`token rejected: ${(e as Error).message}`);
          }
        },
      },
    });
  const makeServer = () => {
    const server = new McpServer({ name: 'oauth-notes', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Who the token belongs to' }, async (extra) => ({
      content: [{ type: 'text', text: `client ${extra.authInfo?.clientId ?? '?'} with scope ${extra.authInfo?.scopes.join(' ') ?? ''}` }],
    }));
    return server;
  };
  const sse = new Map<string, SSEServerTransport>();
  app.get('/sse', bearerFor(sseUrl), async (_req, res) => {
    const transport = new SSEServerTransport('/messages', res);
    sse.set(transport.sessionId, transport);
    res.on('close', () => sse.delete(transport.sessionId));
    await makeServer().connect(transport);
  });
  app.post('/messages', bearerFor(sseUrl), async (req, res) => {
    const transport = sse.get(String(req.query.sessionId));
    if (!transport) return void res.status(404).end();
    await transport.handlePostMessage(req, res, req.body);
  });
  app.post('/mcp', bearerFor(mcpUrl), async (req, res) => {
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  rsServer.on('request', app);

  return {
    issuer,
    mcpUrl,
    sseUrl,
    grants,
    acceptedTokens,
    jwtClientKeyPem,
    async stop() {
      for (const s of [asServer, rsServer]) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    },
  };
}
