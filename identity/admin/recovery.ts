import type { Ctx } from '../context';
import { issueCode } from '../flows/codes';
import { recoveryCodeNodes } from '../flows/recovery';
import { insertFlow } from '../flows/store';
import { errors } from '../http/errors';
import { str, type Req } from '../http/request';
import type { Res } from '../http/response';
import { getAddresses, getIdentity } from '../identities/store';

function durationSeconds(v: string | undefined, fallback: number): number {
  if (!v) return fallback;
  const re = /(\d+)(ns|us|ms|s|m|h)/g;
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  let total = 0;
  for (const m of v.matchAll(re)) total += Number(m[1]) * (unit[m[2] ?? 's'] ?? 1);
  if (total <= 0) throw errors.badRequest('expires_in must be a positive duration such as "1h" or "15m".');
  return Math.round(total);
}

/** POST /admin/recovery/code {identity_id, expires_in?} → 201 {recovery_link, recovery_code, expires_at} */
export async function createRecoveryCode(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const identityId = str(req.body, 'identity_id');
  const identity = identityId ? await getIdentity(ctx.db, identityId) : null;
  if (!identity) throw errors.notFound('The requested identity could not be found.');
  const address = (await getAddresses(ctx.db, [identity.id])).find((a) => a.kind === 'recovery');
  if (!address) throw errors.badRequest('The identity does not have any recovery addresses.');
  const lifespan = durationSeconds(str(req.body, 'expires_in'), ctx.cfg.lifespans.code);
  const flow = await insertFlow(ctx.db, {
    kind: 'recovery',
    type: 'browser',
    state: 'sent_email',
    csrfToken: '',
    requestUrl: `${ctx.cfg.baseUrl}self-service/recovery/browser`,
    ui: {
      action: `${ctx.cfg.baseUrl}self-service/recovery?flow={id}`,
      method: 'POST',
      nodes: recoveryCodeNodes(),
    },
    internal: { email: address.value, submissions: 0 },
    lifespan,
  });
  await ctx.db.query("UPDATE identity.flows SET active = 'code' WHERE id = $1", [flow.id]);
  const code = await issueCode(ctx, flow.id, 'recovery', address.value, identity.id, lifespan);
  res.json(201, {
    recovery_link: `${ctx.cfg.baseUrl}self-service/recovery?flow=${flow.id}`,
    recovery_code: code,
    expires_at: new Date(Date.now() + lifespan * 1000).toISOString(),
  });
}
