import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS } from '@/lib/shared/auth/permission-table';
import type { PermissionSet } from '@/lib/shared/permissions';
import { startHarness, type Harness } from './harness';
import type { UserActor } from '@/lib/server/auth/actor';

/**
 * Issue 8 item 4 (permissions screen) against PostgreSQL and the identity service: the stored role
 * → permission table, what GET /api/v2/permission answers right after a change, user levels,
 * built-in roles that cannot be deleted, and who may use the screen.
 */
describe('permissions screen verbs', () => {
  let h: Harness;
  let admin: UserActor;
  let adminCookie: string;
  let roles: {
    listRoles: typeof import('@/lib/server/roles/list-roles').listRoles;
    createRoleFromJson: typeof import('@/lib/server/roles/create-role').createRoleFromJson;
    updateRoleFromJson: typeof import('@/lib/server/roles/update-role').updateRoleFromJson;
    deleteRole: typeof import('@/lib/server/roles/delete-role').deleteRole;
  };
  let updateUserAccessFromJson: typeof import('@/lib/server/users/update-user-access').updateUserAccessFromJson;
  let permissionGET: Parameters<Harness['call']>[0];
  let audit: (entityId: string) => Promise<{ action: string; diff: Record<string, unknown> }[]>;

  const permissionsWith = async (cookie: string) => (await (await h.call(permissionGET, 'GET', '/api/v2/permission', { cookie })).json()) as PermissionSet;
  const version = async (name: string) => (await roles.listRoles(h.ctx(admin))).items.find((r) => r.name === name)!.version;

  beforeAll(async () => {
    h = await startHarness();
    roles = {
      ...(await import('@/lib/server/roles/list-roles')),
      ...(await import('@/lib/server/roles/create-role')),
      ...(await import('@/lib/server/roles/update-role')),
      ...(await import('@/lib/server/roles/delete-role')),
    };
    ({ updateUserAccessFromJson } = await import('@/lib/server/users/update-user-access'));
    ({ GET: permissionGET } = await import('@/app/api/v2/permission/route'));
    const { db } = await import('@/lib/server/db/client');
    const { auditEvent } = await import('@/lib/server/db/schema');
    const { and, asc, eq } = await import('drizzle-orm');
    audit = (entityId) => db().select({ action: auditEvent.action, diff: auditEvent.diff }).from(auditEvent).where(and(eq(auditEvent.entity, 'role'), eq(auditEvent.entityId, entityId))).orderBy(asc(auditEvent.id));
    const { email } = await h.createUser({ roles: ['admin'] }, 'admin');
    ({ actor: admin, cookie: adminCookie } = await h.signIn(email));
  }, 90_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('lists the built-in roles with the code defaults and their user levels while nobody edited them', async () => {
    const list = await roles.listRoles(h.ctx(admin));
    expect(list.ownLevel).toBe(100);
    expect(list.flags).toEqual([...PERMISSION_FLAGS]);
    expect(list.items.map((r) => [r.name, r.userLevel, r.builtIn, r.version])).toEqual([
      ['admin', 100, true, 0],
      ['advanced', 80, true, 0],
      ['operator', 40, true, 0],
      ['customer', 20, true, 0],
      ['external', 10, true, 0],
    ]);
    for (const role of list.items) expect([...role.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS[role.name as keyof typeof DEFAULT_ROLE_PERMISSIONS]].sort());
    expect(list.items[0]).toMatchObject({ locked: true });
  });

  it('a stored change of a role applies to GET /api/v2/permission on the next request, and is audited', async () => {
    const { email } = await h.createUser({ roles: ['customer'], customerID: 20 }, 'customer');
    const { cookie } = await h.signIn(email);
    expect((await permissionsWith(cookie)).UI.menu.planner).toBe(true);

    // Stored lists keep the code's flag order.
    const defaults = PERMISSION_FLAGS.filter((f) => DEFAULT_ROLE_PERMISSIONS.customer.includes(f));
    const without = defaults.filter((f) => f !== 'UI.menu.planner');
    const changed = await roles.updateRoleFromJson(h.ctx(admin), { name: 'customer', permissions: without, version: 0 });
    expect(changed).toMatchObject({ name: 'customer', builtIn: true, version: 1, permissions: without });
    expect((await permissionsWith(cookie)).UI.menu.planner).toBe(false);
    expect((await permissionsWith(cookie)).UI.menu.missionList).toBe(true);

    // A stale version is refused; the current one restores the flag.
    await expect(roles.updateRoleFromJson(h.ctx(admin), { name: 'customer', permissions: defaults, version: 0 })).rejects.toMatchObject({ code: 'version_conflict' });
    await roles.updateRoleFromJson(h.ctx(admin), { name: 'customer', permissions: defaults, version: 1 });
    expect((await permissionsWith(cookie)).UI.menu.planner).toBe(true);
    expect(await audit('customer')).toEqual([
      { action: 'update', diff: { permissions: [defaults, without] } },
      { action: 'update', diff: { permissions: [without, defaults] } },
    ]);
  });

  it('the admin role cannot be changed, so nobody is locked out of this screen', async () => {
    await expect(roles.updateRoleFromJson(h.ctx(admin), { name: 'admin', permissions: [], version: 0 })).rejects.toMatchObject({ code: 'conflict' });
    expect((await permissionsWith(adminCookie)).UI.misc.permissions).toBe(true);
  });

  it('creates a role with a user level; assigned to a user it grants its flags at once; edited, it changes them', async () => {
    const created = await roles.createRoleFromJson(h.ctx(admin), { name: 'site-lead', userLevel: 30, permissions: ['UI.menu.missionList', 'UI.menu.assignedToMe'] });
    expect(created).toMatchObject({ name: 'site-lead', builtIn: false, locked: false, userLevel: 30, version: 1, manageable: true });
    await expect(roles.createRoleFromJson(h.ctx(admin), { name: 'site-lead', userLevel: 10 })).rejects.toMatchObject({ code: 'conflict', details: { fields: { name: ['errors.admin.alreadyExists'] } } });
    await expect(roles.createRoleFromJson(h.ctx(admin), { name: 'customer', userLevel: 10 })).rejects.toMatchObject({ code: 'conflict' });
    await expect(roles.createRoleFromJson(h.ctx(admin), { name: 'X y', userLevel: 101 })).rejects.toMatchObject({ code: 'validation', details: { fields: { name: expect.any(Array), userLevel: expect.any(Array) } } });

    const user = await h.createUser({ roles: ['external'] }, 'site');
    const { cookie } = await h.signIn(user.email);
    await updateUserAccessFromJson(h.ctx(admin), { identityId: user.id, roles: ['site-lead'] });
    expect((await permissionsWith(cookie)).UI.menu).toMatchObject({ missionList: true, assignedToMe: true, planner: false });
    await roles.updateRoleFromJson(h.ctx(admin), { name: 'site-lead', permissions: ['UI.menu.planner'], userLevel: 35, version: 1 });
    expect((await permissionsWith(cookie)).UI.menu).toMatchObject({ missionList: false, assignedToMe: false, planner: true });
    expect((await audit('site-lead')).map((e) => e.action)).toEqual(['create', 'update']);
  });

  it('refuses to delete built-in roles and roles still assigned; deletes an unassigned custom role', async () => {
    for (const name of ['admin', 'advanced', 'operator', 'customer', 'external']) {
      await expect(roles.deleteRole(h.ctx(admin), { name })).rejects.toMatchObject({ code: 'conflict', details: { reason: 'built_in' } });
    }
    await roles.createRoleFromJson(h.ctx(admin), { name: 'temp-crew', userLevel: 5 });
    const holder = await h.createUser({ roles: ['temp-crew'] }, 'crew');
    await expect(roles.deleteRole(h.ctx(admin), { name: 'temp-crew' })).rejects.toMatchObject({ code: 'conflict', details: { reason: 'assigned', users: 1 } });
    await updateUserAccessFromJson(h.ctx(admin), { identityId: holder.id, roles: ['external'] });
    await roles.deleteRole(h.ctx(admin), { name: 'temp-crew' });
    expect((await roles.listRoles(h.ctx(admin))).items.map((r) => r.name)).not.toContain('temp-crew');
    expect((await audit('temp-crew')).map((e) => e.action)).toEqual(['create', 'delete']);
    await expect(roles.deleteRole(h.ctx(admin), { name: 'temp-crew' })).rejects.toMatchObject({ code: 'not_found' });
  });

  describe('authorization matrix', () => {
    let routes: { roles: typeof import('@/app/api/v2/roles/route'); role: typeof import('@/app/api/v2/roles/[name]/route') };

    beforeAll(async () => {
      routes = { roles: await import('@/app/api/v2/roles/route'), role: await import('@/app/api/v2/roles/[name]/route') };
      await roles.createRoleFromJson(h.ctx(admin), { name: 'matrix-role', userLevel: 10 });
    });

    const calls = () => [
      { name: 'list', run: (cookie?: string) => h.call(routes.roles.GET, 'GET', '/api/v2/roles', { cookie }) },
      { name: 'create', run: (cookie?: string) => h.call(routes.roles.POST, 'POST', '/api/v2/roles', { cookie, json: { name: `r-${Date.now().toString(36)}`, userLevel: 1 } }) },
      { name: 'update', run: (cookie?: string) => h.call(routes.role.PATCH, 'PATCH', '/api/v2/roles/external', { cookie, params: { name: 'external' }, json: { userLevel: 10, version: 0 } }) },
      { name: 'delete', run: (cookie?: string) => h.call(routes.role.DELETE, 'DELETE', '/api/v2/roles/matrix-role', { cookie, params: { name: 'matrix-role' } }) },
    ];

    it('answers 401 without a session', async () => {
      for (const call of calls()) expect([call.name, (await call.run()).status]).toEqual([call.name, 401]);
    });

    it.each([['advanced'], ['operator'], ['customer'], ['external']])('refuses %s (no UI.misc.permissions) with 403', async (role) => {
      const { email } = await h.createUser({ roles: [role] }, role);
      const { cookie } = await h.signIn(email);
      for (const call of calls()) expect([call.name, (await call.run(cookie)).status]).toEqual([call.name, 403]);
    });

    it('serves admin; a built-in role delete answers 409', async () => {
      const expected: Record<string, number> = { list: 200, create: 201, update: 200, delete: 204 };
      for (const call of calls()) expect([call.name, (await call.run(adminCookie)).status]).toEqual([call.name, expected[call.name]]);
      const builtIn = await h.call(routes.role.DELETE, 'DELETE', '/api/v2/roles/customer', { cookie: adminCookie, params: { name: 'customer' } });
      expect(builtIn.status).toBe(409);
      expect(await builtIn.json()).toMatchObject({ error: { code: 'conflict', message: 'built-in roles cannot be deleted' } });
    });

    it('a custom role with the permissions flag works within its own level and its own flags only', async () => {
      await roles.createRoleFromJson(h.ctx(admin), { name: 'permission-keeper', userLevel: 50, permissions: ['UI.misc.permissions', 'UI.menu.missionList'] });
      const keeper = await h.createUser({ roles: ['permission-keeper'] }, 'keeper');
      const { cookie, actor } = await h.signIn(keeper.email);
      expect((await calls()[0]!.run(cookie)).status).toBe(200);
      const list = await roles.listRoles(h.ctx(actor));
      expect(list.ownLevel).toBe(50);
      expect(list.items.find((r) => r.name === 'advanced')?.manageable).toBe(false);
      await expect(roles.updateRoleFromJson(h.ctx(actor), { name: 'advanced', permissions: [], version: await version('advanced') })).rejects.toMatchObject({ code: 'not_authorized' });
      await expect(roles.createRoleFromJson(h.ctx(actor), { name: 'too-high', userLevel: 60 })).rejects.toMatchObject({ code: 'not_authorized' });
      await expect(roles.updateRoleFromJson(h.ctx(actor), { name: 'customer', userLevel: 70, version: await version('customer') })).rejects.toMatchObject({ code: 'not_authorized' });
      // It may hand out only what it has itself.
      await expect(roles.createRoleFromJson(h.ctx(actor), { name: 'helper', userLevel: 20, permissions: ['UI.menu.userCenter'] })).rejects.toMatchObject({ code: 'not_authorized' });
      await expect(roles.createRoleFromJson(h.ctx(actor), { name: 'helper', userLevel: 20, permissions: ['UI.menu.missionList'] })).resolves.toMatchObject({ name: 'helper' });
      // Removing a flag it does not have is fine (customer loses exportData).
      const customer = await roles.updateRoleFromJson(h.ctx(actor), { name: 'customer', permissions: ['UI.menu.missionList'], version: await version('customer') });
      expect(customer.permissions).toEqual(['UI.menu.missionList']);
    });
  });
});
