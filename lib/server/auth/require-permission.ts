import 'server-only';
import type { PermissionFlag } from '@/lib/shared/auth/permission-table';
import type { PermissionSet } from '@/lib/shared/permissions';
import { encodeKey } from '@/lib/shared/validation/issue';
import { AppError } from '../errors';
import type { Actor } from './actor';
import { permissionsOf } from './permissions';

/** The value of one flag ('UI.menu.companyCenter', 'write.customer', …) in a permission set. */
export function hasFlag(set: PermissionSet, flag: PermissionFlag): boolean {
  const [group, second, third] = flag.split('.') as [string, string, string?];
  const node = (set as unknown as Record<string, Record<string, unknown>>)[group]?.[second];
  return third ? (node as Record<string, boolean> | undefined)?.[third] === true : node === true;
}

/**
 * The one check of a domain verb that a permission flag gates (spec §6: the flags that show a
 * screen also gate its API). It reads the actor's permission set through `permissionsOf`, so a
 * role changed on the permissions screen takes effect here too. The system actor (seed, jobs)
 * may do anything. Every listed flag must be granted.
 */
export async function requirePermission(actor: Actor, ...flags: PermissionFlag[]): Promise<void> {
  if (actor.kind === 'system') return;
  // A processor holds no flags: it reaches only the endpoints that take its token.
  const set = actor.kind === 'user' ? await permissionsOf(actor) : null;
  const missing = flags.filter((flag) => !set || !hasFlag(set, flag));
  if (missing.length > 0) throw new AppError('not_authorized', `missing permission ${missing.join(', ')}`, undefined, encodeKey('errors.admin.missingPermission', { permissions: missing.join(', ') }));
}
