import { Browser } from './support/browser';
import { csrfOf, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { adminHeaders, startIdentity, type IdentityProcess } from './support/server';

/*
 * Issue 13 point 5 in the identity service and its proxy: a NUL character or a lone surrogate in a
 * text field is a 400 naming the field (PostgreSQL refused NUL with a 500 before), a body over
 * 1 MiB is a 413 (a 500 before), and the app's proxy refuses an oversized body before reading it.
 */

let idp: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
});
afterAll(async () => idp.stop());

type KratosBody = { error?: { code?: number; reason?: string; details?: { field?: string } } };

async function registrationFlow(browser: Browser) {
  const flow = await browser.frontend(idp.publicUrl).createBrowserRegistrationFlow();
  return { flow, url: `${idp.publicUrl}/self-service/registration?flow=${flow.id}` };
}

describe('identity service: unstorable text and oversized bodies', () => {
  it.each([
    ['traits.email', (email: string) => ({ traits: { email: `a\u0000${email}`, name: { first: 'Ann', last: 'Lee' } } })],
    ['traits.name.first', (email: string) => ({ traits: { email, name: { first: 'An\u0000n', last: 'Lee' } } })],
    ['traits.name.last', (email: string) => ({ traits: { email, name: { first: 'Ann', last: 'Le\ud800e' } } })],
    ['password', (email: string) => ({ traits: { email, name: { first: 'Ann', last: 'Lee' } }, password: `${STRONG_PASSWORD}\udc00` })],
  ])('a NUL or lone surrogate in %s of a JSON registration → 400 naming the field', async (field, fields) => {
    const browser = new Browser();
    const { flow, url } = await registrationFlow(browser);
    const res = await browser.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method: 'password', csrf_token: csrfOf(flow), password: STRONG_PASSWORD, ...fields(uniqueEmail('nul')) }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as KratosBody;
    expect(body.error).toMatchObject({ code: 400, details: { field } });
    expect(body.error?.reason).toContain(field);
  });

  it('a NUL in a form field, a query parameter and an admin call → 400, never 500', async () => {
    const browser = new Browser();
    const { flow, url } = await registrationFlow(browser);
    const form = await browser.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ method: 'password', csrf_token: csrfOf(flow), 'traits.email': 'a\u0000b@example.com', password: STRONG_PASSWORD }).toString(),
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as KratosBody).error?.details?.field).toBe('traits.email');

    const query = await fetch(`${idp.publicUrl}/self-service/login/browser?return_to=%00`, { headers: { accept: 'application/json' } });
    expect(query.status).toBe(400);
    expect(((await query.json()) as KratosBody).error?.details?.field).toBe('return_to');

    const admin = await fetch(`${idp.adminUrl}/admin/identities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ schema_id: 'default', traits: { email: uniqueEmail('admin'), name: { first: 'A\u0000', last: 'B' } } }),
    });
    expect(admin.status).toBe(400);
    expect(((await admin.json()) as KratosBody).error?.details?.field).toBe('traits.name.first');
  });

  it('a body over 1 MiB → 413, with Content-Length or chunked, and the service keeps answering', async () => {
    const big = JSON.stringify({ method: 'password', traits: { email: 'x'.repeat(2 * 1024 * 1024) } });
    const declared = await fetch(`${idp.publicUrl}/self-service/registration/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as KratosBody).error?.code).toBe(413);

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 32; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        controller.close();
      },
    });
    const chunked = await fetch(`${idp.publicUrl}/self-service/registration/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(`${idp.adminUrl}/health/ready`)).status).toBe(200);
  });
});

describe('the identity proxy on the app origin', () => {
  const APP = 'http://argus.test';
  let proxy: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    process.env.KRATOS_PUBLIC_URL = idp.publicUrl;
    process.env.KRATOS_ADMIN_URL = idp.adminUrl;
    ({ proxyToIdentity: proxy } = await import('@/lib/server/identity/proxy'));
  });

  it('refuses a body over 1 MiB with 413 before reading it (declared) or as it passes the limit (chunked); sign-ins go on', async () => {
    let pulled = 0;
    // A body that would never end: only a refusal before reading it all can answer.
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        },
      });
    const declared = await proxy(
      new Request(`${APP}/self-service/login?flow=x`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }, body: endless(), duplex: 'half' } as RequestInit),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: 413, id: 'payload_too_large' } });
    expect(pulled).toBeLessThanOrEqual(2);

    const chunked = await proxy(new Request(`${APP}/self-service/login?flow=x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless(), duplex: 'half' } as RequestInit));
    expect(chunked.status).toBe(413);
    // Cut off just past the limit, not read to the end (there is none).
    expect(pulled).toBeLessThan(40);

    // A sign-in right after goes through the proxy as usual.
    const email = uniqueEmail('after');
    const created = await fetch(`${idp.adminUrl}/admin/identities`, {
      method: 'POST',
      headers: adminHeaders({ 'content-type': 'application/json' }),
      body: JSON.stringify({ schema_id: 'default', traits: { email, name: { first: 'A', last: 'B' } }, credentials: { password: { config: { password: STRONG_PASSWORD } } } }),
    });
    expect(created.status).toBe(201);
    const flow = (await (await proxy(new Request(`${APP}/self-service/login/api`))).json()) as { id: string };
    const login = await proxy(
      new Request(`${APP}/self-service/login?flow=${flow.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'password', identifier: email, password: STRONG_PASSWORD }) }),
    );
    expect(login.status).toBe(200);
  });
});
