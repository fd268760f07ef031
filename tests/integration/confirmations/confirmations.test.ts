import { missionStatusHistory } from '@/lib/server/missions/print/status-history';
import { APP, callAs, openAppWorld, type AppWorld } from '../mission-files/app-world';

/*
 * Issue 20 point 5, the confirmation view: staff e-mail a customer a signed-in-free link to confirm
 * an order or a delivery date; the link works once, expires, and moves the mission on, audited,
 * with its owner told.
 */
jest.setTimeout(120_000);

let app: AppWorld;
let missionRoute: typeof import('@/app/api/v2/missions/[id]/confirmations/route');
let linkRoute: typeof import('@/app/api/v2/confirmations/[token]/route');

beforeAll(async () => {
  app = await openAppWorld('confirmations');
  missionRoute = await import('@/app/api/v2/missions/[id]/confirmations/route');
  linkRoute = await import('@/app/api/v2/confirmations/[token]/route');
});
afterAll(() => app?.close());

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await app.t.pool.query<T>(text, values)).rows;
const atStep = (id: number, step: string, ownerRole: 'admin' | null = 'admin') =>
  q('update mission set step = $2, owner_id = $3, delivery_date = null where id = $1', [id, step, ownerRole ? app.ids[ownerRole] : null]);

const request = (role: Parameters<typeof callAs>[1], missionId: number, json: unknown) =>
  callAs(missionRoute.POST, role, 'POST', `/api/v2/missions/${missionId}/confirmations`, { params: { id: String(missionId) }, json });
const read = (token: string) => callAs(linkRoute.GET, null, 'GET', `/api/v2/confirmations/${token}`, { params: { token } });
const confirm = (token: string, headers: Record<string, string> = {}) => callAs(linkRoute.POST, null, 'POST', `/api/v2/confirmations/${token}`, { params: { token }, headers });

/** The e-mails of one template in the outbox to the user with this identity id. */
const mailsTo = (identityId: string, template: string) =>
  q<{ subject: string }>('select subject from mail_outbox where template = $2 and recipient = (select email from app_user where identity_id = $1) order by id', [identityId, template]);

/** The link in the newest e-mail to `recipient`: its token. */
async function tokenMailedTo(recipient: string): Promise<string> {
  const [mail] = await q<{ body: string }>('select body from mail_outbox where recipient = $1 order by id desc limit 1', [recipient]);
  const match = new RegExp(`${APP}/confirm/([A-Za-z0-9_-]{43})`).exec(mail?.body ?? '');
  if (!match) throw new Error(`no confirmation link mailed to ${recipient}`);
  return match[1]!;
}

describe('confirming an order from a link in an e-mail', () => {
  it('mails a link; reading it changes nothing; confirming moves the mission on once, audited, with the owner told', async () => {
    const mission = app.w.m.nord;
    await atStep(mission.id, 'order_confirm');
    const sent = await request('admin', mission.id, { kind: 'order', recipient: 'Einkauf@Nord-GmbH.de' });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ kind: 'order', recipient: 'einkauf@nord-gmbh.de', state: 'open', deliveryDate: null, confirmedAt: null });
    const token = await tokenMailedTo('einkauf@nord-gmbh.de');
    // Only the token's hash is stored.
    expect((await q('select 1 from mission_confirmation where token_hash = $1', [token])).length).toBe(0);

    const shown = await read(token);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ kind: 'order', missionName: 'Nord Bestandsaufnahme', state: 'open' });
    expect((await q<{ step: string }>('select step from mission where id = $1', [mission.id]))[0]!.step).toBe('order_confirm');

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ state: 'confirmed', confirmedAt: expect.any(String) });
    expect((await q<{ step: string }>('select step from mission where id = $1', [mission.id]))[0]!.step).toBe('scan_appointment');
    const [audit] = await q<{ action: string; diff: Record<string, unknown> }>("select action, diff from audit_event where mission_id = $1 and action = 'confirm'", [mission.id]);
    expect(audit!.diff).toMatchObject({ step: ['order_confirm', 'scan_appointment'], confirmedBy: 'einkauf@nord-gmbh.de' });
    const [note] = await q<{ text: { en: string; de: string } }>('select text from notification where recipient_id = $1 order by id desc limit 1', [app.ids.admin]);
    expect(note!.text.en).toBe(`The customer confirmed the order of mission ${mission.id} (Nord Bestandsaufnahme).`);
    expect(note!.text.de).toBe(`Der Kunde hat den Auftrag der Mission ${mission.id} (Nord Bestandsaufnahme) bestätigt.`);
    // The owner hears it by e-mail too (the outbox: no SMTP in tests).
    expect(await mailsTo(app.ids.admin, 'confirmation.confirmed.order')).toEqual([
      { subject: `Argus: The customer confirmed the order of mission ${mission.id} (Nord Bestandsaufnahme).` },
    ]);
    // The print view's status history shows the step the confirmation moved on.
    const history = await missionStatusHistory(app.t.system, mission.id);
    expect(history.at(-1)).toMatchObject({ action: 'confirm', changes: [{ field: 'step', from: 'order_confirm', to: 'scan_appointment' }] });

    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { details: { key: string } } }).error.details.key).toBe('errors.confirmation.used');
    expect((await q<{ step: string }>('select step from mission where id = $1', [mission.id]))[0]!.step).toBe('scan_appointment');
  });

  it('confirms a proposed delivery date, which becomes the mission\'s', async () => {
    const mission = app.w.m.provider;
    await atStep(mission.id, 'confirm_delivery_date');
    expect((await request('operator', mission.id, { kind: 'delivery_date', recipient: 'bau@halle.de' })).status).toBe(400);
    expect((await request('operator', mission.id, { kind: 'delivery_date', recipient: 'bau@halle.de', deliveryDate: '2027-01-15' })).status).toBe(201);
    const token = await tokenMailedTo('bau@halle.de');
    expect(await (await read(token)).json()).toMatchObject({ kind: 'delivery_date', deliveryDate: '2027-01-15' });
    expect((await confirm(token)).status).toBe(200);
    expect((await q('select step, delivery_date::text as "deliveryDate" from mission where id = $1', [mission.id]))[0]).toEqual({ step: 'scan', deliveryDate: '2027-01-15' });
    const [audit] = await q<{ diff: Record<string, unknown> }>("select diff from audit_event where mission_id = $1 and action = 'confirm'", [mission.id]);
    expect(audit!.diff).toMatchObject({ step: ['confirm_delivery_date', 'scan'], deliveryDate: [null, '2027-01-15'], confirmedBy: 'bau@halle.de', via: 'confirmation link' });
    const [note] = await q<{ text: { en: string } }>('select text from notification where recipient_id = $1 order by id desc limit 1', [app.ids.admin]);
    expect(note!.text.en).toBe(`The customer confirmed the delivery date 2027-01-15 of mission ${mission.id} (${mission.name}).`);
    expect(await mailsTo(app.ids.admin, 'confirmation.confirmed.delivery_date')).toHaveLength(1);
  });

  it('tells whoever sent the link when the mission has no owner', async () => {
    const mission = app.w.m.nord;
    await atStep(mission.id, 'order_confirm', null);
    expect((await request('advanced', mission.id, { kind: 'order', recipient: 'ohne-owner@nord.de' })).status).toBe(201);
    expect((await confirm(await tokenMailedTo('ohne-owner@nord.de'))).status).toBe(200);
    const [note] = await q<{ text: { en: string } }>('select text from notification where recipient_id = $1 order by id desc limit 1', [app.ids.advanced]);
    expect(note!.text.en).toBe(`The customer confirmed the order of mission ${mission.id} (Nord Bestandsaufnahme).`);
    expect(await mailsTo(app.ids.advanced, 'confirmation.confirmed.order')).toHaveLength(1);
  });

  it('ends an older link when a newer one is sent, and refuses an expired one', async () => {
    const mission = app.w.m.rheinShared;
    await atStep(mission.id, 'order_confirm');
    await request('admin', mission.id, { kind: 'order', recipient: 'alt@rhein.de' });
    const older = await tokenMailedTo('alt@rhein.de');
    await request('admin', mission.id, { kind: 'order', recipient: 'neu@rhein.de' });
    const newer = await tokenMailedTo('neu@rhein.de');
    expect(await (await read(older)).json()).toMatchObject({ state: 'expired' });
    const refused = await confirm(older);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { details: { key: string } } }).error.details.key).toBe('errors.confirmation.expired');
    const list = await callAs(missionRoute.GET, 'admin', 'GET', `/api/v2/missions/${mission.id}/confirmations`, { params: { id: String(mission.id) } });
    expect(((await list.json()) as { items: { recipient: string; state: string }[] }).items.map((i) => [i.recipient, i.state])).toEqual([
      ['neu@rhein.de', 'open'],
      ['alt@rhein.de', 'expired'],
    ]);
    await q("update mission_confirmation set expires_at = now() - interval '1 minute' where recipient = 'neu@rhein.de'");
    expect((await confirm(newer)).status).toBe(409);
    expect((await q<{ step: string }>('select step from mission where id = $1', [mission.id]))[0]!.step).toBe('order_confirm');
  });

  it('asks only at the matching step, only from those who may set the step, and confirms only while the mission still waits', async () => {
    const mission = app.w.m.partner;
    await atStep(mission.id, 'scan');
    const early = await request('admin', mission.id, { kind: 'order', recipient: 'x@partner.de' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { details: { key: string } } }).error.details.key).toBe('errors.confirmation.notAwaiting.order');
    await atStep(mission.id, 'order_confirm');
    expect((await request('external', mission.id, { kind: 'order', recipient: 'x@partner.de' })).status).toBe(403);
    expect((await request('customer2', mission.id, { kind: 'order', recipient: 'x@partner.de' })).status).toBe(403);
    expect((await request(null, mission.id, { kind: 'order', recipient: 'x@partner.de' })).status).toBe(401);
    expect((await request('admin', mission.id, { kind: 'order', recipient: 'not an address' })).status).toBe(400);
    expect((await request('admin', mission.id, { kind: 'order', recipient: 'x@partner.de' })).status).toBe(201);
    const token = await tokenMailedTo('x@partner.de');
    await atStep(mission.id, 'scan');
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { details: { key: string } } }).error.details.key).toBe('errors.confirmation.notAwaiting.link');
  });

  it('answers an unknown or malformed link with 404 and a confirmation from another origin with 403', async () => {
    expect((await read('A'.repeat(43))).status).toBe(404);
    expect((await read('short-but-valid-chars')).status).toBe(404);
    const mission = app.w.m.rheinForeign;
    await atStep(mission.id, 'order_confirm');
    await request('admin', mission.id, { kind: 'order', recipient: 'fremd@rhein.de' });
    const token = await tokenMailedTo('fremd@rhein.de');
    expect((await confirm(token, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await q<{ step: string }>('select step from mission where id = $1', [mission.id]))[0]!.step).toBe('order_confirm');
  });
});
