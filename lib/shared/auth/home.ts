import type { MenuFlag, PermissionSet } from '../permissions';
import { isInternalRoles } from './roles';

/**
 * The pages a user may land on after signing in or at `/`, in order of preference (spec §2: `/`
 * is the planner, internal users get the beta mission list). A role without the planner (an
 * external user) lands on the first page its permission set lets it see, never on a page that
 * answers "not found"; a role that may see none of them lands on its profile.
 */
const LANDING: readonly (readonly [MenuFlag, string])[] = [
  ['planner', '/planner'],
  ['missionList', '/mission-list'],
  ['missionListBeta', '/mission-list-beta'],
  ['assignedToMe', '/assigned'],
  ['mapOverview', '/map-overview'],
  ['pipeline', '/pipeline'],
];

export const FALLBACK_HOME = '/profile';

export function homePathFor(roles: readonly string[], permissions: PermissionSet): string {
  if (isInternalRoles(roles) && permissions.UI.menu.missionListBeta) return '/mission-list-beta';
  return LANDING.find(([flag]) => permissions.UI.menu[flag])?.[1] ?? FALLBACK_HOME;
}
