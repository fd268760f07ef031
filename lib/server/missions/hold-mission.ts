import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/**
 * spec §2 "hold (pause calculation)": the mission is on hold, and a queued or running
 * calculation shows as paused. Internal users and operators who see the mission.
 */
export const holdMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, {
    name: 'hold',
    capability: 'hold',
    changes: (row) => ({ onHold: true, ...(row.pipelineStatus === 'queued' || row.pipelineStatus === 'processing' ? { pipelineStatus: 'paused' as const } : {}) }),
  });
