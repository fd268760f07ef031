import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { hmac, randomDigits } from '../security/secrets';

export interface CodeRow {
  id: string;
  flow_id: string;
  kind: string;
  address: string;
  identity_id: string | null;
}

/** A new 6-digit code for the flow; older codes of the flow stop working. Stored only as an HMAC. */
export async function issueCode(ctx: Ctx, flowId: string, kind: 'recovery' | 'verification', address: string, identityId: string | null, lifespan = ctx.cfg.lifespans.code): Promise<string> {
  const code = randomDigits(6);
  await ctx.db.query('DELETE FROM identity.codes WHERE flow_id = $1', [flowId]);
  await ctx.db.query('INSERT INTO identity.codes (id, flow_id, kind, address, identity_id, code_hmac, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    randomUUID(),
    flowId,
    kind,
    address,
    identityId,
    hmac(ctx.keys, `${flowId}:${code}`),
    new Date(Date.now() + lifespan * 1000),
  ]);
  return code;
}

/** Marks the code used and returns it, atomically; null when wrong, expired or already used. */
export async function redeemCode(ctx: Ctx, flowId: string, code: string): Promise<CodeRow | null> {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const r = await ctx.db.query<CodeRow>(
    `UPDATE identity.codes SET used_at = now() WHERE flow_id = $1 AND code_hmac = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING id, flow_id, kind, address, identity_id`,
    [flowId, hmac(ctx.keys, `${flowId}:${code.trim()}`)],
  );
  return r.rows[0] ?? null;
}
