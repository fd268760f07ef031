import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool';
import { randomAlnum } from '../security/secrets';

export interface AuthMethod {
  method: string;
  aal: 'aal1';
  completed_at: string;
  provider?: string;
}

export interface Device {
  id: string;
  ip_address: string;
  user_agent: string;
  location: string;
}

export interface SessionRow {
  id: string;
  token: string;
  logout_token: string;
  identity_id: string;
  active: boolean;
  aal: string;
  methods: AuthMethod[];
  devices: Device[];
  authenticated_at: Date;
  issued_at: Date;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

export function isActive(s: SessionRow, identityState: string): boolean {
  return s.active && new Date(s.expires_at).getTime() > Date.now() && identityState === 'active';
}

export async function findSessionByToken(db: Queryable, token: string): Promise<SessionRow | null> {
  const r = await db.query<SessionRow>('SELECT * FROM identity.sessions WHERE token = $1', [token]);
  return r.rows[0] ?? null;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await db.query<SessionRow>('SELECT * FROM identity.sessions WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function createSession(db: Queryable, identityId: string, method: AuthMethod, device: Device, lifespan: number): Promise<SessionRow> {
  const now = new Date();
  const r = await db.query<SessionRow>(
    `INSERT INTO identity.sessions (id, token, logout_token, identity_id, methods, devices, authenticated_at, issued_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING *`,
    [randomUUID(), `ory_st_${randomAlnum(32)}`, `ory_lo_${randomAlnum(32)}`, identityId, JSON.stringify([method]), JSON.stringify([device]), now, new Date(now.getTime() + lifespan * 1000)],
  );
  const row = r.rows[0];
  if (!row) throw new Error('session insert failed');
  return row;
}

/** Re-authentication of the same identity: the session is reused and refreshed. */
export async function refreshSession(db: Queryable, s: SessionRow, method: AuthMethod, lifespan: number): Promise<SessionRow> {
  const now = new Date();
  const r = await db.query<SessionRow>(
    `UPDATE identity.sessions SET authenticated_at = $2, issued_at = $2, expires_at = $3, methods = methods || $4::jsonb, updated_at = now()
      WHERE id = $1 RETURNING *`,
    [s.id, now, new Date(now.getTime() + lifespan * 1000), JSON.stringify([method])],
  );
  return r.rows[0] ?? s;
}

export async function revokeSession(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE identity.sessions SET active = false, updated_at = now() WHERE id = $1', [id]);
}

/** Deactivates the session only when it belongs to the identity; silently nothing otherwise. */
export async function revokeSessionOf(db: Queryable, identityId: string, id: string): Promise<void> {
  await db.query('UPDATE identity.sessions SET active = false, updated_at = now() WHERE id = $1::uuid AND identity_id = $2', [id, identityId]);
}

export async function revokeOtherSessions(db: Queryable, identityId: string, keepId: string): Promise<number> {
  const r = await db.query('UPDATE identity.sessions SET active = false, updated_at = now() WHERE identity_id = $1 AND id <> $2 AND active', [identityId, keepId]);
  return r.rowCount ?? 0;
}

export async function revokeAllSessions(db: Queryable, identityId: string): Promise<number> {
  const r = await db.query('UPDATE identity.sessions SET active = false, updated_at = now() WHERE identity_id = $1 AND active', [identityId]);
  return r.rowCount ?? 0;
}
