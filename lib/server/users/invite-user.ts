import 'server-only';
import type { z } from 'zod';
import { inviteUserInput, type Invitation, type InvitedUser } from '@/lib/shared/schemas/admin-user';
import { recordAudit } from '../audit/record-audit';
import { requirePermission } from '../auth/require-permission';
import { inTransaction, type DomainContext } from '../domain/context';
import { mailInvitation } from '../mail/invitation';
import { parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { accessMetadata, assertAssignable, resolveTenant } from './access-rules';
import { createIdentity, deleteIdentity, identityByEmail, recoveryCode } from './identity-admin';
import { displayNameOf, loadUserAccount } from './user-account';
import { writeProfile } from './write-profile';

/** How long an invitation's recovery code stays valid (Kratos duration). */
export const INVITATION_LIFESPAN = '168h';

/** A fresh one-time recovery link and code (the identity service keeps them; Argus only mails them). */
export async function createInvitation(identityId: string): Promise<Omit<Invitation, 'mail'>> {
  const code = await recoveryCode(identityId, INVITATION_LIFESPAN);
  return { recoveryLink: code.recovery_link, recoveryCode: code.recovery_code, expiresAt: new Date(code.expires_at ?? Date.now()).toISOString() };
}

/**
 * Invites a user (issue 8 item 3): an identity is created through the identity admin API with
 * their name, e-mail and metadata_public (roles, customer), their Argus profile is written, and a
 * one-time recovery link and code are made with which they set their password. Neither the
 * identity service's admin API nor Kratos' mails that code, so Argus does (lib/server/mail, in the
 * language the admin chose); the answer carries it too, once, for the admin to hand over if the
 * mail does not arrive (docs/user-center.md). All or nothing: when a later step fails the
 * identity is deleted again, and the mail is stored only when the profile commits.
 */
export async function inviteUser(ctx: DomainContext, data: z.output<typeof inviteUserInput>): Promise<InvitedUser> {
  await requirePermission(ctx.actor, 'UI.menu.userCenter');
  await assertAssignable(ctx, data.roles);
  const tenant = await resolveTenant(ctx, data);
  if (await identityByEmail(data.email)) throw new AppError('conflict', 'a user with this e-mail exists', { fields: { email: ['errors.admin.alreadyExists'] } }, 'errors.admin.emailTaken');

  const identity = await createIdentity({
    traits: { email: data.email, name: { first: data.firstName, last: data.lastName } },
    metadata_public: accessMetadata({}, data.roles, tenant),
  });
  try {
    const code = await createInvitation(identity.id);
    const invitation = await inTransaction(ctx, async (tx) => {
      await writeProfile(tx, { identityId: identity.id, email: data.email, displayName: displayNameOf(identity), companyId: tenant.companyId, customerId: tenant.customer?.id ?? null });
      await recordAudit(tx, {
        entity: 'user',
        entityId: identity.id,
        action: 'invite',
        diff: { email: data.email, roles: data.roles, companyId: tenant.companyId, customerId: tenant.customer?.id ?? null, invitationExpiresAt: code.expiresAt, language: data.language },
      });
      const mail = await mailInvitation(tx, { email: data.email, firstName: data.firstName }, data.language, code);
      return { ...code, mail };
    });
    return { user: await loadUserAccount(ctx, identity.id, identity), invitation };
  } catch (err) {
    await deleteIdentity(identity.id).catch(() => undefined);
    throw err;
  }
}

/** inviteUser for JSON-shaped input (tests, scripts): parsed with the endpoint's schema first. */
export const inviteUserFromJson = parsedBy(inviteUserInput, inviteUser);
