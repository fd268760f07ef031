import type { Ctx } from '../context';
import { errors, KratosError } from '../http/errors';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { checkFetchCsrf, flowIdParam } from './http';
import { flowJson } from './output';
import { getFlow, isExpired, type FlowKind } from './store';

/** GET /self-service/{login,registration,recovery,verification}/flows?id= */
export async function fetchFlow(ctx: Ctx, req: Req, res: Res, kind: Exclude<FlowKind, 'settings'>): Promise<void> {
  const flow = await getFlow(ctx.db, kind, flowIdParam(req, 'id'));
  if (!flow) throw errors.notFound('The requested resource could not be found');
  checkFetchCsrf(ctx, req, flow);
  if (isExpired(flow)) {
    const withId = kind === 'login' || kind === 'registration';
    throw new KratosError(
      410,
      withId ? 'self_service_flow_expired' : undefined,
      'The requested resource is no longer available',
      `The ${kind} flow has expired. Redirect the user to the ${kind} flow init endpoint to initialize a new ${kind} flow.`,
      { redirect_to: `${ctx.cfg.baseUrl}self-service/${kind}/browser`, ...(flow.return_to ? { return_to: flow.return_to } : {}) },
    );
  }
  res.json(200, await flowJson(ctx, flow));
}
