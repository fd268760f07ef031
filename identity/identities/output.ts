import type { Queryable } from '../db/pool';
import { getAddresses, getCredentials, type AddressRow, type IdentityRow } from './store';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : undefined);

function verifiable(a: AddressRow) {
  return {
    id: a.id,
    value: a.value,
    verified: a.verified,
    via: a.via,
    status: a.status,
    ...(a.verified_at ? { verified_at: iso(a.verified_at) } : {}),
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
  };
}

function recovery(a: AddressRow) {
  return { id: a.id, value: a.value, via: a.via, created_at: iso(a.created_at), updated_at: iso(a.updated_at) };
}

export function schemaUrl(baseUrl: string, schemaId: string): string {
  return `${baseUrl}schemas/${Buffer.from(schemaId).toString('base64url')}`;
}

/** The identity as Kratos shows it publicly (whoami, settings flow): no credentials, no metadata_admin. */
export async function identityJson(db: Queryable, baseUrl: string, row: IdentityRow, admin = false, addresses?: AddressRow[]): Promise<Record<string, unknown>> {
  const addrs = addresses ?? (await getAddresses(db, [row.id]));
  const own = addrs.filter((a) => a.identity_id === row.id);
  const out: Record<string, unknown> = {
    id: row.id,
    schema_id: row.schema_id,
    schema_url: schemaUrl(baseUrl, row.schema_id),
    state: row.state,
    state_changed_at: iso(row.state_changed_at),
    traits: row.traits,
    verifiable_addresses: own.filter((a) => a.kind === 'verifiable').map(verifiable),
    recovery_addresses: own.filter((a) => a.kind === 'recovery').map(recovery),
    metadata_public: row.metadata_public ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    organization_id: null,
  };
  if (admin) {
    out.metadata_admin = row.metadata_admin ?? null;
    if (row.external_id) out.external_id = row.external_id;
    const creds = await getCredentials(db, row.id);
    out.credentials = Object.fromEntries(
      creds.map((c) => [
        c.type,
        {
          type: c.type,
          identifiers: c.identifiers,
          version: c.version,
          created_at: iso(c.created_at),
          updated_at: iso(c.updated_at),
          ...(c.type === 'oidc' ? { config: { providers: (c.config.providers as { provider: string; subject: string }[] | undefined)?.map((p) => ({ provider: p.provider, subject: p.subject })) ?? [] } } : {}),
        },
      ]),
    );
  }
  return out;
}
