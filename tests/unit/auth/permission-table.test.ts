/** @jest-environment node */
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS, permissionsFor, type PermissionFlag } from '@/lib/shared/auth/permission-table';
import {
  BUILT_IN_ROLES,
  isProviderCompany,
  isSpecialGroupCompany,
  MAP_VIEW_CUSTOMER_IDS,
  mayUseMapView,
  PROVIDER_CUSTOMER_ID,
  SPECIAL_GROUP_CUSTOMER_IDS,
} from '@/lib/shared/auth/roles';
import { noPermissions, type PermissionSet } from '@/lib/shared/permissions';

/** The flags of a set that are true, as flag paths ('UI.menu.planner'), the two computed company flags left out. */
function grantedFlags(set: PermissionSet): string[] {
  const out: string[] = [];
  const walk = (node: object, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null) walk(value, [...path, key]);
      else if (value === true) out.push([...path, key].join('.'));
    }
  };
  walk(set, []);
  return out.filter((f) => f !== 'UI.misc.providerCompany' && f !== 'UI.misc.specialGroup').sort();
}

const sorted = (flags: readonly string[]) => [...flags].sort();
// A customer number on the map-view list, so the table's own grants show unaltered.
const MAP_CUSTOMER = 6;

describe('the role → permission table', () => {
  it('has a row for every built-in role and nothing else', () => {
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...BUILT_IN_ROLES].sort());
  });

  it('names every flag of the spec §3 permission set exactly once in PERMISSION_FLAGS', () => {
    const everyFlag = grantedFlags(JSON.parse(JSON.stringify(noPermissions()), (_k, v: unknown) => (v === false ? true : v)) as PermissionSet);
    expect(sorted(PERMISSION_FLAGS)).toEqual(everyFlag);
    expect(new Set(PERMISSION_FLAGS).size).toBe(PERMISSION_FLAGS.length);
  });

  it.each<[string, PermissionFlag[]]>([
    ['admin', [...PERMISSION_FLAGS]],
    [
      'advanced',
      [
        'allow.chooseCompany',
        'allow.exportData',
        'UI.menu.assignedToMe',
        'UI.menu.companyCenter',
        'UI.menu.customerCenter',
        'UI.menu.mapOverview',
        'UI.menu.missionList',
        'UI.menu.missionListBeta',
        'UI.menu.pipeline',
        'UI.menu.planner',
        'UI.menu.storage',
        'UI.menu.blurring',
        'write.customer',
      ],
    ],
    ['operator', ['UI.menu.assignedToMe', 'UI.menu.missionList', 'UI.menu.planner', 'UI.menu.pipeline', 'UI.menu.blurring']],
    ['customer', ['allow.exportData', 'UI.menu.missionList', 'UI.menu.planner', 'UI.menu.mapOverview']],
    ['external', ['UI.menu.missionList']],
  ])('%s gets exactly its row', (role, expected) => {
    expect(grantedFlags(permissionsFor({ roles: [role], customerNumber: MAP_CUSTOMER }))).toEqual(sorted(expected));
  });

  it('advanced may not open the user center or the permissions screen', () => {
    const set = permissionsFor({ roles: ['advanced'], customerNumber: null });
    expect(set.UI.menu.userCenter).toBe(false);
    expect(set.UI.misc.permissions).toBe(false);
    expect(set.UI.menu.missionListBeta).toBe(true);
  });
});

describe('permissionsFor', () => {
  it('is all false for a user without roles (spec §3 default)', () => {
    expect(permissionsFor({ roles: [], customerNumber: null })).toEqual(noPermissions());
  });

  it('grants nothing for a role the table does not know, nor for prototype names', () => {
    expect(permissionsFor({ roles: ['superuser', 'constructor', 'toString', '__proto__'], customerNumber: null })).toEqual(noPermissions());
  });

  it('is the union of the roles’ rows', () => {
    const set = permissionsFor({ roles: ['operator', 'external', 'customer'], customerNumber: MAP_CUSTOMER });
    const union = new Set([...DEFAULT_ROLE_PERMISSIONS.operator, ...DEFAULT_ROLE_PERMISSIONS.customer, ...DEFAULT_ROLE_PERMISSIONS.external]);
    expect(grantedFlags(set)).toEqual(sorted([...union]));
  });

  it('an unknown role beside a known one changes nothing', () => {
    expect(permissionsFor({ roles: ['customer', 'nonsense'], customerNumber: 6 })).toEqual(permissionsFor({ roles: ['customer'], customerNumber: 6 }));
  });

  it('uses a table passed in (the permissions screen will edit it)', () => {
    const set = permissionsFor({ roles: ['auditor'], customerNumber: null }, { auditor: ['UI.menu.storage'] });
    expect(grantedFlags(set)).toEqual(['UI.menu.storage']);
  });

  it('returns a fresh object each time (one user’s set never leaks into another’s)', () => {
    const a = permissionsFor({ roles: ['admin'], customerNumber: null });
    const b = permissionsFor({ roles: [], customerNumber: null });
    expect(b.UI.menu.userCenter).toBe(false);
    expect(a).not.toBe(b);
    expect(noPermissions().UI.menu.userCenter).toBe(false);
  });
});

describe('the map view (spec §6)', () => {
  it('lists exactly the customer IDs of the spec', () => {
    expect([...MAP_VIEW_CUSTOMER_IDS].sort((a, b) => a - b)).toEqual([6, 14, 20, 30, 36, 37]);
  });

  it.each([6, 14, 20, 30, 36, 37])('is allowed for a customer with number %i', (n) => {
    expect(permissionsFor({ roles: ['customer'], customerNumber: n }).UI.menu.mapOverview).toBe(true);
  });

  it.each([7, 1, 0, 15, 38, null])('is refused to a customer with number %p even though the customer role grants it', (n) => {
    const set = permissionsFor({ roles: ['customer'], customerNumber: n });
    expect(set.UI.menu.mapOverview).toBe(false);
    // Only the map flag is taken away.
    expect(set.UI.menu.planner).toBe(true);
  });

  it.each(['admin', 'advanced'])('is allowed for the internal role %s whatever the customer number', (role) => {
    expect(permissionsFor({ roles: [role], customerNumber: null }).UI.menu.mapOverview).toBe(true);
    expect(permissionsFor({ roles: [role], customerNumber: 7 }).UI.menu.mapOverview).toBe(true);
  });

  it('is never granted by a listed customer number alone when no role grants it', () => {
    expect(permissionsFor({ roles: ['operator'], customerNumber: 6 }).UI.menu.mapOverview).toBe(false);
    expect(permissionsFor({ roles: [], customerNumber: 6 }).UI.menu.mapOverview).toBe(false);
  });

  it('mayUseMapView: internal roles or a listed number', () => {
    expect(mayUseMapView(['admin'], null)).toBe(true);
    expect(mayUseMapView(['advanced'], 7)).toBe(true);
    expect(mayUseMapView(['customer'], 14)).toBe(true);
    expect(mayUseMapView(['customer'], 7)).toBe(false);
    expect(mayUseMapView(['operator', 'external'], null)).toBe(false);
  });
});

describe('the provider-company and special-group checks (spec §6)', () => {
  it('isProviderCompany recognises only the provider’s own customer ID', () => {
    expect(isProviderCompany(PROVIDER_CUSTOMER_ID)).toBe(true);
    expect(isProviderCompany(PROVIDER_CUSTOMER_ID + 1)).toBe(false);
    expect(isProviderCompany(null)).toBe(false);
  });

  it('the special group has nine distinct customer IDs, and the provider is not one of them', () => {
    expect(new Set(SPECIAL_GROUP_CUSTOMER_IDS).size).toBe(9);
    expect(SPECIAL_GROUP_CUSTOMER_IDS).not.toContain(PROVIDER_CUSTOMER_ID);
  });

  it('isSpecialGroupCompany recognises exactly the nine IDs', () => {
    for (const id of SPECIAL_GROUP_CUSTOMER_IDS) expect(isSpecialGroupCompany(id)).toBe(true);
    for (const id of [null, 0, PROVIDER_CUSTOMER_ID, 6, 7, 99]) expect(isSpecialGroupCompany(id)).toBe(false);
  });

  it('are reported in UI.misc whatever the roles', () => {
    const provider = permissionsFor({ roles: [], customerNumber: PROVIDER_CUSTOMER_ID });
    expect(provider.UI.misc).toEqual({ permissions: false, providerCompany: true, specialGroup: false });
    const special = permissionsFor({ roles: ['customer'], customerNumber: SPECIAL_GROUP_CUSTOMER_IDS[0]! });
    expect(special.UI.misc).toEqual({ permissions: false, providerCompany: false, specialGroup: true });
    expect(permissionsFor({ roles: ['admin'], customerNumber: null }).UI.misc).toEqual({ permissions: true, providerCompany: false, specialGroup: false });
  });
});
