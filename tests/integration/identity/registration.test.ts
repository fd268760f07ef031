import type { RegistrationFlow, SuccessfulNativeRegistration } from '@ory/client-fetch';
import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, messageIds, nodeNamed, STRONG_PASSWORD, uniqueEmail } from './support/flows';
import { startIdentity, type IdentityProcess } from './support/server';
import { latestCode } from './support/users';

let idp: IdentityProcess;
beforeAll(async () => {
  idp = await startIdentity();
});
afterAll(async () => idp.stop());

async function submit(browser: Browser, body: Record<string, unknown>) {
  const api = browser.frontend(idp.publicUrl);
  const flow = await api.createBrowserRegistrationFlow();
  return { flow, result: api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), ...body } as never }) };
}

describe('registration', () => {
  it('renders the unified form: csrf, traits from the schema, password, method', async () => {
    const flow: RegistrationFlow = await new Browser().frontend(idp.publicUrl).createBrowserRegistrationFlow();
    expect(flow.ui.nodes.map((n) => (n.attributes as { name: string }).name)).toEqual(['csrf_token', 'traits.email', 'traits.name.first', 'traits.name.last', 'password', 'method']);
    const email = nodeNamed(flow, 'traits.email');
    expect(email?.attributes).toMatchObject({ type: 'email', required: true, autocomplete: 'email', disabled: false, node_type: 'input' });
    expect(email?.meta.label).toEqual({ id: 1070002, text: 'E-Mail', type: 'info', context: { title: 'E-Mail', name: 'traits.email' } });
    expect(nodeNamed(flow, 'password')?.attributes).toMatchObject({ autocomplete: 'new-password' });
  });

  it('signs up, signs in (session hook) and continues with a verification flow whose code arrives by mail', async () => {
    const browser = new Browser();
    const email = uniqueEmail('signup');
    const { result } = await submit(browser, { password: STRONG_PASSWORD, traits: { email: email.toUpperCase(), name: { first: 'Ann', last: 'Lee' } } });
    const ok = await result;
    expect(ok.identity.traits).toEqual({ email, name: { first: 'Ann', last: 'Lee' } });
    expect(ok.session?.identity?.id).toBe(ok.identity.id);
    expect(ok.identity.verifiable_addresses?.[0]).toMatchObject({ value: email, verified: false, via: 'email' });
    const show = ok.continue_with?.find((c) => c.action === 'show_verification_ui') as { flow: { id: string; verifiable_address: string; url: string } } | undefined;
    expect(show?.flow.verifiable_address).toBe(email);
    expect(show?.flow.url).toBe(`${idp.baseUrl}auth/verify?flow=${show?.flow.id}`);
    expect(ok.continue_with?.at(-1)).toMatchObject({ action: 'redirect_browser_to' });
    expect(browser.cookie('ory_kratos_session')).toBeDefined();
    expect(await latestCode(idp.adminUrl, email)).toMatch(/^\d{6}$/);
    const who = await browser.frontend(idp.publicUrl).toSession();
    expect(who.identity?.verifiable_addresses?.[0]?.status).toBe('sent');
  });

  it('rejects a duplicate e-mail with 4000007 and keeps the submitted traits', async () => {
    const email = uniqueEmail('dup');
    await (await submit(new Browser(), { password: STRONG_PASSWORD, traits: { email } })).result;
    const f = await failure((await submit(new Browser(), { password: STRONG_PASSWORD, traits: { email, name: { first: 'Bo' } } })).result);
    expect(f.status).toBe(400);
    const flow = f.body as unknown as RegistrationFlow;
    expect(messageIds(flow)).toEqual([4000007]);
    expect((nodeNamed(flow, 'traits.name.first')?.attributes as { value?: string }).value).toBe('Bo');
    expect((nodeNamed(flow, 'password')?.attributes as { value?: string }).value).toBeUndefined();
  });

  it.each([
    ['too short', 'Ab1!', 4000032],
    ['breached (offline list)', 'password123', 4000034],
    ['breached (a common one varied)', 'Password123!', 4000034],
    ['too similar to the e-mail', 'similar-user@example.co', 4000031],
  ])('rejects a %s password with its Kratos message id', async (_name, password, id) => {
    const f = await failure((await submit(new Browser(), { password, traits: { email: 'similar-user@example.com' } })).result);
    expect(f.status).toBe(400);
    expect(nodeNamed(f.body as unknown as RegistrationFlow, 'password')?.messages.map((m) => m.id)).toEqual([id]);
  });

  it('reports schema errors on the trait nodes (invalid and missing e-mail)', async () => {
    const invalid = await failure((await submit(new Browser(), { password: STRONG_PASSWORD, traits: { email: 'not-an-email' } })).result);
    expect(nodeNamed(invalid.body as unknown as RegistrationFlow, 'traits.email')?.messages.map((m) => m.id)).toEqual([4000040]);
    const missing = await failure((await submit(new Browser(), { password: STRONG_PASSWORD, traits: { name: { first: 'X' } } })).result);
    expect(nodeNamed(missing.body as unknown as RegistrationFlow, 'traits.email')?.messages.map((m) => m.id)).toEqual([4000002]);
  });

  it('works as a native app: session token and set_ory_session_token', async () => {
    const api = nativeFrontend(idp.publicUrl);
    const flow = await api.createNativeRegistrationFlow();
    const email = uniqueEmail('native');
    const ok: SuccessfulNativeRegistration = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'password', password: STRONG_PASSWORD, traits: { email } },
    });
    expect(ok.session_token).toMatch(/^ory_st_/);
    expect(ok.continue_with?.[0]).toEqual({ action: 'set_ory_session_token', ory_session_token: ok.session_token });
    const who = await api.toSession({ xSessionToken: ok.session_token });
    expect(who.identity?.traits).toMatchObject({ email });
  });

  it('refuses registration while signed in', async () => {
    const browser = new Browser();
    await (await submit(browser, { password: STRONG_PASSWORD, traits: { email: uniqueEmail() } })).result;
    const f = await failure(browser.frontend(idp.publicUrl).createBrowserRegistrationFlow());
    expect(f.status).toBe(400);
    expect((f.body.error as { id: string }).id).toBe('session_already_available');
  });

  it('as an HTML form post: 303 back to the UI on errors, 303 to the verification UI on success', async () => {
    const browser = new Browser();
    const init = await browser.fetch(`${idp.publicUrl}/self-service/registration/browser`, { headers: { Accept: 'text/html' } });
    expect(init.status).toBe(303);
    const flowId = new URL(init.headers.get('location') ?? '').searchParams.get('flow') ?? '';
    expect(init.headers.get('location')).toBe(`${idp.baseUrl}auth/signup?flow=${flowId}`);
    const flow = await browser.frontend(idp.publicUrl).getRegistrationFlow({ id: flowId });
    const post = (fields: Record<string, string>) =>
      browser.fetch(flow.ui.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html,application/xhtml+xml' },
        body: new URLSearchParams({ csrf_token: csrfOf(flow), method: 'password', ...fields }).toString(),
      });
    const email = uniqueEmail('form');
    const bad = await post({ 'traits.email': email, 'traits.name.first': 'Form', password: 'short' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`${idp.baseUrl}auth/signup?flow=${flowId}`);
    const stored = await browser.frontend(idp.publicUrl).getRegistrationFlow({ id: flowId });
    expect(nodeNamed(stored, 'password')?.messages.map((m) => m.id)).toEqual([4000032]);
    expect((nodeNamed(stored, 'traits.name.first')?.attributes as { value?: string }).value).toBe('Form');
    const good = await post({ 'traits.email': email, 'traits.name.first': 'Form', password: STRONG_PASSWORD });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toMatch(new RegExp(`^${idp.baseUrl}auth/verify\\?flow=`));
    expect(browser.cookie('ory_kratos_session')).toBeDefined();
  });
});
