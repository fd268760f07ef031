import type { RecoveryFlow, VerificationFlow } from '@ory/client-fetch';
import { Pool } from 'pg';
import { Browser, nativeFrontend } from './support/browser';
import { csrfOf, failure, messageIds, nodeNamed, uniqueEmail } from './support/flows';
import { adminHeaders, startIdentity, type IdentityProcess } from './support/server';
import { createUser, latestCode } from './support/users';

let idp: IdentityProcess;
let db: Pool;
beforeAll(async () => {
  idp = await startIdentity();
  db = new Pool({ connectionString: process.env.DATABASE_URL });
});
afterAll(async () => {
  await idp.stop();
  await db.end();
});

async function mailCount(email: string): Promise<number> {
  const r = await db.query('SELECT count(*)::int AS n FROM identity.courier_messages WHERE recipient = $1', [email]);
  return (r.rows[0] as { n: number }).n;
}

/** Replaces the per-flow ids and masked tokens so two answers can be compared. */
function shape(flow: RecoveryFlow | VerificationFlow): unknown {
  return JSON.parse(
    JSON.stringify({ ...flow, id: 'x', expires_at: 'x', issued_at: 'x', request_url: 'x', ui: { ...flow.ui, action: 'x' } }).replace(/"value":"[A-Za-z0-9+/=]{88}"/g, '"value":"csrf"'),
  );
}

describe('recovery with a code', () => {
  it('sends a code, rejects a wrong one (200 + 4060006), accepts the right one and hands over to settings (422)', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('recover'));
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserRecoveryFlow();
    expect(flow.ui.nodes.map((n) => (n.attributes as { name: string }).name)).toEqual(['csrf_token', 'email', 'method']);
    const sent = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    expect(sent.state).toBe('sent_email');
    expect(sent.active).toBe('code');
    expect(messageIds(sent)).toEqual([1060003]);
    expect(sent.ui.nodes.map((n) => `${(n.attributes as { name: string }).name}:${(n.attributes as { type: string }).type}`)).toEqual([
      'csrf_token:hidden',
      'code:text',
      'method:hidden',
      'method:submit',
      'email:submit',
    ]);
    expect(nodeNamed(sent, 'code')?.attributes).toMatchObject({ pattern: '[0-9]+', maxlength: 6, autocomplete: 'one-time-code', required: true });
    const code = await latestCode(idp.adminUrl, user.email);
    // The outbox keeps the code (no SMTP here); the log names the message but never the code.
    const log = await idp.waitForLog(new RegExp(`recovery_code_valid mail to ${user.email.replace(/[.+]/g, '\\$&')} kept in the outbox`));
    expect(log).not.toContain(code);
    const wrong = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code: code === '000000' ? '111111' : '000000', csrf_token: csrfOf(sent) } });
    expect(messageIds(wrong)).toEqual([4060006]);
    const ok = await failure(api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(wrong) } }));
    expect(ok.status).toBe(422);
    expect((ok.body.error as { id: string }).id).toBe('browser_location_change_required');
    const target = new URL(String(ok.body.redirect_browser_to));
    expect(`${target.origin}${target.pathname}`).toBe(`${idp.baseUrl}profile`);
    const settings = await api.getSettingsFlow({ id: target.searchParams.get('flow') ?? '' });
    expect(messageIds(settings)).toEqual([1060001]);
    const who = await api.toSession();
    expect(who.identity?.id).toBe(user.id);
    expect(who.authentication_methods?.[0]?.method).toBe('code_recovery');
    // Single use: the code is marked used.
    const used = await db.query('SELECT used_at FROM identity.codes WHERE flow_id = $1', [flow.id]);
    expect((used.rows[0] as { used_at: Date | null }).used_at).not.toBeNull();
  });

  it('answers unknown and known addresses identically and mails only the known one', async () => {
    const known = await createUser(idp.adminUrl, uniqueEmail('known'));
    const unknown = uniqueEmail('unknown');
    const answers = [];
    for (const email of [known.email, unknown]) {
      const api = new Browser().frontend(idp.publicUrl);
      const flow = await api.createBrowserRecoveryFlow();
      const sent = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } });
      answers.push(JSON.stringify(shape(sent)).replace(email, 'EMAIL'));
    }
    expect(answers[0]).toBe(answers[1]);
    expect(await mailCount(known.email)).toBe(1);
    expect(await mailCount(unknown)).toBe(0);
  });

  it('replaces the flow after 5 wrong codes (6th submission) with 4000001', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('brute'));
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserRecoveryFlow();
    let current: RecoveryFlow = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    const code = await latestCode(idp.adminUrl, user.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      current = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code: wrongCode, csrf_token: csrfOf(current) } });
      expect(messageIds(current)).toEqual([4060006]);
    }
    // The 6th submission, even with the right code, gets a new flow (303 to the new flow's JSON).
    const res = await browser.fetch(`${idp.publicUrl}/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ method: 'code', code, csrf_token: csrfOf(current) }),
    });
    expect(res.status).toBe(303);
    const next = new URL(res.headers.get('location') ?? '');
    expect(next.pathname).toBe('/self-service/recovery/flows');
    const fresh = await api.getRecoveryFlow({ id: next.searchParams.get('id') ?? '' });
    expect(messageIds(fresh)).toEqual([4000001]);
    expect(fresh.state).toBe('choose_method');
  });

  it('resend invalidates the previous code; an expired code fails', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('resend'));
    const api = new Browser().frontend(idp.publicUrl);
    const flow = await api.createBrowserRecoveryFlow();
    let current = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    const first = await latestCode(idp.adminUrl, user.email);
    current = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(current) } });
    const second = await latestCode(idp.adminUrl, user.email);
    if (first !== second) {
      current = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code: first, csrf_token: csrfOf(current) } });
      expect(messageIds(current)).toEqual([4060006]);
    }
    await db.query("UPDATE identity.codes SET expires_at = now() - interval '1 second' WHERE flow_id = $1", [flow.id]);
    current = await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code: second, csrf_token: csrfOf(current) } });
    expect(messageIds(current)).toEqual([4060006]);
  });

  it('sends an expired recovery flow to a new flow with 4060005 (303, never 410)', async () => {
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserRecoveryFlow();
    await db.query("UPDATE identity.flows SET expires_at = now() - interval '1 minute' WHERE id = $1", [flow.id]);
    const res = await browser.fetch(`${idp.publicUrl}/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ method: 'code', email: 'a@example.com', csrf_token: csrfOf(flow) }),
    });
    expect(res.status).toBe(303);
    const fresh = await api.getRecoveryFlow({ id: new URL(res.headers.get('location') ?? '').searchParams.get('id') ?? '' });
    expect(messageIds(fresh)).toEqual([4060005]);
  });
});

describe('verification with a code', () => {
  it('verifies an address: wrong code 200 + 4070006, right code → passed_challenge with a continue link', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('verify'), undefined, false);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserVerificationFlow({ returnTo: `${idp.publicUrl}/planner` });
    expect(flow.ui.nodes.map((n) => (n.attributes as { name: string }).name)).toEqual(['email', 'method', 'csrf_token']);
    const sent = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1080003]);
    const code = await latestCode(idp.adminUrl, user.email);
    // The code may come from another browser (e-mail link): no CSRF check on code submission.
    const other = new Browser().frontend(idp.publicUrl);
    const wrong = await other.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: code === '000000' ? '999999' : '000000' } });
    expect(messageIds(wrong)).toEqual([4070006]);
    const done = await other.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code } });
    expect(done.state).toBe('passed_challenge');
    expect(done.ui.method).toBe('GET');
    expect(done.ui.action).toBe(`${idp.publicUrl}/planner`);
    expect(done.ui.nodes[0]?.attributes).toMatchObject({ href: `${idp.publicUrl}/planner`, id: 'continue', node_type: 'a' });
    expect(done.ui.messages?.[0]).toMatchObject({ id: 1080002, type: 'success' });
    const identity = await (await fetch(`${idp.adminUrl}/admin/identities/${user.id}`, { headers: adminHeaders() })).json();
    expect(identity.verifiable_addresses[0]).toMatchObject({ verified: true, status: 'completed' });
    expect(identity.verifiable_addresses[0].verified_at).toEqual(expect.any(String));
  });

  it('mails a code for an already verified address too (as Kratos), and the code verifies it again', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('reverify'), undefined, true);
    expect(await mailCount(user.email)).toBe(0);
    const api = new Browser().frontend(idp.publicUrl);
    const flow = await api.createBrowserVerificationFlow();
    const sent = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1080003]);
    expect(nodeNamed(sent, 'code')).toBeDefined();
    const [mail] = await (await fetch(`${idp.adminUrl}/admin/courier/messages?recipient=${encodeURIComponent(user.email)}`, { headers: adminHeaders() })).json();
    expect(mail).toMatchObject({ template_type: 'verification_code_valid', recipient: user.email });
    // Kratos marks the address "sent" when it mails the code; it stays verified meanwhile.
    const between = await (await fetch(`${idp.adminUrl}/admin/identities/${user.id}`, { headers: adminHeaders() })).json();
    expect(between.verifiable_addresses[0]).toMatchObject({ verified: true, status: 'sent' });
    const done = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: await latestCode(idp.adminUrl, user.email) } });
    expect(done.state).toBe('passed_challenge');
    const after = await (await fetch(`${idp.adminUrl}/admin/identities/${user.id}`, { headers: adminHeaders() })).json();
    expect(after.verifiable_addresses[0]).toMatchObject({ verified: true, status: 'completed' });
  });

  it('replaces the flow on the 6th code submission with 410 self_service_flow_replaced', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('vbrute'), undefined, false);
    const api = new Browser().frontend(idp.publicUrl);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    const code = await latestCode(idp.adminUrl, user.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const r = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: wrongCode } });
      expect(messageIds(r)).toEqual([4070006]);
    }
    const f = await failure(api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code } }));
    expect(f.status).toBe(410);
    expect((f.body.error as { id: string }).id).toBe('self_service_flow_replaced');
    const fresh = await api.getVerificationFlow({ id: String(f.body.use_flow_id) });
    expect(messageIds(fresh)).toEqual([4000001]);
  });

  it('answers unknown addresses like known ones, and works as an API flow', async () => {
    const api = nativeFrontend(idp.publicUrl);
    const flow = await api.createNativeVerificationFlow();
    const sent = await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: uniqueEmail('ghost') } });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1080003]);
    expect((nodeNamed(sent, 'email')?.attributes as { type: string }).type).toBe('submit');
  });

  it('the e-mail link puts the code into the flow and 303s to the verification UI', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('link'), undefined, false);
    const browser = new Browser();
    const api = browser.frontend(idp.publicUrl);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email: user.email, csrf_token: csrfOf(flow) } });
    const r = await db.query('SELECT body FROM identity.courier_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [user.email]);
    const link = String((r.rows[0] as { body: string }).body.match(/http\S+code=\d{6}/)?.[0]);
    const res = await browser.fetch(link, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${idp.baseUrl}auth/verify?flow=${flow.id}`);
    const filled = await api.getVerificationFlow({ id: flow.id });
    expect((nodeNamed(filled, 'code')?.attributes as { value?: string }).value).toMatch(/^\d{6}$/);
  });
});
