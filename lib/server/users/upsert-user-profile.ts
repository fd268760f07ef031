import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { upsertUserProfileInput, type UpsertUserProfileInput, type UserProfileDto } from '@/lib/shared/schemas/user-profile';
import { recordAudit } from '../audit/record-audit';
import { seesAllTenants } from '../auth/actor';
import { appUser, customer } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parseInput } from '../domain/validate';
import { AppError } from '../errors';

const toDto = (row: typeof appUser.$inferSelect): UserProfileDto => ({
  identityId: row.identityId,
  email: row.email,
  displayName: row.displayName,
  companyId: row.companyId,
  customerId: row.customerId,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  version: row.version,
});

const FIELDS = ['email', 'displayName', 'companyId', 'customerId'] as const;

/**
 * Creates or updates the Argus profile of an identity. Internal users and the system may set
 * anything; a user may only update their own name and e-mail (company and customer are assigned
 * by staff). Writing identical values changes nothing (no new version, no audit event).
 */
export async function upsertUserProfile(ctx: DomainContext, input: UpsertUserProfileInput): Promise<UserProfileDto> {
  const data = parseInput(upsertUserProfileInput, input);
  const privileged = seesAllTenants(ctx.actor);
  if (!privileged && (ctx.actor.kind !== 'user' || ctx.actor.identityId !== data.identityId)) {
    throw new AppError('not_authorized', "not allowed to change another user's profile", undefined, 'errors.admin.otherProfile');
  }
  return inTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select().from(appUser).where(eq(appUser.identityId, data.identityId)).for('update');
    const next = privileged
      ? data
      : { ...data, companyId: existing?.companyId ?? null, customerId: existing?.customerId ?? null };
    if (privileged && next.customerId !== null) {
      const [c] = await tx.db.select({ companyId: customer.companyId }).from(customer).where(eq(customer.id, next.customerId));
      if (!c) throw new AppError('validation', 'invalid input', { fields: { customerId: ['errors.admin.customerNotFound'] } });
      if (next.companyId !== null && c.companyId !== next.companyId) {
        throw new AppError('validation', 'invalid input', { fields: { customerId: ['errors.admin.customerOtherCompany'] } });
      }
    }
    const diff: Record<string, [unknown, unknown]> = {};
    for (const f of FIELDS) if (!existing || existing[f] !== next[f]) diff[f] = [existing?.[f] ?? null, next[f]];
    if (existing && Object.keys(diff).length === 0) return toDto(existing);

    const write = existing
      ? tx.db
          .update(appUser)
          .set({ ...next, updatedAt: sql`now()`, version: sql`${appUser.version} + 1` })
          .where(eq(appUser.identityId, data.identityId))
          .returning()
      : tx.db.insert(appUser).values(next).returning();
    const row = await write
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'app_user_email_key')) throw new AppError('conflict', 'this e-mail belongs to another profile', { fields: { email: ['errors.admin.alreadyExists'] } }, 'errors.admin.profileEmailTaken');
        throw err;
      });
    await recordAudit(tx, { entity: 'app_user', entityId: row.identityId, action: existing ? 'update' : 'create', diff });
    return toDto(row);
  });
}
