import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES: IPs and CIDRs, comma
 * separated; default none). Anyone else could write any address into that header and so dodge
 * the per-address rate limit or spend another client's budget.
 */
export type TrustedProxies = BlockList;

/** Parses "127.0.0.1, 10.0.0.0/8, ::1"; throws naming the first entry that is no IP or CIDR. */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const entry of (spec ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (!family || extra !== undefined || !/^\d+$/.test(String(bits)) || bits > (family === 6 ? 128 : 32)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) as `1.2.3.4`. */
function plain(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

function trusted(list: TrustedProxies, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy; then the
 * `X-Forwarded-For` chain is walked from the right (each proxy appends the address it saw) and
 * the first address that is not itself a trusted proxy is the client.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, proxies: TrustedProxies): string {
  let client = plain(peer ?? 'unknown');
  if (!trusted(proxies, client)) return client;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => plain(s.trim()))
    .filter((s) => isIP(s) !== 0);
  for (let i = chain.length - 1; i >= 0; i--) {
    client = chain[i]!;
    if (!trusted(proxies, client)) break;
  }
  return client;
}
