import 'server-only';
import type { UserRequestContext } from '../api/handler';
import { requestContext } from '../domain/contexts';
import { requireEditableMission, requireProject } from './panelizer-access';

/*
 * Authorization steps for the panelizer's routes with a body: a caller who may not edit learns
 * that (403/404) before anything about the body they sent.
 */
type Step = (addressed: { params: unknown }, ctx: UserRequestContext) => Promise<void>;

export const missionPanelizerEditor: Step = async ({ params }, ctx) => {
  await requireEditableMission(requestContext(ctx), (params as { id: number }).id);
};

export const projectEditor: Step = async ({ params }, ctx) => {
  await requireProject(requestContext(ctx), (params as { id: string }).id);
};
