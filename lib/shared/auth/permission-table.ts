import { noPermissions, type PermissionSet } from '../permissions';
import { isProviderCompany, isSpecialGroupCompany, mayUseMapView, type BuiltInRole } from './roles';

/**
 * One permission flag of spec §3's permission set, by its path. A role grants a list of these;
 * the permissions screen (user center) edits exactly such lists.
 */
export const PERMISSION_FLAGS = [
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
  'UI.menu.userCenter',
  'UI.misc.permissions',
  'write.customer',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export type RolePermissionTable = Readonly<Record<string, readonly PermissionFlag[]>>;

const ALL = PERMISSION_FLAGS;
const except = (...left: PermissionFlag[]) => ALL.filter((f) => !left.includes(f));

/**
 * The role → permission table (docs/permissions.md explains each row). A user's set is the union
 * over their roles; a role not in the table grants nothing.
 */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<BuiltInRole, readonly PermissionFlag[]>> = {
  admin: ALL,
  advanced: except('UI.menu.userCenter', 'UI.misc.permissions'),
  operator: ['UI.menu.assignedToMe', 'UI.menu.missionList', 'UI.menu.planner', 'UI.menu.pipeline', 'UI.menu.blurring'],
  customer: ['allow.exportData', 'UI.menu.missionList', 'UI.menu.planner', 'UI.menu.mapOverview'],
  external: ['UI.menu.missionList'],
};

export interface PermissionSubject {
  roles: readonly string[];
  /** The session's customerID. */
  customerNumber: number | null;
}

/** The permission set of a user (spec §3): all false, then every flag one of their roles grants. */
export function permissionsFor(subject: PermissionSubject, table: RolePermissionTable = DEFAULT_ROLE_PERMISSIONS): PermissionSet {
  const set = noPermissions();
  const granted = new Set(subject.roles.flatMap((role) => (Object.hasOwn(table, role) ? table[role]! : [])));
  for (const flag of granted) {
    const [group, second, third] = flag.split('.') as [string, string, string?];
    if (group === 'UI' && third) (set.UI as unknown as Record<string, Record<string, boolean>>)[second]![third] = true;
    else (set as unknown as Record<string, Record<string, boolean>>)[group]![second] = true;
  }
  // spec §6: whatever the role grants, the map view needs an internal user or a listed customer ID.
  set.UI.menu.mapOverview &&= mayUseMapView(subject.roles, subject.customerNumber);
  set.UI.misc.providerCompany = isProviderCompany(subject.customerNumber);
  set.UI.misc.specialGroup = isSpecialGroupCompany(subject.customerNumber);
  return set;
}
