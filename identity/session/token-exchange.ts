import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../context';
import type { Queryable } from '../db/pool';
import type { Flow } from '../flows/store';
import { KratosError } from '../http/errors';
import { q, type Req } from '../http/request';
import type { Res } from '../http/response';
import { getIdentity } from '../identities/store';
import { randomAlnum } from '../security/secrets';
import { sessionJson } from './output';
import type { SessionRow } from './store';

export interface ExchangeCodes {
  initCode: string;
  returnToCode: string;
}

/** A new exchanger for the flow (64 alphanumerics each, as Kratos); the init code goes to the app. */
export async function createExchanger(db: Queryable, flowId: string): Promise<ExchangeCodes> {
  const codes = { initCode: randomAlnum(64), returnToCode: randomAlnum(64) };
  await db.query('INSERT INTO identity.session_token_exchanges (id, flow_id, init_code, return_to_code) VALUES ($1, $2, $3, $4)', [
    randomUUID(),
    flowId,
    codes.initCode,
    codes.returnToCode,
  ]);
  return codes;
}

/** The codes of the flow's exchanger, if the flow was created with one. */
export async function codesForFlow(db: Queryable, flowId: string): Promise<ExchangeCodes | null> {
  const r = await db.query<{ init_code: string; return_to_code: string }>(
    "SELECT init_code, return_to_code FROM identity.session_token_exchanges WHERE flow_id = $1 AND init_code <> '' AND return_to_code <> '' LIMIT 1",
    [flowId],
  );
  const row = r.rows[0];
  return row ? { initCode: row.init_code, returnToCode: row.return_to_code } : null;
}

/** Once the flow issued a session, the codes can be exchanged for it. */
export async function attachSession(db: Queryable, flowId: string, sessionId: string): Promise<void> {
  await db.query('UPDATE identity.session_token_exchanges SET session_id = $2, updated_at = now() WHERE flow_id = $1', [flowId, sessionId]);
}

/** Whether the login init asks for an exchange code (`return_session_token_exchange_code`, read as Go's strconv.ParseBool). */
export function wantsExchangeCode(req: Req): boolean {
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(q(req, 'return_session_token_exchange_code') ?? '');
}

/** GET /sessions/token-exchange?init_code=&return_to_code= → {session_token, session}. */
export async function exchangeSessionToken(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const initCode = q(req, 'init_code');
  const returnToCode = q(req, 'return_to_code');
  if (!initCode || !returnToCode) {
    throw new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', '"init_code" and "return_to_code" query params must be set');
  }
  const r = await ctx.db.query<SessionRow>(
    `SELECT s.* FROM identity.session_token_exchanges e JOIN identity.sessions s ON s.id = e.session_id
      WHERE e.init_code = $1 AND e.init_code <> '' AND e.return_to_code = $2 AND e.return_to_code <> '' LIMIT 1`,
    [initCode, returnToCode],
  );
  const session = r.rows[0];
  const identity = session ? await getIdentity(ctx.db, session.identity_id) : null;
  if (!session || !identity) throw new KratosError(404, undefined, 'The requested resource could not be found', 'no session yet for this "code"');
  res.json(200, { session_token: session.token, session: await sessionJson(ctx.db, ctx.cfg.baseUrl, session, identity) });
}

/** What the OIDC state carries for a native flow instead of the continuity cookie: a hash of the init code. */
export function initCodeHash(initCode: string): string {
  return createHash('sha256').update(initCode).digest('base64url');
}

/** Whether `hash` (from the OIDC state) belongs to the init code of the flow's exchanger. */
export async function initCodeMatches(db: Queryable, flowId: string, hash: string): Promise<boolean> {
  const codes = await codesForFlow(db, flowId);
  if (!codes) return false;
  const a = Buffer.from(initCodeHash(codes.initCode));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Kratos's MaybeRedirectAPICodeFlow: a native flow with an exchanger that just issued a session
 * through OIDC sends the browser to its return_to (or the default return URL) with
 * `?code=<return_to_code>`, and the app exchanges both codes for the session token. False when
 * the flow has no exchanger (the caller answers as usual).
 */
export async function redirectApiCodeFlow(ctx: Ctx, res: Res, flow: Pick<Flow, 'id' | 'type' | 'return_to'>, sessionId: string): Promise<boolean> {
  if (flow.type !== 'api') return false;
  const codes = await codesForFlow(ctx.db, flow.id);
  if (!codes) return false;
  await attachSession(ctx.db, flow.id, sessionId);
  const target = new URL(flow.return_to ?? ctx.cfg.defaultReturnUrl);
  target.searchParams.set('code', codes.returnToCode);
  res.redirect(303, target.toString());
  return true;
}
