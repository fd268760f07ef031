import 'server-only';
import type { z } from 'zod';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { userPickerQuery, type UserItem } from '@/lib/shared/schemas/pickers';
import { seesAllTenants } from '../auth/actor';
import { appUser } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users (Argus profiles) for the assignee and owner pickers, by name: internal users see all,
 * everyone else the users of their own company; only users who can work on a mission (verified,
 * with a role: `assignable`, mirrored from the identity service at each of their visits).
 */
export async function listUsers(ctx: DomainContext, q: z.output<typeof userPickerQuery>): Promise<UserItem[]> {
  const { actor } = ctx;
  const scope = seesAllTenants(actor) ? undefined : actor.kind === 'user' && actor.companyId !== null ? eq(appUser.companyId, actor.companyId) : sql`false`;
  const search = q.q ? or(sql`${appUser.displayName} ilike ${like(q.q)}`, sql`${appUser.email} ilike ${like(q.q)}`) : undefined;
  return ctx.db
    .select({ identityId: appUser.identityId, displayName: appUser.displayName, email: appUser.email, companyId: appUser.companyId, customerId: appUser.customerId })
    .from(appUser)
    .where(and(eq(appUser.assignable, true), scope, q.companyId ? eq(appUser.companyId, q.companyId) : undefined, search))
    .orderBy(asc(sql`lower(${appUser.displayName})`), asc(appUser.identityId))
    .limit(q.limit);
}

/** For tests and scripts holding JSON-shaped or partial input: parsed, with its defaults, first. */
export const listUsersFromJson = parsedBy(userPickerQuery, listUsers);
