import 'server-only';
import { type Invitation, type UserRef } from '@/lib/shared/schemas/admin-user';
import { rolesOf } from '@/lib/shared/auth/session-facts';
import { defaultLocale } from '@/lib/shared/locale';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import { inTransaction, type DomainContext } from '../domain/context';
import { AppError } from '../errors';
import { lastInvitationLanguage, mailInvitation } from '../mail/invitation';
import { assertMayManage } from './access-rules';
import { getIdentity, type IdentityTraits } from './identity-admin';
import { createInvitation } from './invite-user';

/**
 * A new one-time recovery link and code for a user (an invitation that expired or got lost),
 * mailed to them like the first one, in the language of their last invitation (English if they
 * never got one), and answered once for the admin to hand over.
 */
export async function reissueInvitation(ctx: DomainContext, { identityId }: UserRef): Promise<Invitation> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  const identity = await getIdentity(identityId);
  await assertMayManage(ctx, rolesOf(identity.metadata_public));
  if (identity.state === 'inactive') throw new AppError('conflict', 'reactivate the user before inviting them again', undefined, 'errors.admin.reactivateFirst');
  const traits = (identity.traits ?? {}) as IdentityTraits;
  if (!traits.email) throw new AppError('conflict', 'the user has no e-mail address to send an invitation to', undefined, 'errors.admin.noEmail');
  const email = traits.email;
  const code = await createInvitation(identityId);
  return inTransaction(ctx, async (tx) => {
    const language = (await lastInvitationLanguage(tx.db, email)) ?? defaultLocale;
    await recordAudit(tx, { entity: 'user', entityId: identityId, action: 'reinvite', diff: { invitationExpiresAt: code.expiresAt, language } });
    const mail = await mailInvitation(tx, { email, firstName: traits.name?.first ?? '' }, language, code);
    return { ...code, mail };
  });
}
