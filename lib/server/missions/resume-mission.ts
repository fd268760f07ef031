import 'server-only';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { resumeConversions } from '../conversions/conversion-state';
import { inTransaction, type DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/**
 * spec §2 "resume": the hold ends; a paused calculation is queued again and every conversion that
 * stopped at a chunk boundary continues from there, in the same transaction.
 */
export const resumeMission = (ctx: DomainContext, input: MissionActionInput): Promise<MissionDetail> =>
  inTransaction(ctx, async (tx) => {
    const detail = await applyMissionAction(tx, input, {
      name: 'resume',
      capability: 'hold',
      changes: (row) => ({ onHold: false, ...(row.pipelineStatus === 'paused' ? { pipelineStatus: 'queued' as const } : {}) }),
    });
    await resumeConversions(tx, input.id);
    return detail;
  });
