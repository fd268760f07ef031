import { clientAddress, parseTrustedProxies } from '@/lib/server/net/trusted-proxies';
import { parseEnv } from '@/lib/server/env-schema';

describe('trusted proxies', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, ::1, 192.0.2.7');

  it('takes the peer when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.1', '203.0.113.5', proxies)).toBe('198.51.100.1');
    expect(clientAddress('198.51.100.1', '203.0.113.5', parseTrustedProxies(undefined))).toBe('198.51.100.1');
  });

  it('walks X-Forwarded-For from the right past trusted proxies', () => {
    expect(clientAddress('10.1.2.3', '203.0.113.5', proxies)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:10.1.2.3', '1.1.1.1, 203.0.113.5, 192.0.2.7', proxies)).toBe('203.0.113.5');
    expect(clientAddress('::1', ['garbage', '10.9.9.9'], proxies)).toBe('10.9.9.9');
    expect(clientAddress('10.1.2.3', undefined, proxies)).toBe('10.1.2.3');
  });

  it('refuses entries that are no IP or CIDR, in the app configuration too', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies('proxy.example.com')).toThrow(/not an IP/);
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.1,nope' })).toThrow(/TRUSTED_PROXIES: "nope" is not an IP address or CIDR range/);
    expect(parseEnv({ TRUSTED_PROXIES: '10.0.0.1, fd00::/8' }).TRUSTED_PROXIES).toBe('10.0.0.1, fd00::/8');
  });
});
