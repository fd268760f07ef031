import { Browser } from './support/browser';
import { failure } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';

let idp: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
});
afterAll(async () => {
  await idp.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /self-service/errors', () => {
  it('answers the stub error under a fresh UUID with Go zero timestamps, as Kratos', async () => {
    const api = new Browser().frontend(idp.publicUrl);
    const a = await api.getFlowError({ id: 'stub:500' });
    const b = await api.getFlowError({ id: 'stub:500' });
    expect(a.id).toMatch(UUID);
    expect(b.id).not.toBe(a.id);
    expect(a.error).toEqual({ code: 500, status: 'Internal Server Error', reason: 'This is a stub error.', message: 'An internal server error occurred, please contact the system administrator' });
    const raw = (await (await fetch(`${idp.publicUrl}/self-service/errors?id=stub:500`)).json()) as Record<string, unknown>;
    expect(raw).toMatchObject({ created_at: '0001-01-01T00:00:00Z', updated_at: '0001-01-01T00:00:00Z' });
  });

  it('stores errors under UUIDs and reads them with ?id= or ?error= (which wins)', async () => {
    const browser = new Browser();
    const res = await browser.fetch(`${idp.publicUrl}/self-service/login/browser?return_to=https://evil.example/`, { headers: { Accept: 'text/html' } });
    const id = new URL(res.headers.get('location') ?? '').searchParams.get('id') ?? '';
    expect(id).toMatch(UUID);
    for (const query of [`id=${id}`, `error=${id}`, `error=${id}&id=00000000-0000-4000-8000-000000000000`]) {
      const r = await fetch(`${idp.publicUrl}/self-service/errors?${query}`);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { id: string; error: { id: string } };
      expect(body.id).toBe(id);
      expect(body.error.id).toBe('self_service_flow_return_to_forbidden');
    }
  });

  it('answers 404 "Unable to locate the resource" for unknown or malformed ids', async () => {
    const api = new Browser().frontend(idp.publicUrl);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const f = await failure(api.getFlowError({ id }));
      expect(f.status).toBe(404);
      expect(f.body.error).toEqual({ code: 404, status: 'Not Found', message: 'Unable to locate the resource' });
    }
  });
});

describe('FedCM (/self-service/fed-cm/*)', () => {
  it('answers 404 to the SDK as Kratos OSS does (no FedCM provider), as JSON for every caller', async () => {
    const api = new Browser().frontend(idp.publicUrl);
    const params = await failure(api.createFedcmFlow());
    expect(params.status).toBe(404);
    expect(params.body.error).toMatchObject({ code: 404, status: 'Not Found' });
    const token = await failure(api.updateFedcmFlow({ updateFedcmFlowBody: { token: 'a.b.c', csrf_token: 'x' } }));
    expect(token.status).toBe(404);
    const html = await fetch(`${idp.publicUrl}/self-service/fed-cm/parameters`, { headers: { Accept: 'text/html' } });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
