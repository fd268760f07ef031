import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny Nominatim stand-in: records each request and answers what the test set. */
let server: Server;
let requests: { url: URL; headers: IncomingMessage['headers'] }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: [] };
let searchAddress: typeof import('@/lib/server/geocode/search-address').searchAddress;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: new URL(req.url ?? '/', 'http://localhost'), headers: req.headers });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.GEOCODER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  ({ searchAddress } = await import('@/lib/server/geocode/search-address'));
});
afterAll(async () => {
  delete process.env.GEOCODER_URL;
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const code = (p: Promise<unknown>) => p.then(() => 'ok', (err: { code?: string }) => err.code);

describe('address search through a Nominatim-compatible geocoder (issue #7)', () => {
  it('maps display_name, lat and lon (strings) to label and numbers', async () => {
    answer = {
      status: 200,
      body: [
        { place_id: 1, display_name: 'Marienplatz, Altstadt, München, Bayern, Deutschland', lat: '48.1373932', lon: '11.5754485', type: 'square' },
        { place_id: 2, display_name: 'Marienplatz, Hamburg', lat: '53.55', lon: '10.0' },
      ],
    };
    expect(await searchAddress('Marienplatz', 'de')).toEqual([
      { label: 'Marienplatz, Altstadt, München, Bayern, Deutschland', lat: 48.1373932, lon: 11.5754485 },
      { label: 'Marienplatz, Hamburg', lat: 53.55, lon: 10 },
    ]);
    const [req] = requests;
    expect(req!.url.pathname).toBe('/search');
    expect(req!.url.searchParams.get('format')).toBe('jsonv2');
    expect(req!.url.searchParams.get('limit')).toBe('5');
    expect(req!.url.searchParams.get('accept-language')).toBe('de');
    expect(req!.headers['user-agent']).toBe('Argus');
  });

  it('passes the query URL-encoded', async () => {
    answer = { status: 200, body: [] };
    const q = 'Königstraße 1 & 2, 70173 Stuttgart?#';
    expect(await searchAddress(q, 'en')).toEqual([]);
    const raw = requests[0]!.url.search;
    expect(raw).not.toContain('Königstraße');
    expect(raw).not.toContain('&2');
    expect(requests[0]!.url.searchParams.get('q')).toBe(q);
    expect(requests[0]!.url.searchParams.getAll('q')).toHaveLength(1);
  });

  it('a failing geocoder is service_unavailable', async () => {
    answer = { status: 500, body: { error: 'boom' } };
    expect(await code(searchAddress('Marienplatz', 'en'))).toBe('service_unavailable');
    answer = { status: 200, body: { unexpected: true } };
    expect(await code(searchAddress('Marienplatz', 'en'))).toBe('service_unavailable');
  });

  it('is not_found when no geocoder is configured', async () => {
    expect(await code(searchAddress('Marienplatz', 'en', ''))).toBe('not_found');
  });
});
