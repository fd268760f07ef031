import 'server-only';
import { ResponseError } from '@ory/client-fetch';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { isAuthFlow, restartUrl, type AuthFlow, type FlowKind } from '@/lib/shared/identity/flow';
import { safeReturnTo } from '@/lib/shared/auth/route-guard';
import { frontendApi } from './clients';
import { browserOrigin } from './urls';

/** Answers that mean "this flow cannot be shown any more": bad id (400), CSRF (403), unknown (404), expired (410). */
const RESTARTABLE = new Set([400, 403, 404, 410]);

export type FlowSearchParams = Record<string, string | string[] | undefined>;

export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

async function fetchFlowJson(kind: FlowKind, id: string, cookie: string | undefined): Promise<unknown> {
  const api = frontendApi();
  switch (kind) {
    case 'login':
      return (await api.getLoginFlowRaw({ id, cookie })).raw.json();
    case 'registration':
      return (await api.getRegistrationFlowRaw({ id, cookie })).raw.json();
    case 'recovery':
      return (await api.getRecoveryFlowRaw({ id, cookie })).raw.json();
    case 'verification':
      return (await api.getVerificationFlowRaw({ id, cookie })).raw.json();
  }
}

/** The return_to an expired flow carried (Kratos puts it in the 410's details), so a restart keeps it. */
async function returnToOfFailure(err: ResponseError): Promise<string | undefined> {
  try {
    const body = (await err.response.json()) as { error?: { details?: { return_to?: unknown } } };
    const value = body.error?.details?.return_to;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The flow named by `?flow=`, fetched server-side with the browser's cookie (the identity service
 * checks the flow's CSRF token against it). Without a flow, or when the flow expired, failed or is
 * unknown, the browser is sent to the flow's `/self-service/<kind>/browser` on our own origin: the
 * identity service sets its CSRF cookie there and sends the browser back here with a fresh flow
 * (spec §4 "expired or failed flows restart transparently"). `return_to` (and a sign-in's
 * `refresh=true`) travel along. Other failures (identity service down) reach the error boundary.
 */
export async function loadFlow(kind: FlowKind, params: FlowSearchParams): Promise<AuthFlow> {
  const requestHeaders = await headers();
  const origin = browserOrigin(requestHeaders);
  const refresh = kind === 'login' && firstParam(params.refresh) === 'true';
  const restart = (returnTo: string | undefined): never => redirect(restartUrl(kind, { returnTo: safeReturnTo(returnTo, origin), refresh }));

  const id = firstParam(params.flow);
  if (!id) return restart(firstParam(params.return_to));
  let failure: ResponseError;
  try {
    const flow = await fetchFlowJson(kind, id, requestHeaders.get('cookie') ?? undefined);
    if (isAuthFlow(flow)) return flow;
    throw new Error(`The identity service answered ${kind} flow ${id} with something that is not a flow`);
  } catch (err) {
    if (!(err instanceof ResponseError) || !RESTARTABLE.has(err.response.status)) throw err;
    failure = err;
  }
  return restart((await returnToOfFailure(failure)) ?? firstParam(params.return_to));
}

/**
 * A stored self-service error (`GET /self-service/errors?id=`, where the identity service sends
 * browsers on errors it cannot show in a flow); null when it is unknown or cannot be fetched.
 */
export async function loadFlowError(id: string | undefined): Promise<{ id?: string; code?: number; reason?: string; message?: string } | null> {
  if (!id) return null;
  try {
    const answer = await frontendApi().getFlowError({ id });
    return (answer.error ?? null) as { id?: string; code?: number; reason?: string; message?: string } | null;
  } catch (err) {
    console.error(`[auth] error ${id}: ${(err as Error).message}`);
    return null;
  }
}
