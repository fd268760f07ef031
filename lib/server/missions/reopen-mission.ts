import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/** spec §2 "reopen": internal users only (mission-access.ts). */
export const reopenMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, { name: 'reopen', capability: 'close', changes: () => ({ closed: false }) });
