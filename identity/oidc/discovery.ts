import { createRemoteJWKSet } from 'jose';
import type { OidcProviderConfig } from '../config';

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const cache = new Map<string, { doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet>; at: number }>();

/** The provider's OpenID configuration and key set, cached for an hour (read-only data). */
export async function discover(p: OidcProviderConfig): Promise<{ doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> {
  const hit = cache.get(p.issuer);
  if (hit && Date.now() - hit.at < 3_600_000) return hit;
  const res = await fetch(`${p.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`OpenID discovery for ${p.id} failed with ${res.status}`);
  const doc = (await res.json()) as Discovery;
  const entry = { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)), at: Date.now() };
  cache.set(p.issuer, entry);
  return entry;
}

export function callbackUrl(baseUrl: string, providerId: string): string {
  return `${baseUrl}self-service/methods/oidc/callback/${providerId}`;
}
