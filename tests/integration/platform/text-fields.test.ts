import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Endpoint } from '@/lib/shared/api/endpoint';
import type { PolygonGeometry } from '@/lib/shared/geo';
import { endpoints } from '@/lib/shared/api/endpoints';
import { freshDatabase, migrateDb, openDb } from '@/tests/support/fresh-database';
import { Browser } from '../identity/support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from '../identity/support/flows';
import { adminHeaders, startIdentity, TEST_ADMIN_TOKEN, type IdentityProcess } from '../identity/support/server';

/*
 * Issue 13 point 5: a NUL character or a lone surrogate in ANY text field of ANY writing endpoint is
 * a 400 naming the field, never a 500 (PostgreSQL refuses NUL). The cases are generated from the
 * endpoint descriptions: each writing endpoint's body schema is walked for string fields, a
 * valid-ish body is built, and one field at a time gets the bad character. The requests go to the
 * real route handlers, signed in through the real identity service.
 */

const STRING_FORMATS: Record<string, string> = { uuid: '00000000-0000-4000-8000-000000000000', email: 'a@example.com', datetime: '2026-01-01T00:00:00Z', date: '2026-01-01' };

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** A plausible value of the schema, and the paths of its string fields (an array's first element stands for all). */
function sample(schema: unknown, path: (string | number)[], strings: (string | number)[][]): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, sample(value, [...path, key], strings)]));
    }
    case 'string':
      strings.push(path);
      return STRING_FORMATS[def.format as string] ?? 'Text';
    case 'number':
    case 'int':
      return 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sample(def.element, [...path, 0], strings)];
    case 'tuple':
      return (def.items as unknown[]).map((item, i) => sample(item, [...path, i], strings));
    case 'record':
      return { key: sample(def.valueType, [...path, 'key'], strings) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType, path, strings);
    case 'pipe':
      return sample(def.in, path, strings);
    case 'lazy':
      return sample((def.getter as () => unknown)(), path, strings);
    case 'union':
      return sample((def.options as unknown[])[0], path, strings);
    case 'intersection':
      return { ...(sample(def.left, path, strings) as object), ...(sample(def.right, path, strings) as object) };
    case 'date':
      strings.push(path);
      return '2026-01-01';
    default:
      return null;
  }
}

const setAt = (value: unknown, path: (string | number)[], to: string): unknown => {
  if (path.length === 0) return to;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), to);
  return copy;
};

/** `/api/v2/missions/{id}/tags` → app/api/v2/missions/[id]/tags/route.ts */
const routeFile = (e: Endpoint) => join(process.cwd(), 'app', ...e.path.split('/').filter(Boolean).map((s) => s.replace(/^\{(.+)\}$/, '[$1]')), 'route.ts');
const paramsOf = (e: Endpoint) => Object.fromEntries(Object.entries((e.params ? sample(e.params, [], []) : {}) as object).map(([k, v]) => [k, String(v)]));

const writing = endpoints.filter((e) => e.method !== 'GET' && e.body) as Endpoint[];
const cases = writing.flatMap((e) => {
  const strings: (string | number)[][] = [];
  const body = sample(e.body as z.ZodType, [], strings);
  return strings.map((path) => ({ endpoint: e, body, path }));
});

describe('NUL characters and lone surrogates in every text field of every writing endpoint', () => {
  const APP = 'http://argus.test';
  let identity: IdentityProcess;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let cookie: string;
  let processorToken: string;
  const serverUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    database = await freshDatabase();
    const { db, pool } = openDb(database.url);
    await migrateDb(db);
    await pool.end();
    process.env.DATABASE_URL = database.url;
    process.env.APP_URL = APP;
    identity = await startIdentity({ DATABASE_URL: database.url, IDENTITY_BASE_URL: `${APP}/`, IDENTITY_ALLOWED_RETURN_URLS: APP });
    process.env.KRATOS_PUBLIC_URL = identity.publicUrl;
    process.env.KRATOS_ADMIN_URL = identity.adminUrl;
    process.env.KRATOS_ADMIN_TOKEN = TEST_ADMIN_TOKEN;

    const email = uniqueEmail();
    const created = await fetch(`${identity.adminUrl}/admin/identities`, {
      method: 'POST',
      headers: adminHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({
        schema_id: 'default',
        traits: { email, name: { first: 'Ann', last: 'Lee' } },
        metadata_public: { roles: ['admin'] },
        credentials: { password: { config: { password: STRONG_PASSWORD } } },
        verifiable_addresses: [{ value: email, verified: true, via: 'email', status: 'completed' }],
      }),
    });
    expect(created.status).toBe(201);
    const browser = new Browser();
    const api = browser.frontend(identity.publicUrl);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password: STRONG_PASSWORD, csrf_token: csrfOf(flow) } });
    cookie = browser.cookieHeader();
    expect(cookie).toMatch(/ory_kratos_session=/);

    // Authorization comes before the body: the `{id}` the cases send (1, or the uuid) must name a real
    // mission, building, measurement, tour and panelizer project, or they would end in 404 before
    // their text is looked at.
    const { systemContext } = await import('@/lib/server/domain/contexts');
    const { createCompanyFromJson: createCompany } = await import('@/lib/server/companies/create-company');
    const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
    const system = systemContext();
    const company = await createCompany(system, { name: 'Textfeld GmbH' });
    const footprint: PolygonGeometry = { type: 'Polygon', coordinates: [[[11.575, 48.137], [11.5752, 48.137], [11.5752, 48.1372], [11.575, 48.1372], [11.575, 48.137]]] };
    const mission = await createMissionFromJson(system, { name: 'Aufmaß Textfeld 1', companyId: company.id, products: ['pointcloud'], pclDeliveryDate: '2026-05-07', buildings: [{ name: 'Haus', footprint, levels: 3 }] });
    expect(mission.id).toBe(1);
    const { createMeasurement } = await import('@/lib/server/measurements/create-measurement');
    const measurement = await createMeasurement(system, { missionId: mission.id, kind: 'height', name: 'Traufe', visible: true, points: [[0, 0, 0], [0, 0, 3]], data: {} });
    expect(measurement.id).toBe(1);
    const { createTour } = await import('@/lib/server/tours/create-tour');
    expect((await createTour(system, { missionId: mission.id, name: 'Rundgang' })).id).toBe(1);
    // Panelizer projects are named by uuid: the one the cases send (STRING_FORMATS.uuid).
    const { panelizerProject } = await import('@/lib/server/db/schema');
    const { emptyPanelizerDocument } = await import('@/lib/shared/panelizer/document');
    await system.db.insert(panelizerProject).values({ id: STRING_FORMATS.uuid!, missionId: mission.id, name: 'Fassade', document: emptyPanelizerDocument([0, 0, 0]) });
    // The processor endpoints take a processor's token instead of a session.
    const { issueProcessor } = await import('@/lib/server/processors/manage-processors');
    processorToken = (await issueProcessor(system, { name: 'Textfeld-SLAM' })).token;
  }, 60_000);

  afterAll(async () => {
    await identity?.stop();
    const { pool } = await import('@/lib/server/db/client');
    await pool().end();
    process.env.DATABASE_URL = serverUrl;
    await database?.drop();
  });

  it('finds writing endpoints with text fields to try (the generator itself works)', () => {
    expect(writing.length).toBeGreaterThan(15);
    expect(cases.length).toBeGreaterThan(40);
    for (const e of writing) expect(existsSync(routeFile(e))).toBe(true);
  });

  it.each([
    ['a NUL character', 'Ab\u0000c', 'validation.noNul'],
    ['a lone surrogate', 'Ab\ud800c', 'validation.noLoneSurrogate'],
  ])('%s in any text field → 400 naming the field', async (_what, bad, key) => {
    const failures: string[] = [];
    for (const { endpoint: e, body, path } of cases) {
      const route = (await import(routeFile(e))) as Record<string, (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>>;
      const handler = route[e.method]!;
      const request = new Request(`${APP}${e.path.replace(/\{(\w+)\}/g, (_m, name: string) => paramsOf(e)[name]!)}`, {
        method: e.method,
        headers: { 'content-type': 'application/json', cookie, origin: APP, ...(e.path.startsWith('/api/v2/processor/') ? { authorization: `Bearer ${processorToken}` } : {}) },
        body: JSON.stringify(setAt(body, path, bad)),
      });
      const res = await handler(request, { params: Promise.resolve(paramsOf(e)) });
      const answer = (await res.json()) as { error?: { code?: string; details?: { fields?: Record<string, { key: string }[]> } } };
      const field = path.join('.') || '_';
      if (res.status !== 400 || answer.error?.code !== 'validation' || !answer.error.details?.fields?.[field]?.some((i) => i.key === key)) {
        failures.push(`${e.method} ${e.path} ${field}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('an object key with a NUL, a body past 1 MiB, deep nesting and broken JSON: 400 or 413 in the envelope, never 500', async () => {
    const { POST } = (await import('@/app/api/v2/tags/route')) as { POST: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response> };
    const send = async (body: BodyInit, headers: Record<string, string> = {}) => {
      const res = await POST(new Request(`${APP}/api/v2/tags`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: APP, ...headers }, body, duplex: 'half' } as RequestInit), { params: Promise.resolve({}) });
      return [res.status, ((await res.json()) as { error: { code: string } }).error.code] as const;
    };
    expect(await send('{"name":"x","k\\u0000":1}')).toEqual([400, 'validation']);
    expect(await send(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }))).toEqual([413, 'payload_too_large']);
    // Chunked, no Content-Length: cut off as the bytes pass the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const piece = new TextEncoder().encode(`"${'a'.repeat(60_000)}",`);
        controller.enqueue(new TextEncoder().encode('{"name":"x","pad":['));
        for (let i = 0; i < 40; i++) controller.enqueue(piece);
        controller.enqueue(new TextEncoder().encode('""]}'));
        controller.close();
      },
    });
    expect(await send(chunks)).toEqual([413, 'payload_too_large']);
    expect(await send(`{"name":${'['.repeat(100_000)}`)).toEqual([400, 'bad_request']);
    expect(await send('{"name":')).toEqual([400, 'bad_request']);
  });
});
