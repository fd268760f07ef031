import 'server-only';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import type { UserAccount, UserRef } from '@/lib/shared/schemas/admin-user';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { assertMayManage } from './access-rules';
import { getIdentity, patchIdentity, revokeSessions } from './identity-admin';
import { loadUserAccount } from './user-account';

async function setState(ctx: DomainContext, { identityId }: UserRef, state: 'active' | 'inactive'): Promise<UserAccount> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  if (ctx.actor.kind === 'user' && ctx.actor.identityId === identityId) throw new AppError('not_authorized', 'you cannot change the state of your own account', undefined, 'errors.admin.ownState');
  const identity = await getIdentity(identityId);
  await assertMayManage(ctx, rolesOf(identity.metadata_public));
  if (identity.state === state) return loadUserAccount(ctx, identityId, identity);
  const updated = await inTransaction(ctx, async (tx) => {
    await recordAudit(tx, { entity: 'user', entityId: identityId, action: state === 'inactive' ? 'deactivate' : 'reactivate', diff: { state: [identity.state, state] } });
    const patched = await patchIdentity(identityId, [{ op: 'replace', path: '/state', value: state }]);
    // An inactive identity cannot sign in; its open sessions end now, not when they expire.
    if (state === 'inactive') await revokeSessions(identityId);
    return patched;
  });
  return loadUserAccount(ctx, identityId, updated);
}

/** Deactivates a user (identity state inactive) and ends their sessions; they can no longer sign in. */
export const deactivateUser = (ctx: DomainContext, input: UserRef) => setState(ctx, input, 'inactive');

/** Reactivates a deactivated user; they sign in with their old password again. */
export const reactivateUser = (ctx: DomainContext, input: UserRef) => setState(ctx, input, 'active');
