import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool';
import type { Ui } from '../ui/nodes';

export type FlowKind = 'login' | 'registration' | 'settings' | 'recovery' | 'verification';

export interface FlowInternal {
  refresh?: boolean;
  submissions?: number;
  /** Address the last code was sent to (recovery/verification). */
  email?: string;
  continueWith?: unknown[];
  /** OIDC account linking: credential to add after the next successful login. */
  linkOidc?: { provider: string; subject: string };
}

export interface Flow {
  id: string;
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  csrf_token: string;
  identity_id: string | null;
  session_id: string | null;
  request_url: string;
  return_to: string | null;
  active: string | null;
  ui: Ui;
  internal: FlowInternal;
  issued_at: Date;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface NewFlow {
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  csrfToken: string;
  requestUrl: string;
  returnTo?: string;
  identityId?: string;
  sessionId?: string;
  ui: Ui;
  internal?: FlowInternal;
  lifespan: number;
}

export async function insertFlow(db: Queryable, f: NewFlow, id = randomUUID()): Promise<Flow> {
  const now = new Date();
  const r = await db.query<Flow>(
    `INSERT INTO identity.flows (id, kind, type, state, csrf_token, identity_id, session_id, request_url, return_to, ui, internal, issued_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      id,
      f.kind,
      f.type,
      f.state,
      f.csrfToken,
      f.identityId ?? null,
      f.sessionId ?? null,
      f.requestUrl,
      f.returnTo ?? null,
      JSON.stringify({ ...f.ui, action: f.ui.action.replace('{id}', id) }),
      JSON.stringify(f.internal ?? {}),
      now,
      new Date(now.getTime() + f.lifespan * 1000),
    ],
  );
  const row = r.rows[0];
  if (!row) throw new Error('flow insert failed');
  return row;
}

export async function getFlow(db: Queryable, kind: FlowKind, id: string | undefined): Promise<Flow | null> {
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const r = await db.query<Flow>('SELECT * FROM identity.flows WHERE id = $1 AND kind = $2', [id, kind]);
  return r.rows[0] ?? null;
}

export async function saveFlow(db: Queryable, f: Flow): Promise<void> {
  await db.query(
    'UPDATE identity.flows SET state = $2, active = $3, ui = $4, internal = $5, csrf_token = $6, updated_at = now() WHERE id = $1',
    [f.id, f.state, f.active, JSON.stringify(f.ui), JSON.stringify(f.internal), f.csrf_token],
  );
}

/** Counts one more code submission atomically; returns the new count. */
export async function countSubmission(db: Queryable, id: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `UPDATE identity.flows SET internal = jsonb_set(internal, '{submissions}', to_jsonb(COALESCE((internal->>'submissions')::int, 0) + 1)), updated_at = now()
      WHERE id = $1 RETURNING (internal->>'submissions')::int AS n`,
    [id],
  );
  return r.rows[0]?.n ?? 0;
}

export const isExpired = (f: Flow) => new Date(f.expires_at).getTime() <= Date.now();
