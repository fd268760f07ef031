import 'server-only';
import { AppError } from '../errors';
import { seesAllTenants, type Actor } from './actor';

/**
 * Writes that only the provider's staff may do (admin data, imports). The role → permission table
 * of the sign-in issue refines this for user actors; the system actor may do anything.
 */
export function requireInternal(actor: Actor, action: string): void {
  if (!seesAllTenants(actor)) throw new AppError('not_authorized', `not allowed to ${action}`);
}
