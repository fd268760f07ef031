import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { appUser } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { isUniqueViolation } from '../domain/validate';
import { AppError } from '../errors';

export interface ProfileValues {
  identityId: string;
  email: string;
  displayName: string;
  companyId: number | null;
  customerId: number | null;
}

/**
 * Creates or updates the Argus profile of a user the user center manages (the caller has checked
 * the permission and runs this inside its transaction). Returns the changed fields as an audit diff.
 */
export async function writeProfile(ctx: DomainContext, values: ProfileValues): Promise<Record<string, [unknown, unknown]>> {
  const [existing] = await ctx.db.select().from(appUser).where(eq(appUser.identityId, values.identityId)).for('update');
  const diff: Record<string, [unknown, unknown]> = {};
  for (const field of ['companyId', 'customerId'] as const) if (existing?.[field] !== values[field]) diff[field] = [existing?.[field] ?? null, values[field]];
  try {
    if (!existing) await ctx.db.insert(appUser).values(values);
    else if (Object.keys(diff).length) {
      await ctx.db
        .update(appUser)
        .set({ companyId: values.companyId, customerId: values.customerId, updatedAt: sql`now()`, version: sql`${appUser.version} + 1` })
        .where(eq(appUser.identityId, values.identityId));
    }
  } catch (err) {
    if (isUniqueViolation(err, 'app_user_email_key')) throw new AppError('conflict', 'a user with this e-mail exists', { fields: { email: ['errors.admin.alreadyExists'] } }, 'errors.admin.emailTaken');
    throw err;
  }
  return diff;
}
