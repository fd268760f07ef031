import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The places the stand-in knows, in the Nominatim `jsonv2` shape (lat and lon as strings). */
const PLACES = [
  { place_id: 1, display_name: 'Marienplatz, Altstadt-Lehel, München, Bayern, Deutschland', lat: '48.1373932', lon: '11.5754485' },
  { place_id: 2, display_name: 'Marienplatz, Stuttgart, Baden-Württemberg, Deutschland', lat: '48.7641', lon: '9.1685' },
];

export interface Geocoder {
  /** GEOCODER_URL for the app under test. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A Nominatim-protocol stand-in for the end-to-end stack (the suite never reaches the internet):
 * `GET /search?q=` answers the known places whose name contains the query, so the planner's
 * address search runs end to end in the browser.
 */
export async function startGeocoder(port: number): Promise<Geocoder> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = url.pathname === '/search' && q ? PLACES.filter((p) => p.display_name.toLowerCase().includes(q)) : [];
    res.writeHead(url.pathname === '/search' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found));
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
