import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/** spec §2 "close": internal users only (mission-access.ts). */
export const closeMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, { name: 'close', capability: 'close', changes: () => ({ closed: true }) });
