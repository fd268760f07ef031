/** @jest-environment node */
import { visibleEntries } from '@/components/shell/menu-entries';
import { nextPageToken } from '@/lib/server/users/identity-admin';
import { accessMetadata } from '@/lib/server/users/access-rules';
import { noPermissions } from '@/lib/shared/permissions';
import { isKnownRoute } from '@/lib/shared/routes';
import { createRoleInput } from '@/lib/shared/schemas/role';

describe('user center rules', () => {
  it('writes metadata_public as spec §3 says: roles, role = first role, customerID and customer_uuid; keeps other keys', () => {
    const tenant = { companyId: 4, customer: { id: 9, customerNumber: 20, uuid: '6d1f6a40-8d4c-4a8e-9f57-0d7b0b6b1d20' } };
    expect(accessMetadata({ role: 'external', roles: ['external'], customerID: 7, theme: 'dark' }, ['customer', 'operator'], tenant)).toEqual({
      theme: 'dark',
      roles: ['customer', 'operator'],
      role: 'customer',
      customerID: 20,
      customer_uuid: tenant.customer.uuid,
    });
    // No roles and no customer: the old single role and the customer keys go too.
    expect(accessMetadata({ role: 'external', customerID: 7, customer_uuid: 'x' }, [], { companyId: null, customer: null })).toEqual({ roles: [] });
  });

  it('follows Kratos keyset paging through the Link header', () => {
    expect(nextPageToken('</admin/identities?page_size=500&page_token=abc>; rel="first",</admin/identities?page_size=500&page_token=def>; rel="next"')).toBe('def');
    expect(nextPageToken('</admin/identities?page_size=500&page_token=abc>; rel="first"')).toBeUndefined();
    expect(nextPageToken(null)).toBeUndefined();
  });

  it('shows the Permissions menu entry only with UI.misc.permissions', () => {
    const set = noPermissions();
    expect(visibleEntries(set).map((e) => e.key)).not.toContain('permissions');
    set.UI.misc.permissions = true;
    expect(visibleEntries(set).filter((e) => e.key === 'permissions')).toEqual([{ key: 'permissions', href: '/user-center/permissions', miscFlag: 'permissions' }]);
    expect(isKnownRoute('/user-center/permissions')).toBe(true);
  });

  it('validates role names and user levels', () => {
    expect(createRoleInput.safeParse({ name: 'Site-Lead', userLevel: 30 }).data).toEqual({ name: 'site-lead', userLevel: 30, permissions: [] });
    expect(createRoleInput.safeParse({ name: 'x', userLevel: 30 }).success).toBe(false);
    expect(createRoleInput.safeParse({ name: 'lead role', userLevel: 30 }).success).toBe(false);
    expect(createRoleInput.safeParse({ name: 'lead', userLevel: 101 }).success).toBe(false);
    expect(createRoleInput.safeParse({ name: 'lead', userLevel: 5, permissions: ['UI.menu.nope'] }).success).toBe(false);
  });
});
