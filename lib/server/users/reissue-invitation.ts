import 'server-only';
import { userRefSchema, type Invitation, type UserRef } from '@/lib/shared/schemas/admin-user';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import type { DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { AppError } from '../errors';
import { assertMayManage } from './access-rules';
import { getIdentity } from './identity-admin';
import { createInvitation } from './invite-user';

/** A new one-time recovery link and code for a user (an invitation that expired or got lost). */
export async function reissueInvitation(ctx: DomainContext, input: UserRef): Promise<Invitation> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  const { identityId } = parseInput(userRefSchema, input);
  const identity = await getIdentity(identityId);
  await assertMayManage(ctx, rolesOf(identity.metadata_public));
  if (identity.state === 'inactive') throw new AppError('conflict', 'reactivate the user before inviting them again');
  const invitation = await createInvitation(identityId);
  await recordAudit(ctx, { entity: 'user', entityId: identityId, action: 'reinvite', diff: { invitationExpiresAt: invitation.expiresAt } });
  return invitation;
}
