import { callAs, openAppWorld, type AppWorld } from '../mission-files/app-world';

/*
 * Issue 20 point 5: the support view's message reaches the support mailbox (the outbox without
 * SMTP) with who sent it, the page and the mission — a mission only when the sender may see it.
 */
jest.setTimeout(120_000);

let app: AppWorld;
let route: typeof import('@/app/api/v2/support/route');

beforeAll(async () => {
  app = await openAppWorld('support');
  route = await import('@/app/api/v2/support/route');
});
afterAll(() => app?.close());

const send = (role: 'customer' | 'customer2' | 'operator' | null, json: unknown) => callAs(route.POST, role, 'POST', '/api/v2/support', { json });
const outbox = async () => (await app.t.pool.query<{ recipient: string; subject: string; body: string; template: string }>("select recipient, subject, body, template from mail_outbox where template = 'support' order by id")).rows;

describe('a message to support', () => {
  it('reaches the support mailbox with the sender, the page and the mission, and answers with its reference', async () => {
    const mission = app.w.m.nord;
    const res = await send('customer', { subject: 'Punktwolke lädt nicht', message: 'Seit heute Morgen bleibt der Viewer grau.', page: `/mission/${mission.id}/viewer`, missionId: mission.id });
    expect(res.status).toBe(202);
    const receipt = (await res.json()) as { reference: string; delivery: string };
    expect(receipt).toEqual({ reference: expect.stringMatching(/^SUP-\d{8}-[0-9A-F]{6}$/), delivery: 'outbox' });
    const [mail] = (await outbox()).slice(-1);
    expect(mail).toMatchObject({ recipient: 'support@argus.local', subject: `[${receipt.reference}] Punktwolke lädt nicht`, template: 'support' });
    expect(mail!.body).toContain('Seit heute Morgen bleibt der Viewer grau.');
    expect(mail!.body).toContain(`<${(await app.t.pool.query<{ email: string }>('select email from app_user where identity_id = $1', [app.ids.customer])).rows[0]!.email}>`);
    expect(mail!.body).toContain(`Page: http://argus.test/mission/${mission.id}/viewer`);
    expect(mail!.body).toContain(`Mission: ${mission.id} Nord Bestandsaufnahme (http://argus.test/mission/${mission.id})`);
  });

  it('does not name a mission the sender may not see, and still delivers the message', async () => {
    // It used to refuse the whole message (403/404), so a user who came from a mission page they may
    // not open (whose 403/404 page links to support) could never reach support, whatever they tried.
    // Now the message goes through with the id marked as not visible to the sender, never the
    // mission's name; a missing mission is answered the same, so nothing tells whether it exists.
    const hidden = await send('customer2', { subject: 'Frage', message: 'Wer baut das?', missionId: app.w.m.nord.id });
    expect(hidden.status).toBe(202);
    // By message text: the outbox's ids are UUIDs, not in sending order.
    const mailWith = async (text: string) => (await outbox()).find((m) => m.body.includes(text))!.body;
    const mail = { body: await mailWith('Wer baut das?') };
    expect(mail.body).toContain(`Mission: ${app.w.m.nord.id} (not visible to the sender)`);
    expect(mail.body).not.toContain('Nord Bestandsaufnahme');
    const missing = await send('customer2', { subject: 'Frage', message: 'Und das?', missionId: 999_999_999 });
    expect(missing.status).toBe(202);
    expect(await mailWith('Und das?')).toContain('Mission: 999999999 (not visible to the sender)');
    const audited = await app.t.pool.query<{ diff: { missionId: number | null } }>("select diff from audit_event where entity = 'support_request' and actor_id = $1", [app.ids.customer2]);
    expect(audited.rows.map((r) => r.diff.missionId)).toEqual([null, null]);
  });

  it('refuses an empty or blank message, a foreign page address and a missing session, with the error envelope', async () => {
    const blank = await send('operator', { subject: '   ', message: '' });
    expect(blank.status).toBe(400);
    expect(Object.keys(((await blank.json()) as { error: { details: { fields: Record<string, unknown> } } }).error.details.fields).sort()).toEqual(['message', 'subject']);
    expect((await send('operator', { subject: 'x', message: 'y', page: 'https://evil.example/' })).status).toBe(400);
    expect((await send('operator', { subject: 'x', message: 'y', page: '//evil.example/' })).status).toBe(400);
    expect((await send(null, { subject: 'x', message: 'y' })).status).toBe(401);
  });

  it('takes five messages from one user in ten minutes, then answers 429, in every app process alike', async () => {
    for (let i = 0; i < 5; i++) expect((await send('operator', { subject: `Nachricht ${i}`, message: 'Text' })).status).toBe(202);
    const audited = await app.t.pool.query<{ entity_id: string }>("select entity_id from audit_event where entity = 'support_request' and action = 'send' and actor_id = $1", [app.ids.operator]);
    expect(audited.rows).toHaveLength(5);
    // The sixth goes to a freshly loaded route, as if another app process served it.
    let another: typeof route | undefined;
    await jest.isolateModulesAsync(async () => {
      another = await import('@/app/api/v2/support/route');
    });
    expect(another!.POST).not.toBe(route.POST);
    const sixth = await callAs(another!.POST, 'operator', 'POST', '/api/v2/support', { json: { subject: 'Nachricht 6', message: 'Text' } });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { details: { key: string } } }).error.details.key).toBe('support.tooMany');
    // A refused message is neither recorded nor sent.
    expect((await app.t.pool.query("select 1 from audit_event where entity = 'support_request' and actor_id = $1", [app.ids.operator])).rowCount).toBe(5);
    expect((await outbox()).filter((m) => m.subject.endsWith('Nachricht 6'))).toEqual([]);
  });

  it('tells whom to reach', async () => {
    const res = await callAs(route.GET, 'customer', 'GET', '/api/v2/support');
    expect(await res.json()).toEqual({ email: 'support@argus.local', phone: null });
  });
});
