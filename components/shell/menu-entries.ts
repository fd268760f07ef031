import type { MenuFlag, PermissionSet } from '@/lib/shared/permissions';

type MiscFlag = keyof PermissionSet['UI']['misc'];

export interface MenuEntry {
  /** Message key under `menu.` */
  key: string;
  href: string;
  /** The permission flag that shows it (spec §6); entries without one need a signed-in user only. */
  flag?: MenuFlag;
  /** A `UI.misc` flag that shows it instead (the permissions screen). */
  miscFlag?: MiscFlag;
}

/** Spec §2 menu entries, in menu order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { key: 'planner', href: '/planner', flag: 'planner' },
  { key: 'missions', href: '/mission-list', flag: 'missionList' },
  { key: 'missionsTable', href: '/mission-list-beta', flag: 'missionListBeta' },
  { key: 'assignedToMe', href: '/assigned', flag: 'assignedToMe' },
  { key: 'map', href: '/map-overview', flag: 'mapOverview' },
  { key: 'pipeline', href: '/pipeline', flag: 'pipeline' },
  { key: 'storage', href: '/storage', flag: 'storage' },
  { key: 'blurring', href: '/blurring', flag: 'blurring' },
  { key: 'companies', href: '/company-center', flag: 'companyCenter' },
  { key: 'customers', href: '/customer-center', flag: 'customerCenter' },
  { key: 'users', href: '/user-center', flag: 'userCenter' },
  { key: 'permissions', href: '/user-center/permissions', miscFlag: 'permissions' },
];

/** Entries every signed-in user has, below the permission-driven ones (spec §2 menu: support, logout; the profile). */
export const USER_ENTRIES: readonly MenuEntry[] = [
  { key: 'support', href: '/support' },
  { key: 'profile', href: '/profile' },
  { key: 'logout', href: '/logout' },
];

export function visibleEntries(permissions: PermissionSet): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => (!entry.flag || permissions.UI.menu[entry.flag]) && (!entry.miscFlag || permissions.UI.misc[entry.miscFlag]));
}
