import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/** spec §2 "show": a hidden mission returns to the default lists. */
export const showMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, { name: 'show', capability: 'hide', changes: () => ({ hidden: false }) });
