import { permitted } from '@/lib/server/api/authorize';
import { handle } from '@/lib/server/api/handler';
import { asInput, domainContext } from '@/lib/server/missions/domain-context';
import { updateUserAccess } from '@/lib/server/users/update-user-access';
import * as api from '@/lib/shared/api/endpoints/admin-users';
import type { UserAccessInput } from '@/lib/shared/schemas/admin-user';

export const dynamic = 'force-dynamic';

export const PATCH = handle(api.updateUserAccess, { authorize: permitted('UI.menu.userCenter'), run: async ({ params, body }, ctx) =>
  updateUserAccess(domainContext(ctx), { ...asInput<UserAccessInput>(body), identityId: params.id }),
 });
