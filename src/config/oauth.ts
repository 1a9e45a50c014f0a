import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError, errorMessage, didYouMean } from '../util/errors.js';
import { log } from '../util/log.js';
import { registerSecret } from '../util/redact.js';

/** JWS algorithms a private_key_jwt client assertion may be signed with (what the SDK can sign). */
export const SIGNING_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

/** How a remote connection obtains OAuth tokens (the `oauth` field of a connection), validated. */
export interface OAuthConfig {
  /** authorization_code (a person logs in through the browser) or client_credentials (headless). */
  grant: 'authorization_code' | 'client_credentials';
  /** Pre-registered client id; without it a Client ID Metadata Document URL or dynamic registration is used. */
  clientId?: string;
  clientSecret?: string;
  /** PEM text of the private key for private_key_jwt (read from the file when a path was given). */
  privateKey?: string;
  signingAlg?: SigningAlg;
  /** Scope asked for when neither WWW-Authenticate nor the resource metadata names one. */
  scope?: string;
  /** An https URL whose document describes this client (SEP-991), used when the server supports it. */
  clientMetadataUrl?: string;
  /** Fixed port of the loopback redirect (default: any free port). */
  redirectPort?: number;
}

const FIELDS = ['clientId', 'clientSecret', 'privateKey', 'signingAlg', 'scope', 'grant', 'clientMetadataUrl', 'redirectPort'] as const;
const GRANTS = ['authorization_code', 'client_credentials'] as const;
/** A key file is a few KiB; anything much larger is not one. */
const MAX_KEY_BYTES = 64 * 1024;

/** The algorithm that fits a private key when none is configured (RSA -> RS256, P-256 -> ES256 …). */
function defaultAlg(where: string, pem: string): SigningAlg {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (e) {
    throw new UsageError(`${where}: 'oauth.privateKey' is not a readable PEM private key (${errorMessage(e).split('\n')[0]})`);
  }
  const type = key.asymmetricKeyType;
  if (type === 'rsa' || type === 'rsa-pss') return type === 'rsa' ? 'RS256' : 'PS256';
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1' || curve === 'P-256') return 'ES256';
    if (curve === 'secp384r1' || curve === 'P-384') return 'ES384';
    if (curve === 'secp521r1' || curve === 'P-521') return 'ES512';
  }
  throw new UsageError(`${where}: 'oauth.privateKey' is a ${type ?? 'unknown'} key; use an RSA or EC (P-256/384/521) key, or set oauth.signingAlg`);
}

/** PEM text as given, or read from the file it names (`~/` is the home directory). */
function readPrivateKey(where: string, value: string): string {
  if (value.includes('-----BEGIN')) return value;
  const file = value === '~' || value.startsWith('~/') ? path.join(os.homedir(), value.slice(1)) : path.resolve(value);
  if (!existsSync(file)) throw new UsageError(`${where}: 'oauth.privateKey' is neither PEM text (-----BEGIN …) nor an existing file: ${value}`);
  try {
    if (statSync(file).size > MAX_KEY_BYTES) throw new UsageError(`${where}: 'oauth.privateKey' file ${value} is larger than ${MAX_KEY_BYTES} bytes; not a key`);
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${where}: cannot read 'oauth.privateKey' file ${value}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
  }
}

/**
 * Validates a connection's `oauth` map. Secrets (clientSecret, the private key) are registered for
 * redaction before anything can print them. `lenient` (mcpServers files written for other clients)
 * warns about unknown fields instead of failing.
 */
export function parseOAuthConfig(where: string, raw: unknown, lenient = false): OAuthConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UsageError(`${where}: 'oauth' must be a map such as (clientId: 'my-app', scope: 'read') or () for defaults`);
  }
  const o = raw as Record<string, unknown>;
  // Secrets first: an error message below must never be the first place they appear unmasked.
  registerSecret(o.clientSecret, 'clientSecret');
  registerSecret(o.privateKey, 'privateKey');
  for (const k of Object.keys(o)) {
    if ((FIELDS as readonly string[]).includes(k)) continue;
    const msg = `${where}: unknown field 'oauth.${k}'${didYouMean(k, FIELDS)}; allowed: ${FIELDS.join(', ')}`;
    if (!lenient) throw new UsageError(msg);
    log.warn(`${msg}; ignored`);
  }
  const str = (f: (typeof FIELDS)[number]): string | undefined => {
    const v = o[f];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`${where}: 'oauth.${f}' must be a non-empty string`);
    return v;
  };
  const cfg: Partial<OAuthConfig> = {};
  const clientId = str('clientId');
  const clientSecret = str('clientSecret');
  const privateKeyRaw = str('privateKey');
  if (clientId) cfg.clientId = clientId;
  if (clientSecret) cfg.clientSecret = clientSecret;
  if ((clientSecret || privateKeyRaw) && !clientId) throw new UsageError(`${where}: 'oauth.clientSecret' and 'oauth.privateKey' belong to a pre-registered client; give 'oauth.clientId' too`);
  if (clientSecret && privateKeyRaw) throw new UsageError(`${where}: give either 'oauth.clientSecret' or 'oauth.privateKey' (private_key_jwt), not both`);
  if (privateKeyRaw) {
    const pem = readPrivateKey(where, privateKeyRaw);
    registerSecret(pem, 'privateKey');
    cfg.privateKey = pem;
  }
  const alg = str('signingAlg');
  if (alg !== undefined) {
    if (!cfg.privateKey) throw new UsageError(`${where}: 'oauth.signingAlg' only applies with 'oauth.privateKey'`);
    const up = alg.toUpperCase();
    if (!(SIGNING_ALGS as readonly string[]).includes(up)) throw new UsageError(`${where}: 'oauth.signingAlg' is '${alg}'; allowed: ${SIGNING_ALGS.join(', ')}`);
    cfg.signingAlg = up as SigningAlg;
  } else if (cfg.privateKey) {
    cfg.signingAlg = defaultAlg(where, cfg.privateKey);
  }
  const scope = str('scope');
  if (scope) cfg.scope = scope.trim().split(/[\s,]+/).join(' ');
  const grant = str('grant');
  if (grant !== undefined && !(GRANTS as readonly string[]).includes(grant)) {
    throw new UsageError(`${where}: 'oauth.grant' is '${grant}'; allowed: ${GRANTS.join(', ')}`);
  }
  // A private key means a machine client; everything else logs a person in.
  cfg.grant = (grant as OAuthConfig['grant'] | undefined) ?? (cfg.privateKey ? 'client_credentials' : 'authorization_code');
  if (cfg.grant === 'client_credentials' && !(cfg.clientId && (cfg.clientSecret || cfg.privateKey))) {
    throw new UsageError(`${where}: grant client_credentials needs 'oauth.clientId' with 'oauth.clientSecret' or 'oauth.privateKey'`);
  }
  if (cfg.grant === 'authorization_code' && cfg.privateKey) {
    throw new UsageError(`${where}: 'oauth.privateKey' is used with grant client_credentials only`);
  }
  const cimd = str('clientMetadataUrl');
  if (cimd !== undefined) {
    let u: URL | undefined;
    try {
      u = new URL(cimd);
    } catch {
      u = undefined;
    }
    if (!u || u.protocol !== 'https:' || u.pathname === '/') {
      throw new UsageError(`${where}: 'oauth.clientMetadataUrl' must be an https URL with a path, e.g. https://example.com/mini-a.json`);
    }
    cfg.clientMetadataUrl = cimd;
  }
  if (o.redirectPort !== undefined && o.redirectPort !== null) {
    const p = typeof o.redirectPort === 'string' && /^\d+$/.test(o.redirectPort) ? Number(o.redirectPort) : o.redirectPort;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 65535) {
      throw new UsageError(`${where}: 'oauth.redirectPort' must be a port number 1-65535`);
    }
    if (cfg.grant === 'client_credentials') throw new UsageError(`${where}: 'oauth.redirectPort' has no use with grant client_credentials`);
    cfg.redirectPort = p;
  }
  return cfg as OAuthConfig;
}
