import type { Session } from '@ory/client-fetch';

/** What Argus reads from a session's metadata_public (spec §3 Session). */
export interface SessionFacts {
  identityId: string;
  email: string | null;
  roles: string[];
  /** metadata_public.customerID: the customer number (spec §6 map view). */
  customerNumber: number | null;
  customerUuid: string | null;
  verified: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** spec §6: roles from `roles` (a list) and the older single `role`, deduplicated; anything not a non-empty string is ignored. */
export function rolesOf(metadata: unknown): string[] {
  const m = (metadata ?? {}) as { role?: unknown; roles?: unknown };
  const all = [...(Array.isArray(m.roles) ? m.roles : []), m.role];
  return [...new Set(all.filter((r): r is string => typeof r === 'string' && r.trim() !== '').map((r) => r.trim()))];
}

/** spec §4: a user is verified if the first verifiable address is verified. */
export function isVerified(session: Pick<Session, 'identity'>): boolean {
  return session.identity?.verifiable_addresses?.[0]?.verified === true;
}

export function sessionFacts(session: Session): SessionFacts {
  const metadata = (session.identity?.metadata_public ?? {}) as { customerID?: unknown; customer_uuid?: unknown };
  const number = typeof metadata.customerID === 'number' ? metadata.customerID : typeof metadata.customerID === 'string' && /^\s*\d+\s*$/.test(metadata.customerID) ? Number(metadata.customerID) : NaN;
  const traits = (session.identity?.traits ?? {}) as { email?: unknown };
  return {
    identityId: session.identity!.id,
    email: typeof traits.email === 'string' ? traits.email : null,
    roles: rolesOf(metadata),
    customerNumber: metadata.customerID != null && Number.isInteger(number) ? number : null,
    customerUuid: typeof metadata.customer_uuid === 'string' && UUID.test(metadata.customer_uuid) ? metadata.customer_uuid : null,
    verified: isVerified(session),
  };
}
