import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { missionBlurring } from '../db/schema';
import type { DomainContext, Tx } from '../domain/context';
import type { MissionBlurringRow } from './image-dto';

/** The mission's blurring row, locked for a write (created empty on first use). */
export async function lockMissionBlurring(tx: DomainContext & { db: Tx }, missionId: number): Promise<MissionBlurringRow> {
  await tx.db.insert(missionBlurring).values({ missionId }).onConflictDoNothing();
  const [row] = await tx.db.select().from(missionBlurring).where(eq(missionBlurring.missionId, missionId)).for('update');
  return row!;
}

/**
 * A person saved regions: the first one to do so is the one who blurred (spec §6); a finished
 * blurring is re-opened, since what was checked has changed.
 */
export async function noteBlurred(tx: DomainContext & { db: Tx }, missionId: number, who: string | null, now: Date): Promise<void> {
  const row = await lockMissionBlurring(tx, missionId);
  const reopen = row.finishedAt !== null;
  const blurredBy = row.blurredBy ?? who;
  if (!reopen && row.blurredBy !== null) return;
  await tx.db
    .update(missionBlurring)
    .set({ blurredBy, blurredAt: row.blurredAt ?? (who ? now : null), finishedBy: null, finishedAt: null, updatedAt: now, version: sql`${missionBlurring.version} + 1` })
    .where(eq(missionBlurring.missionId, missionId));
  if (reopen) await recordAudit(tx, { entity: 'mission_blurring', entityId: missionId, missionId, action: 'reopen', diff: { finishedBy: row.finishedBy, finishedAt: row.finishedAt } });
}
