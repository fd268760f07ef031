import { headers } from 'next/headers';

/**
 * This page's script nonce, from the request's Content-Security-Policy that the route guard set
 * (lib/server/guard/; Next.js finds it there for its own scripts too). Undefined outside a page
 * request.
 */
export async function scriptNonce(): Promise<string | undefined> {
  const policy = (await headers()).get('content-security-policy') ?? '';
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}
