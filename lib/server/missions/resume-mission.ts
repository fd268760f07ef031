import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/** spec §2 "resume": the hold ends; a paused calculation is queued again (the worker picks it up from there). */
export const resumeMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, {
    name: 'resume',
    capability: 'hold',
    changes: (row) => ({ onHold: false, ...(row.pipelineStatus === 'paused' ? { pipelineStatus: 'queued' as const } : {}) }),
  });
