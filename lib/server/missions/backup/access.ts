import 'server-only';
import { isInternal } from '../../auth/actor';
import type { DomainContext } from '../../domain/context';
import { AppError } from '../../errors';
import { notAuthorizedMission, requireMission, type MissionRow } from '../visibility';

/**
 * Backups and restores are for internal users only (docs/adr/0006-mission-backup.md): an archive
 * holds every field and the whole audit trail, and a restore overwrites what customers and
 * operators edited. Everyone else gets the mission answer they would get anyway: 404 for an
 * unknown id, 403 'not authorized to access mission id' otherwise.
 */
export async function requireBackupAccess(ctx: DomainContext, missionId: number, options: { lock?: boolean } = {}): Promise<MissionRow> {
  const { row } = await requireMission(ctx, missionId, 'read', options);
  if (!mayBackUp(ctx)) throw notAuthorizedMission(missionId);
  return row;
}

export function mayBackUp(ctx: DomainContext): boolean {
  return ctx.actor.kind === 'system' || isInternal(ctx.actor);
}

/** For a restore of a mission that no longer exists: only internal users learn anything. */
export function requireRestoreOfMissing(ctx: DomainContext, missionId: number): void {
  if (!mayBackUp(ctx)) throw new AppError('not_found', 'mission not found', { missionId });
}
