import 'server-only';
import type { DomainContext } from '../domain/context';
import { applyMissionAction, type MissionActionInput } from './mission-action';

/** spec §2 "hide": the mission leaves the default lists. Internal users and the owning company's customers. */
export const hideMission = (ctx: DomainContext, input: MissionActionInput) =>
  applyMissionAction(ctx, input, { name: 'hide', capability: 'hide', changes: () => ({ hidden: true }) });
