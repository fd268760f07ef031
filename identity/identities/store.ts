import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool';
import { identifierPaths, recoveryPaths, valuesAt, verificationPaths } from './schema';

export interface IdentityRow {
  id: string;
  schema_id: string;
  state: 'active' | 'inactive';
  state_changed_at: Date;
  traits: Record<string, unknown>;
  metadata_public: unknown;
  metadata_admin: unknown;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AddressRow {
  id: string;
  identity_id: string;
  kind: 'verifiable' | 'recovery';
  via: string;
  value: string;
  verified: boolean;
  verified_at: Date | null;
  status: string;
  created_at: Date;
  updated_at: Date;
}

export interface CredentialRow {
  id: string;
  identity_id: string;
  type: string;
  config: Record<string, unknown>;
  version: number;
  created_at: Date;
  updated_at: Date;
  identifiers: string[];
}

export class DuplicateIdentifierError extends Error {}

export async function getIdentity(db: Queryable, id: string): Promise<IdentityRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await db.query<IdentityRow>('SELECT * FROM identity.identities WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export async function getAddresses(db: Queryable, identityIds: string[]): Promise<AddressRow[]> {
  if (identityIds.length === 0) return [];
  const r = await db.query<AddressRow>('SELECT * FROM identity.addresses WHERE identity_id = ANY($1) ORDER BY created_at, id', [identityIds]);
  return r.rows;
}

export async function getCredentials(db: Queryable, identityId: string): Promise<CredentialRow[]> {
  const r = await db.query<CredentialRow>(
    `SELECT c.*, COALESCE(array_agg(ci.identifier ORDER BY ci.identifier) FILTER (WHERE ci.identifier IS NOT NULL), '{}') AS identifiers
       FROM identity.credentials c LEFT JOIN identity.credential_identifiers ci ON ci.credential_id = c.id
      WHERE c.identity_id = $1 GROUP BY c.id ORDER BY c.type`,
    [identityId],
  );
  return r.rows;
}

export async function findByIdentifier(db: Queryable, type: string, identifier: string): Promise<{ identity: IdentityRow; credential: CredentialRow } | null> {
  const r = await db.query<{ identity_id: string }>('SELECT identity_id FROM identity.credential_identifiers WHERE type = $1 AND identifier = $2', [type, identifier]);
  const id = r.rows[0]?.identity_id;
  if (!id) return null;
  const identity = await getIdentity(db, id);
  const credential = (await getCredentials(db, id)).find((c) => c.type === type);
  return identity && credential ? { identity, credential } : null;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** Creates or replaces a credential of a type with its identifiers. */
export async function setCredential(db: Queryable, identityId: string, type: string, config: Record<string, unknown>, identifiers: string[]): Promise<void> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO identity.credentials (id, identity_id, type, config) VALUES ($1, $2, $3, $4)
     ON CONFLICT (identity_id, type) DO UPDATE SET config = EXCLUDED.config, updated_at = now() RETURNING id`,
    [randomUUID(), identityId, type, JSON.stringify(config)],
  );
  const credId = r.rows[0]?.id;
  await db.query('DELETE FROM identity.credential_identifiers WHERE credential_id = $1', [credId]);
  try {
    for (const ident of identifiers) {
      await db.query('INSERT INTO identity.credential_identifiers (identifier, type, credential_id, identity_id) VALUES ($1, $2, $3, $4)', [ident, type, credId, identityId]);
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateIdentifierError('duplicate identifier');
    throw err;
  }
}

export async function deleteCredential(db: Queryable, identityId: string, type: string): Promise<void> {
  await db.query('DELETE FROM identity.credentials WHERE identity_id = $1 AND type = $2', [identityId, type]);
}

/** Re-derives password identifiers and verifiable/recovery addresses from the traits. */
export async function syncFromTraits(db: Queryable, identityId: string, traits: unknown, verifiedValues: string[] = []): Promise<void> {
  const pw = await db.query<{ id: string }>("SELECT id FROM identity.credentials WHERE identity_id = $1 AND type = 'password'", [identityId]);
  const credId = pw.rows[0]?.id;
  if (credId) {
    await db.query('DELETE FROM identity.credential_identifiers WHERE credential_id = $1', [credId]);
    try {
      for (const ident of valuesAt(traits, identifierPaths)) {
        await db.query("INSERT INTO identity.credential_identifiers (identifier, type, credential_id, identity_id) VALUES ($1, 'password', $2, $3)", [ident, credId, identityId]);
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateIdentifierError('duplicate identifier');
      throw err;
    }
  }
  for (const [kind, paths] of [['verifiable', verificationPaths], ['recovery', recoveryPaths]] as const) {
    const values = valuesAt(traits, paths);
    await db.query('DELETE FROM identity.addresses WHERE identity_id = $1 AND kind = $2 AND NOT (value = ANY($3))', [identityId, kind, values]);
    for (const v of values) {
      const verified = kind === 'verifiable' && verifiedValues.includes(v);
      try {
        await db.query(
          `INSERT INTO identity.addresses (id, identity_id, kind, value, verified, verified_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (kind, via, value) DO NOTHING`,
          [randomUUID(), identityId, kind, v, verified, verified ? new Date() : null, verified ? 'completed' : 'pending'],
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateIdentifierError('duplicate address');
        throw err;
      }
      const owner = await db.query<{ identity_id: string }>('SELECT identity_id FROM identity.addresses WHERE kind = $1 AND value = $2', [kind, v]);
      if (owner.rows[0]?.identity_id !== identityId) throw new DuplicateIdentifierError('duplicate address');
    }
  }
}

export interface NewIdentity {
  traits: Record<string, unknown>;
  state?: 'active' | 'inactive';
  metadataPublic?: unknown;
  metadataAdmin?: unknown;
  externalId?: string | null;
  schemaId?: string;
}

export async function insertIdentity(db: Queryable, input: NewIdentity): Promise<IdentityRow> {
  const r = await db.query<IdentityRow>(
    `INSERT INTO identity.identities (id, schema_id, state, traits, metadata_public, metadata_admin, external_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [
      randomUUID(),
      input.schemaId ?? 'default',
      input.state ?? 'active',
      JSON.stringify(input.traits),
      input.metadataPublic === undefined ? null : JSON.stringify(input.metadataPublic),
      input.metadataAdmin === undefined ? null : JSON.stringify(input.metadataAdmin),
      input.externalId ?? null,
    ],
  );
  const row = r.rows[0];
  if (!row) throw new Error('insert failed');
  return row;
}

export async function updateIdentityRow(
  db: Queryable,
  id: string,
  patch: { traits?: unknown; state?: string; metadataPublic?: unknown; metadataAdmin?: unknown },
): Promise<IdentityRow | null> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const add = (col: string, v: unknown) => {
    values.push(v);
    sets.push(`${col} = $${values.length}`);
  };
  if (patch.traits !== undefined) add('traits', JSON.stringify(patch.traits));
  if (patch.state !== undefined) {
    add('state', patch.state);
    sets.push(`state_changed_at = CASE WHEN state = $${values.length} THEN state_changed_at ELSE now() END`);
  }
  if (patch.metadataPublic !== undefined) add('metadata_public', patch.metadataPublic === null ? null : JSON.stringify(patch.metadataPublic));
  if (patch.metadataAdmin !== undefined) add('metadata_admin', patch.metadataAdmin === null ? null : JSON.stringify(patch.metadataAdmin));
  sets.push('updated_at = now()');
  const r = await db.query<IdentityRow>(`UPDATE identity.identities SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
  return r.rows[0] ?? null;
}

export async function markAddressVerified(db: Queryable, identityId: string, value: string, kind: 'verifiable' | 'recovery' = 'verifiable'): Promise<void> {
  await db.query(
    `UPDATE identity.addresses SET verified = true, verified_at = COALESCE(verified_at, now()), status = 'completed', updated_at = now()
      WHERE identity_id = $1 AND value = $2 AND kind = $3`,
    [identityId, value, kind],
  );
}

/** After a verification code was mailed; like Kratos, also for an already verified address (it stays verified). */
export async function markAddressSent(db: Queryable, value: string): Promise<void> {
  await db.query("UPDATE identity.addresses SET status = 'sent', updated_at = now() WHERE kind = 'verifiable' AND value = $1", [value]);
}
