import 'server-only';
import { eq } from 'drizzle-orm';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';
import { levelOf, levelOfRoleNames, loadRoles } from '../auth/permission-store';
import { company, customer } from '../db/schema';
import type { DomainContext } from '../domain/context';

/*
 * User levels (docs/permissions.md "User levels"): a user may manage only users whose level is at
 * most their own, and assign or remove only roles whose level is at most their own.
 */

/** `message` is a message key (errors.admin.*), which the envelope answers with its English text. */
const invalid = (field: string, message: string) => new AppError('validation', 'invalid input', { fields: { [field]: [message] } });

/** Refuses acting on a user who ranks above the actor. */
export async function assertMayManage(ctx: DomainContext, targetRoles: readonly string[]): Promise<void> {
  const [own, target] = await Promise.all([levelOf(ctx.actor, ctx.db), levelOfRoleNames(targetRoles, ctx.db)]);
  if (target > own) throw new AppError('not_authorized', 'this user has a higher user level than you', undefined, 'errors.admin.higherLevel');
}

/** Every role must exist and rank at most the actor's level. */
export async function assertAssignable(ctx: DomainContext, roles: readonly string[]): Promise<void> {
  if (roles.length === 0) return;
  const [own, found] = await Promise.all([levelOf(ctx.actor, ctx.db), loadRoles(roles, ctx.db)]);
  const unknown = roles.filter((r) => !found.some((f) => f.name === r));
  if (unknown.length) throw invalid('roles', encodeKey('errors.admin.unknownRole', { roles: unknown.join(', ') }));
  const above = found.filter((r) => r.userLevel > own).map((r) => r.name);
  if (above.length) throw new AppError('not_authorized', `you may not assign roles above your user level: ${above.join(', ')}`, undefined, encodeKey('errors.admin.rolesAboveLevel', { roles: above.join(', ') }));
}

export interface Tenant {
  companyId: number | null;
  customer: { id: number; customerNumber: number; uuid: string } | null;
}

/** Company and customer of a user: the customer decides the company; both must exist and agree. */
export async function resolveTenant(ctx: DomainContext, input: { companyId: number | null; customerId: number | null }): Promise<Tenant> {
  if (input.customerId !== null) {
    const [found] = await ctx.db
      .select({ id: customer.id, customerNumber: customer.customerNumber, uuid: customer.uuid, companyId: customer.companyId })
      .from(customer)
      .where(eq(customer.id, input.customerId));
    if (!found) throw invalid('customerId', 'errors.admin.customerNotFound');
    if (input.companyId !== null && input.companyId !== found.companyId) throw invalid('customerId', 'errors.admin.customerOtherCompany');
    return { companyId: found.companyId, customer: { id: found.id, customerNumber: found.customerNumber, uuid: found.uuid } };
  }
  if (input.companyId !== null) {
    const [found] = await ctx.db.select({ id: company.id }).from(company).where(eq(company.id, input.companyId));
    if (!found) throw invalid('companyId', 'errors.admin.companyNotFound');
  }
  return { companyId: input.companyId, customer: null };
}

/**
 * metadata_public as spec §3 describes it: `roles`, `role` (the first role, for older clients),
 * `customerID` (the customer number) and `customer_uuid`; other keys are kept.
 */
export function accessMetadata(current: unknown, roles: readonly string[], tenant: Tenant): Record<string, unknown> {
  const { role: _role, roles: _roles, customerID: _number, customer_uuid: _uuid, ...rest } = (current ?? {}) as Record<string, unknown>;
  return {
    ...rest,
    roles: [...roles],
    ...(roles[0] ? { role: roles[0] } : {}),
    ...(tenant.customer ? { customerID: tenant.customer.customerNumber, customer_uuid: tenant.customer.uuid } : {}),
  };
}
