import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { callers, queryString, urlOf } from '@/lib/client/api/call';
import { missions } from '@/lib/client/api/missions';
import { ApiError, swrFetcher } from '@/lib/client/fetcher';
import { endpoint } from '@/lib/shared/api/endpoint';
import { renderRoutes, routesOf } from '@/lib/shared/api/route-table';

/* Issue 13 point 4: the typed caller builds URLs from the endpoint descriptions and speaks the envelope. */

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => body }) as Response;

describe('the client resource layer', () => {
  afterEach(() => {
    delete (global as { fetch?: unknown }).fetch;
  });

  it('fills path parameters (encoded) and writes the query: arrays repeat, empty values are left out, commas stay readable', () => {
    expect(urlOf(missions.revokeMissionShare.route, { params: { id: 12, customerId: 7 } })).toBe('/api/v2/missions/12/shares/7');
    expect(missions.listMissions.url({ query: { status: ['created', 'delivered'], q: '', limit: 50 } })).toBe('/api/v2/missions?status=created&status=delivered&limit=50');
    expect(queryString({ bbox: '1,2,3,4', q: 'a b&c' })).toBe('?bbox=1,2,3,4&q=a+b%26c');
    const named = endpoint({ method: 'GET', path: '/api/v2/roles/{name}', summary: 's', tag: 't', params: z.object({ name: z.string() }), response: z.null() });
    expect(urlOf(named, { params: { name: 'a/b c' } })).toBe('/api/v2/roles/a%2Fb%20c');
    expect(() => urlOf(named, {})).toThrow('missing path parameter name');
  });

  it('appends a query built elsewhere after the typed one', () => {
    expect(missions.listMissions.url({ query: { limit: 50 }, search: 'status=created&sort=name' })).toBe('/api/v2/missions?limit=50&status=created&sort=name');
    expect(missions.listMissions.url({ search: '?status=created' })).toBe('/api/v2/missions?status=created');
  });

  it("calls with the endpoint's method and a JSON body, and throws the envelope as ApiError", async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(answer(200, { id: 12 }))
      .mockResolvedValueOnce(answer(403, { error: { code: 'not_authorized', message: 'not authorized to access mission id', details: { key: 'errors.notAuthorizedMission' } } }));
    (global as { fetch?: unknown }).fetch = fetch;
    await expect(missions.updateMission({ params: { id: 12 }, body: { version: 3, priority: 'high' } })).resolves.toEqual({ id: 12 });
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ version: 3, priority: 'high' }) }));
    const refused = await missions.closeMission({ params: { id: 12 } }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'not_authorized', details: { key: 'errors.notAuthorizedMission' } });
    expect(fetch).toHaveBeenLastCalledWith('/api/v2/missions/12/close', expect.objectContaining({ method: 'POST', body: '{}' }));
  });

  it("starts SWR's reads in a task of their own, not in the commit that asked for them", async () => {
    jest.useFakeTimers();
    try {
      const fetch = jest.fn(async () => answer(200, { items: [] }));
      global.fetch = fetch;
      const read = swrFetcher('/api/v2/missions/12/tours');
      // What runs in the caller's task, microtasks included, starts no request.
      await Promise.resolve();
      await Promise.resolve();
      expect(fetch).not.toHaveBeenCalled();
      jest.advanceTimersByTime(0);
      await expect(read).resolves.toEqual({ items: [] });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/tours', expect.objectContaining({ credentials: 'same-origin' }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('routes every endpoint of a description module, and nothing else, and calls it with its method', () => {
    const described = { a: endpoint({ method: 'DELETE', path: '/api/v2/a', summary: 's', tag: 't', response: z.null() }), schema: z.string(), LIMIT: 5 };
    const routes = routesOf(described);
    expect(routes).toEqual({ a: { method: 'DELETE', path: '/api/v2/a', body: false } });
    expect(Object.keys(callers<typeof described>(routes))).toEqual(['a']);
  });

  it('the browser\'s route tables are the ones the endpoint descriptions make, one per module (run `npm run api:routes` after changing them)', () => {
    const dir = join(process.cwd(), 'lib', 'client', 'api', 'routes');
    const rendered = renderRoutes();
    expect(readdirSync(dir).sort()).toEqual(Object.keys(rendered).sort());
    for (const [file, source] of Object.entries(rendered)) expect({ file, source: readFileSync(join(dir, file), 'utf8') }).toEqual({ file, source });
  });

  it('a caller module imports only the route tables it calls, so a page does not carry the whole API', () => {
    const dir = join(process.cwd(), 'lib', 'client', 'api');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const tables = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '\.\/routes(\/[\w-]+)?'/g)].map((m) => m[1]);
      expect({ file, wholeTable: tables.filter((t) => t === undefined).length }).toEqual({ file, wholeTable: 0 });
    }
  });

  it('keeps zod out of the browser: no caller module imports an endpoint description as a value', () => {
    const dir = join(process.cwd(), 'lib', 'client', 'api');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect({ file, valueImports: source.match(/^import (?!type )[^;]*from '(zod|@\/lib\/shared\/(api\/endpoints|api\/route-table|schemas)[^']*)'/gm) }).toEqual({ file, valueImports: null });
    }
  });
});
