import { ResponseError, type RecoveryFlow, type SettingsFlow } from '@ory/client-fetch';
import { csrfOf, uniqueEmail } from '../identity/support/flows';
import { adminHeaders } from '../identity/support/server';
import { APP, startHarness, type Harness } from './harness';
import type { UserActor } from '@/lib/server/auth/actor';

/**
 * Issue 8 item 3 (user center) against PostgreSQL and the identity service: list, invite, assign
 * company/customer/roles, deactivate/reactivate, revoke sessions, each audited, and who may call them.
 */
describe('user center verbs', () => {
  let h: Harness;
  let admin: UserActor;
  let adminCookie: string;
  let verbs: {
    listUserAccountsFromJson: typeof import('@/lib/server/users/list-user-accounts').listUserAccountsFromJson;
    inviteUserFromJson: typeof import('@/lib/server/users/invite-user').inviteUserFromJson;
    updateUserAccessFromJson: typeof import('@/lib/server/users/update-user-access').updateUserAccessFromJson;
    deactivateUser: typeof import('@/lib/server/users/set-user-state').deactivateUser;
    reactivateUser: typeof import('@/lib/server/users/set-user-state').reactivateUser;
    revokeUserSessions: typeof import('@/lib/server/users/revoke-user-sessions').revokeUserSessions;
    reissueInvitation: typeof import('@/lib/server/users/reissue-invitation').reissueInvitation;
  };
  let resolveUser: typeof import('@/lib/server/auth/current-user').resolveUser;
  let audit: (entityId: string) => Promise<{ action: string; actorId: string | null; diff: Record<string, unknown> }[]>;
  let profile: (identityId: string) => Promise<{ companyId: number | null; customerId: number | null } | undefined>;
  let identityJson: (id: string) => Promise<{ state: string; metadata_public: Record<string, unknown>; verifiable_addresses: { verified: boolean }[] }>;

  beforeAll(async () => {
    h = await startHarness();
    verbs = {
      ...(await import('@/lib/server/users/list-user-accounts')),
      ...(await import('@/lib/server/users/invite-user')),
      ...(await import('@/lib/server/users/update-user-access')),
      ...(await import('@/lib/server/users/set-user-state')),
      ...(await import('@/lib/server/users/revoke-user-sessions')),
      ...(await import('@/lib/server/users/reissue-invitation')),
    };
    ({ resolveUser } = await import('@/lib/server/auth/current-user'));
    const { db } = await import('@/lib/server/db/client');
    const { appUser, auditEvent } = await import('@/lib/server/db/schema');
    const { and, asc, eq } = await import('drizzle-orm');
    audit = (entityId) => db().select({ action: auditEvent.action, actorId: auditEvent.actorId, diff: auditEvent.diff }).from(auditEvent).where(and(eq(auditEvent.entity, 'user'), eq(auditEvent.entityId, entityId))).orderBy(asc(auditEvent.id));
    profile = async (identityId) => (await db().select({ companyId: appUser.companyId, customerId: appUser.customerId }).from(appUser).where(eq(appUser.identityId, identityId)))[0];
    identityJson = async (id) => (await (await fetch(`${h.identity.adminUrl}/admin/identities/${id}`, { headers: adminHeaders() })).json()) as never;
    const { email } = await h.createUser({ roles: ['admin'] }, 'admin');
    ({ actor: admin, cookie: adminCookie } = await h.signIn(email));
  }, 90_000);

  afterAll(async () => {
    await h?.stop();
  });

  const invitee = (overrides: Record<string, unknown> = {}) => ({ email: uniqueEmail('invitee'), firstName: 'Lena', lastName: 'Vogt', customerId: h.customer.id, roles: ['customer'], ...overrides });

  /** Redeems an invitation like the invitee's browser: open the link, enter the code, set a password. */
  async function acceptInvitation(link: string, code: string, password: string): Promise<string> {
    const browser = h.browser();
    const api = browser.frontend(APP);
    const opened = await browser.fetch(link, { headers: { Accept: 'text/html' } });
    expect([302, 303]).toContain(opened.status);
    const flowId = new URL(link).searchParams.get('flow')!;
    const flow: RecoveryFlow = await api.getRecoveryFlow({ id: flowId });
    let settingsUrl = '';
    try {
      await api.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) } });
    } catch (err) {
      // The browser is sent on to the settings flow (422 browser_location_change_required).
      const body = (await (err as ResponseError).response.json()) as { redirect_browser_to?: string };
      settingsUrl = body.redirect_browser_to ?? '';
    }
    const settingsId = new URL(settingsUrl).searchParams.get('flow')!;
    const settings: SettingsFlow = await api.getSettingsFlow({ id: settingsId });
    await api.updateSettingsFlow({ flow: settingsId, updateSettingsFlowBody: { method: 'password', password, csrf_token: csrfOf(settings) } });
    return browser.cookieHeader();
  }

  it('invites a user: identity with metadata_public, Argus profile, audit event, and a recovery code that lets them set a password', async () => {
    const input = invitee();
    const { user, invitation } = await verbs.inviteUserFromJson(h.ctx(admin), input);
    expect(user).toMatchObject({ email: input.email, firstName: 'Lena', lastName: 'Vogt', verified: false, state: 'active', roles: ['customer'], lastSignInAt: null });
    expect(user.company).toEqual({ id: h.companyId, name: 'Mainufer Projektentwicklung' });
    expect(user.customer).toMatchObject({ id: h.customer.id, customerNumber: 20 });
    expect(invitation.recoveryLink).toMatch(new RegExp(`^${APP}/self-service/recovery\\?flow=`));
    expect(invitation.recoveryCode).toMatch(/^\d{6}$/);
    expect(new Date(invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

    const stored = await identityJson(user.identityId);
    expect(stored.metadata_public).toEqual({ roles: ['customer'], role: 'customer', customerID: 20, customer_uuid: h.customer.uuid });
    expect(await profile(user.identityId)).toEqual({ companyId: h.companyId, customerId: h.customer.id });
    expect(await audit(user.identityId)).toEqual([expect.objectContaining({ action: 'invite', actorId: admin.identityId })]);

    const cookie = await acceptInvitation(invitation.recoveryLink, invitation.recoveryCode, 'Harbor-Violet-2026!');
    const signedIn = await resolveUser(cookie);
    expect(signedIn?.facts).toMatchObject({ email: input.email, roles: ['customer'], customerNumber: 20, verified: true });
    expect(signedIn?.actor).toMatchObject({ companyId: h.companyId, customerId: h.customer.id });
    // The password they chose works for a normal sign-in.
    const again = await h.signIn(input.email, 'Harbor-Violet-2026!');
    expect(again.actor.identityId).toBe(user.identityId);

    const listed = await verbs.listUserAccountsFromJson(h.ctx(admin), { q: input.email });
    expect(listed.items).toEqual([expect.objectContaining({ identityId: user.identityId, verified: true })]);
    expect(listed.items[0]!.lastSignInAt).not.toBeNull();
  });

  it('refuses an e-mail that exists, an unknown customer and a company that does not own the customer', async () => {
    const input = invitee();
    await verbs.inviteUserFromJson(h.ctx(admin), input);
    await expect(verbs.inviteUserFromJson(h.ctx(admin), { ...input, email: input.email.toUpperCase() })).rejects.toMatchObject({ code: 'conflict', details: { fields: { email: ['errors.admin.alreadyExists'] } } });
    const existing = await h.createUser({ roles: ['customer'] }, 'existing');
    await expect(verbs.inviteUserFromJson(h.ctx(admin), invitee({ email: existing.email }))).rejects.toMatchObject({ code: 'conflict' });
    await expect(verbs.inviteUserFromJson(h.ctx(admin), invitee({ customerId: 999_999 }))).rejects.toMatchObject({ code: 'validation', details: { fields: { customerId: ['errors.admin.customerNotFound'] } } });
    await expect(verbs.inviteUserFromJson(h.ctx(admin), invitee({ companyId: h.otherCompanyId }))).rejects.toMatchObject({ code: 'validation' });
    await expect(verbs.inviteUserFromJson(h.ctx(admin), invitee({ roles: ['no-such-role'] }))).rejects.toMatchObject({ code: 'validation', details: { fields: { roles: [expect.stringContaining('no-such-role')] } } });
    await expect(verbs.inviteUserFromJson(h.ctx(admin), invitee({ email: 'not-an-email' }))).rejects.toMatchObject({ code: 'validation', details: { fields: { email: ['validation.email'] } } });
  });

  it('lists identities joined with profiles, searched by customer number and role, sorted by name and paged', async () => {
    const a = await verbs.inviteUserFromJson(h.ctx(admin), invitee({ lastName: 'Aaberg', customerId: h.otherCustomer.id, roles: ['external'] }));
    const list = await verbs.listUserAccountsFromJson(h.ctx(admin), { q: 'external' });
    expect(list.items.map((u) => u.identityId)).toContain(a.user.identityId);
    expect(list.items.every((u) => u.roles.includes('external') || JSON.stringify(u).toLowerCase().includes('external'))).toBe(true);
    const byNumber = await verbs.listUserAccountsFromJson(h.ctx(admin), { q: '7', pageSize: 100 });
    expect(byNumber.items.find((u) => u.identityId === a.user.identityId)?.customer).toMatchObject({ customerNumber: 7, name: 'Rheinland Immobilien – Bestand' });
    const all = await verbs.listUserAccountsFromJson(h.ctx(admin), { pageSize: 100 });
    const names = all.items.map((u) => `${u.lastName} ${u.firstName} ${u.email}`.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    const page2 = await verbs.listUserAccountsFromJson(h.ctx(admin), { page: 2, pageSize: 1 });
    expect(page2).toMatchObject({ total: all.total, page: 2, pageSize: 1 });
    expect(page2.items[0]?.identityId).toBe(all.items[1]?.identityId);
    expect(all.roles).toEqual(expect.arrayContaining([{ name: 'admin', userLevel: 100, assignable: true }, { name: 'customer', userLevel: 20, assignable: true }]));
  });

  it('assigns company, customer number and roles in one step: metadata_public and the profile, audited', async () => {
    const { user } = await verbs.inviteUserFromJson(h.ctx(admin), invitee());
    const updated = await verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: user.identityId, customerId: h.otherCustomer.id, roles: ['external', 'customer'] });
    expect(updated).toMatchObject({ roles: ['external', 'customer'], company: { id: h.otherCompanyId }, customer: { customerNumber: 7 } });
    expect((await identityJson(user.identityId)).metadata_public).toEqual({ roles: ['external', 'customer'], role: 'external', customerID: 7, customer_uuid: h.otherCustomer.uuid });
    expect(await profile(user.identityId)).toEqual({ companyId: h.otherCompanyId, customerId: h.otherCustomer.id });
    const events = await audit(user.identityId);
    expect(events.at(-1)).toMatchObject({ action: 'update_access', diff: { roles: [['customer'], ['external', 'customer']], customerNumber: [20, 7], companyId: [h.companyId, h.otherCompanyId] } });

    // Company only (internal staff): no customer keys left in metadata_public.
    await verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: user.identityId, companyId: h.companyId, customerId: null, roles: ['operator'] });
    expect((await identityJson(user.identityId)).metadata_public).toEqual({ roles: ['operator'], role: 'operator' });
    expect(await profile(user.identityId)).toEqual({ companyId: h.companyId, customerId: null });

    await expect(verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: user.identityId, companyId: h.companyId, customerId: h.otherCustomer.id, roles: [] })).rejects.toMatchObject({
      code: 'validation',
      details: { fields: { customerId: ['errors.admin.customerOtherCompany'] } },
    });
    await expect(verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: '00000000-0000-4000-8000-000000000000', roles: [] })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a role change applies to the user’s next request (roles come from the identity on every request)', async () => {
    const { email, id } = await h.createUser({ roles: ['customer'], customerID: 20 }, 'next-request');
    const { cookie } = await h.signIn(email);
    await verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: id, customerId: h.customer.id, roles: ['operator'] });
    expect((await resolveUser(cookie))?.actor.roles).toEqual(['operator']);
  });

  it('nobody changes their own roles or deactivates themselves', async () => {
    await expect(verbs.updateUserAccessFromJson(h.ctx(admin), { identityId: admin.identityId, roles: ['customer'] })).rejects.toMatchObject({ code: 'not_authorized' });
    await expect(verbs.deactivateUser(h.ctx(admin), { identityId: admin.identityId })).rejects.toMatchObject({ code: 'not_authorized' });
  });

  it('deactivating ends the sessions and refuses sign-in; reactivating lets the user in again; both audited', async () => {
    const { email, id } = await h.createUser({ roles: ['customer'] }, 'deactivate');
    const { cookie } = await h.signIn(email);
    const off = await verbs.deactivateUser(h.ctx(admin), { identityId: id });
    expect(off.state).toBe('inactive');
    expect(await resolveUser(cookie)).toBeNull();
    await expect(h.signIn(email)).rejects.toThrow();
    const on = await verbs.reactivateUser(h.ctx(admin), { identityId: id });
    expect(on.state).toBe('active');
    await expect(h.signIn(email)).resolves.toBeDefined();
    expect((await audit(id)).map((e) => e.action)).toEqual(['deactivate', 'reactivate']);
    await expect(verbs.reissueInvitation(h.ctx(admin), { identityId: id })).resolves.toMatchObject({ recoveryCode: expect.stringMatching(/^\d{6}$/) });
  });

  it('revoking sessions signs the user out everywhere but keeps the account active', async () => {
    const { email, id } = await h.createUser({ roles: ['customer'] }, 'revoke');
    const first = await h.signIn(email);
    const second = await h.signIn(email);
    await verbs.revokeUserSessions(h.ctx(admin), { identityId: id });
    expect(await resolveUser(first.cookie)).toBeNull();
    expect(await resolveUser(second.cookie)).toBeNull();
    expect((await identityJson(id)).state).toBe('active');
    expect((await audit(id)).map((e) => e.action)).toEqual(['revoke_sessions']);
  });

  describe('authorization matrix', () => {
    let routes: {
      users: typeof import('@/app/api/v2/admin/users/route');
      user: typeof import('@/app/api/v2/admin/users/[id]/route');
      deactivate: typeof import('@/app/api/v2/admin/users/[id]/deactivate/route');
      reactivate: typeof import('@/app/api/v2/admin/users/[id]/reactivate/route');
      sessions: typeof import('@/app/api/v2/admin/users/[id]/sessions/route');
      invitation: typeof import('@/app/api/v2/admin/users/[id]/invitation/route');
    };
    let target: { id: string; email: string };

    beforeAll(async () => {
      routes = {
        users: await import('@/app/api/v2/admin/users/route'),
        user: await import('@/app/api/v2/admin/users/[id]/route'),
        deactivate: await import('@/app/api/v2/admin/users/[id]/deactivate/route'),
        reactivate: await import('@/app/api/v2/admin/users/[id]/reactivate/route'),
        sessions: await import('@/app/api/v2/admin/users/[id]/sessions/route'),
        invitation: await import('@/app/api/v2/admin/users/[id]/invitation/route'),
      };
      target = await h.createUser({ roles: ['customer'], customerID: 20 }, 'target');
    });

    const calls = () => [
      { name: 'list', run: (cookie?: string) => h.call(routes.users.GET, 'GET', '/api/v2/admin/users', { cookie }) },
      { name: 'invite', run: (cookie?: string) => h.call(routes.users.POST, 'POST', '/api/v2/admin/users', { cookie, json: invitee() }) },
      { name: 'access', run: (cookie?: string) => h.call(routes.user.PATCH, 'PATCH', `/api/v2/admin/users/${target.id}`, { cookie, params: { id: target.id }, json: { customerId: h.customer.id, roles: ['customer'] } }) },
      { name: 'deactivate', run: (cookie?: string) => h.call(routes.deactivate.POST, 'POST', `/api/v2/admin/users/${target.id}/deactivate`, { cookie, params: { id: target.id } }) },
      { name: 'reactivate', run: (cookie?: string) => h.call(routes.reactivate.POST, 'POST', `/api/v2/admin/users/${target.id}/reactivate`, { cookie, params: { id: target.id } }) },
      { name: 'sessions', run: (cookie?: string) => h.call(routes.sessions.DELETE, 'DELETE', `/api/v2/admin/users/${target.id}/sessions`, { cookie, params: { id: target.id } }) },
      { name: 'invitation', run: (cookie?: string) => h.call(routes.invitation.POST, 'POST', `/api/v2/admin/users/${target.id}/invitation`, { cookie, params: { id: target.id } }) },
    ];

    it('answers 401 without a session on every endpoint', async () => {
      for (const call of calls()) expect([call.name, (await call.run()).status]).toEqual([call.name, 401]);
    });

    it.each([['advanced'], ['operator'], ['customer'], ['external']])('refuses %s (no userCenter flag) with 403 on every endpoint', async (role) => {
      const { email } = await h.createUser({ roles: [role], customerID: 20 }, role);
      const { cookie } = await h.signIn(email);
      for (const call of calls()) {
        const res = await call.run(cookie);
        expect([call.name, res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([call.name, 403, 'not_authorized']);
      }
    });

    it('serves admin on every endpoint', async () => {
      const expected: Record<string, number> = { list: 200, invite: 201, access: 200, deactivate: 200, reactivate: 200, sessions: 204, invitation: 201 };
      for (const call of calls()) expect([call.name, (await call.run(adminCookie)).status]).toEqual([call.name, expected[call.name]]);
    });

    it('answers 400 with field errors for bad input, never 500', async () => {
      const res = await h.call(routes.users.POST, 'POST', '/api/v2/admin/users', { cookie: adminCookie, json: { email: 'x', firstName: ' ', lastName: 'B', roles: ['Bad Role!'] } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
      expect(Object.keys(body.error.details.fields).sort()).toEqual(['email', 'firstName', 'roles.0']);
      const badId = await h.call(routes.user.PATCH, 'PATCH', '/api/v2/admin/users/nope', { cookie: adminCookie, params: { id: 'nope' }, json: { roles: [] } });
      expect(badId.status).toBe(400);
    });

    it('a user ranking below the target cannot manage them, nor assign roles above their level', async () => {
      const { createRoleFromJson } = await import('@/lib/server/roles/create-role');
      await createRoleFromJson(h.ctx(admin), { name: 'office-lead', userLevel: 30, permissions: ['UI.menu.userCenter'] });
      const lead = await h.createUser({ roles: ['office-lead'] }, 'lead');
      const { cookie, actor } = await h.signIn(lead.email);
      // Level 30 ≥ customer (20): may manage the customer target and assign customer…
      expect((await calls()[2]!.run(cookie)).status).toBe(200);
      // …but not assign operator (40), nor touch an advanced (80) user.
      await expect(verbs.updateUserAccessFromJson(h.ctx(actor), { identityId: target.id, roles: ['operator'] })).rejects.toMatchObject({ code: 'not_authorized' });
      const manager = await h.createUser({ roles: ['advanced'] }, 'manager');
      await expect(verbs.deactivateUser(h.ctx(actor), { identityId: manager.id })).rejects.toMatchObject({ code: 'not_authorized' });
      await expect(verbs.inviteUserFromJson(h.ctx(actor), invitee({ roles: ['admin'] }))).rejects.toMatchObject({ code: 'not_authorized' });
    });
  });

  // Last: it stops the identity service.
  it("fails with 503 when the identity service does not answer (the screen shows 'Failed to get users.')", async () => {
    await h.identity.stop();
    await expect(verbs.listUserAccountsFromJson(h.ctx(admin), {})).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
