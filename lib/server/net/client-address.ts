import { parseEnv } from '../env-schema';
import { clientAddress as resolve, parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

/** Set by the preload lib/server/net/peer-address.mjs (its value is the socket's peer). */
export const PEER_HEADER = 'x-argus-peer-address';

let proxies: TrustedProxies | undefined;

/**
 * The browser's address: the connection's peer, or through `X-Forwarded-For` when that peer is
 * one of our TRUSTED_PROXIES. Null when the app runs without the peer preload (plain `next
 * start`): then nothing trustworthy is known, and callers must not pass a made-up address on.
 */
export function clientAddress(headers: Headers): string | null {
  const peer = headers.get(PEER_HEADER);
  if (!peer) return null;
  proxies ??= parseTrustedProxies(parseEnv(process.env).TRUSTED_PROXIES);
  return resolve(peer, headers.get('x-forwarded-for') ?? undefined, proxies);
}
