import 'server-only';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import { type UserRef } from '@/lib/shared/schemas/admin-user';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import { inTransaction, type DomainContext } from '../domain/context';
import { assertMayManage } from './access-rules';
import { getIdentity, revokeSessions } from './identity-admin';

/** Ends every session of a user (signed out everywhere); their account stays active. */
export async function revokeUserSessions(ctx: DomainContext, { identityId }: UserRef): Promise<void> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  const identity = await getIdentity(identityId);
  await assertMayManage(ctx, rolesOf(identity.metadata_public));
  await inTransaction(ctx, async (tx) => {
    await recordAudit(tx, { entity: 'user', entityId: identityId, action: 'revoke_sessions' });
    await revokeSessions(identityId);
  });
}
