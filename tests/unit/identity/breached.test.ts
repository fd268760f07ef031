/** @jest-environment node */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '@/identity/config';
import { breachCount, onCommonList, resetBreachCache, variantsOf } from '@/identity/password/breached';

/*
 * The breached-password check against a local server speaking Have I Been Pwned's range API:
 * only the hash prefix leaves, a hit counts, and a slow or failing API leaves the bundled list.
 */

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase();
const LEAKED = 'Vogelbeerbaum-Kran-77';

let server: Server;
let url = '';
let asked: string[] = [];
let mode: 'answer' | 'hang' | 'fail' = 'answer';

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (mode === 'hang') return; // never answers: the client's timeout must end the wait
    if (mode === 'fail') return void res.writeHead(503).end();
    const prefix = (req.url ?? '').split('/').pop()!;
    const hash = sha1(LEAKED);
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', ...(hash.startsWith(prefix) ? [`${hash.slice(5)}:1234`] : [])];
    res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  asked = [];
  mode = 'answer';
  resetBreachCache();
});

const cfg = (hibpEnabled = true) => ({ password: { minLength: 8, hibpEnabled, hibpUrl: url, hibpTimeoutMs: 200 } }) as Config;

describe('the bundled list, as people vary a common password', () => {
  it.each(['password', 'Password123!', 'P@ssw0rd', '2024Sommer!', 'Dragon-2026!'])('knows %s', (password) => {
    expect(onCommonList(password)).toBe(true);
  });
  it.each(['Argus-Demo-2026!', 'Vogelbeerbaum-Kran-77', 'Tr0ub4dor&3x'])('does not know %s', (password) => {
    expect(onCommonList(password)).toBe(false);
  });
  it('strips only what surrounds the word, never down to fewer than four letters', () => {
    expect(variantsOf('Password123!')).toEqual(['password123!', 'password', 'passwordi2ei']);
    expect(variantsOf('12ab!')).toEqual(['12ab!', 'i2abi']);
  });
});

describe('Have I Been Pwned', () => {
  it('sends only the five-character prefix of the SHA-1 and counts a hit', async () => {
    expect(await breachCount(cfg(), LEAKED)).toBe(1234);
    expect(asked).toEqual([`/range/${sha1(LEAKED).slice(0, 5)}`]);
  });

  it('answers from its cache for the same prefix', async () => {
    await breachCount(cfg(), LEAKED);
    expect(await breachCount(cfg(), LEAKED)).toBe(1234);
    expect(asked).toHaveLength(1);
  });

  it('falls back to the bundled list when the API does not answer in time, and does not wait for it again at once', async () => {
    mode = 'hang';
    expect(await breachCount(cfg(), 'Password123!')).toBe(1);
    expect(await breachCount(cfg(), LEAKED)).toBe(0);
    expect(asked).toHaveLength(1);
  });

  it('falls back to the bundled list when the API fails', async () => {
    mode = 'fail';
    expect(await breachCount(cfg(), 'Dragon-2026!')).toBe(1);
    expect(await breachCount(cfg(), LEAKED)).toBe(0);
  });

  it('is not asked when switched off', async () => {
    expect(await breachCount(cfg(false), LEAKED)).toBe(0);
    expect(await breachCount(cfg(false), 'Password123!')).toBe(1);
    expect(asked).toEqual([]);
  });
});
