import 'server-only';
import type { ConfirmationState, ConfirmationSummary } from '@/lib/shared/schemas/confirmation';
import type { missionConfirmation } from '../db/schema';

export type ConfirmationRow = typeof missionConfirmation.$inferSelect;

export function confirmationState(row: Pick<ConfirmationRow, 'confirmedAt' | 'expiresAt'>, now: Date): ConfirmationState {
  if (row.confirmedAt) return 'confirmed';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

export function confirmationSummaryOf(row: ConfirmationRow, now: Date): ConfirmationSummary {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    deliveryDate: row.deliveryDate,
    state: confirmationState(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
