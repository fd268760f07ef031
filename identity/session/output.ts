import type { Queryable } from '../db/pool';
import { identityJson } from '../identities/output';
import type { IdentityRow } from '../identities/store';
import { isActive, type SessionRow } from './store';

const iso = (d: Date) => new Date(d).toISOString();

export async function sessionJson(db: Queryable, baseUrl: string, s: SessionRow, identity: IdentityRow, admin = false): Promise<Record<string, unknown>> {
  return {
    id: s.id,
    active: isActive(s, identity.state),
    expires_at: iso(s.expires_at),
    authenticated_at: iso(s.authenticated_at),
    authenticator_assurance_level: s.aal,
    authentication_methods: s.methods,
    issued_at: iso(s.issued_at),
    identity: await identityJson(db, baseUrl, identity, admin),
    devices: s.devices,
  };
}
