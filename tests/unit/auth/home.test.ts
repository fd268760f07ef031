import { homePathFor } from '@/lib/shared/auth/home';
import { DEFAULT_ROLE_PERMISSIONS, permissionsFor } from '@/lib/shared/auth/permission-table';
import { noPermissions } from '@/lib/shared/permissions';

const home = (roles: string[], customerNumber: number | null = null) => homePathFor(roles, permissionsFor({ roles, customerNumber }, DEFAULT_ROLE_PERMISSIONS));

describe('the landing page is one the role may see (issue 20: external@ looped on a 404 at /planner)', () => {
  it('internal users land on the beta mission list, customers and operators on the planner', () => {
    expect(home(['admin'])).toBe('/mission-list-beta');
    expect(home(['advanced'])).toBe('/mission-list-beta');
    expect(home(['customer'], 6)).toBe('/planner');
    expect(home(['operator'])).toBe('/planner');
  });

  it('an external user, who may not plan, lands on the mission list', () => {
    expect(home(['external'])).toBe('/mission-list');
  });

  it('a role that may see none of the lists lands on the profile', () => {
    expect(home(['someone-new'])).toBe('/profile');
    expect(homePathFor(['admin'], noPermissions())).toBe('/profile');
  });
});
