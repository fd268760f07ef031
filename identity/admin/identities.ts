import type { Ctx } from '../context';
import { tx } from '../db/pool';
import { errors, KratosError } from '../http/errors';
import { paging, setLinkHeader } from '../http/paging';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { identityJson } from '../identities/output';
import { identifierPaths, normalizeAddress, normalizeTraits, validateTraits, valuesAt } from '../identities/schema';
import {
  DuplicateIdentifierError,
  getAddresses,
  getIdentity,
  insertIdentity,
  setCredential,
  syncFromTraits,
  updateIdentityRow,
  type IdentityRow,
} from '../identities/store';
import { hashPassword } from '../password/hash';
import { revokeAllSessions } from '../session/store';
import { applyPatch, type PatchOp } from './patch';

function invalidTraits(traits: unknown): KratosError | null {
  const errs = validateTraits(traits);
  if (!errs.length) return null;
  return errors.badRequest(`The identity traits are invalid: ${errs.map((e) => `${e.field ?? 'traits'}: ${e.message.text}`).join('; ')}`);
}

function checkState(state: unknown): 'active' | 'inactive' | undefined {
  if (state === undefined) return undefined;
  if (state === 'active' || state === 'inactive') return state;
  throw errors.badRequest('The identity state must be "active" or "inactive".');
}

async function importPassword(ctx: Ctx, credentials: unknown): Promise<string | null> {
  const cfg = (credentials as { password?: { config?: { password?: string; hashed_password?: string } } } | undefined)?.password?.config;
  if (cfg?.hashed_password) return cfg.hashed_password;
  if (cfg?.password) return hashPassword(ctx.cfg, cfg.password);
  return null;
}

function verifiedFrom(body: Record<string, unknown>): string[] {
  const list = Array.isArray(body.verifiable_addresses) ? (body.verifiable_addresses as { value?: string; verified?: boolean }[]) : [];
  return list.filter((a) => a.verified && typeof a.value === 'string').map((a) => normalizeAddress(a.value ?? ''));
}

async function out(ctx: Ctx, row: IdentityRow) {
  return identityJson(ctx.db, ctx.cfg.baseUrl, row, true);
}

/** POST /admin/identities */
export async function createIdentity(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const body = req.body;
  const bad = invalidTraits(body.traits);
  if (bad) throw bad;
  const traits = normalizeTraits(body.traits);
  const state = checkState(body.state);
  const hashed = await importPassword(ctx, body.credentials);
  try {
    const row = await tx(ctx.db, async (c) => {
      const identity = await insertIdentity(c, {
        traits,
        state,
        metadataPublic: body.metadata_public,
        metadataAdmin: body.metadata_admin,
        externalId: typeof body.external_id === 'string' ? body.external_id : null,
        schemaId: typeof body.schema_id === 'string' ? body.schema_id : 'default',
      });
      if (hashed) await setCredential(c, identity.id, 'password', { hashed_password: hashed }, valuesAt(traits, identifierPaths));
      await syncFromTraits(c, identity.id, traits, verifiedFrom(body));
      return identity;
    });
    res.json(201, await out(ctx, row));
  } catch (err) {
    if (err instanceof DuplicateIdentifierError || (err as { code?: string }).code === '23505') throw errors.conflict('This identity conflicts with another identity that already exists.');
    throw err;
  }
}

/** GET /admin/identities/{id} */
export async function getIdentityAdmin(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  const row = await getIdentity(ctx.db, id);
  if (!row) throw errors.notFound('Unable to locate the resource');
  res.json(200, await out(ctx, row));
}

/** GET /admin/identities?page_size=&page_token=&credentials_identifier=&ids= */
export async function listIdentities(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const { limit, offset } = paging(req);
  const where: string[] = [];
  const params: unknown[] = [];
  const ident = req.query.get('credentials_identifier');
  if (ident) {
    params.push(normalizeAddress(ident));
    where.push(`id IN (SELECT identity_id FROM identity.credential_identifiers WHERE identifier = $${params.length})`);
  }
  const ids = req.query.getAll('ids').filter((v) => /^[0-9a-f-]{36}$/i.test(v));
  if (ids.length) {
    params.push(ids);
    where.push(`id = ANY($${params.length})`);
  }
  params.push(limit + 1, offset);
  const r = await ctx.db.query<IdentityRow>(
    `SELECT * FROM identity.identities ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const rows = r.rows.slice(0, limit);
  setLinkHeader(req, res, limit, offset, r.rows.length > limit);
  const addresses = await getAddresses(ctx.db, rows.map((x) => x.id));
  res.json(200, await Promise.all(rows.map((row) => identityJson(ctx.db, ctx.cfg.baseUrl, row, true, addresses))));
}

async function applyUpdate(ctx: Ctx, current: IdentityRow, next: { traits: unknown; state?: unknown; metadata_public?: unknown; metadata_admin?: unknown }, hashed: string | null): Promise<IdentityRow> {
  const bad = invalidTraits(next.traits);
  if (bad) throw bad;
  const traits = normalizeTraits(next.traits);
  const state = checkState(next.state);
  const verified = (await getAddresses(ctx.db, [current.id])).filter((a) => a.kind === 'verifiable' && a.verified).map((a) => a.value);
  try {
    const row = await tx(ctx.db, async (c) => {
      const updated = await updateIdentityRow(c, current.id, { traits, state, metadataPublic: next.metadata_public ?? null, metadataAdmin: next.metadata_admin ?? null });
      if (hashed) await setCredential(c, current.id, 'password', { hashed_password: hashed }, valuesAt(traits, identifierPaths));
      await syncFromTraits(c, current.id, traits, verified);
      return updated;
    });
    if (!row) throw errors.notFound('Unable to locate the resource');
    if (state === 'inactive') await revokeAllSessions(ctx.db, current.id);
    return row;
  } catch (err) {
    if (err instanceof DuplicateIdentifierError) throw errors.conflict('This identity conflicts with another identity that already exists.');
    throw err;
  }
}

/** PUT /admin/identities/{id}: the full identity except credentials (metadata not sent is cleared, as in Kratos). */
export async function updateIdentity(ctx: Ctx, req: Req, res: Res, id: string): Promise<void> {
  const current = await getIdentity(ctx.db, id);
  if (!current) throw errors.notFound('Unable to locate the resource');
  const b = req.body;
  const row = await applyUpdate(ctx, current, { traits: b.traits, state: b.state ?? current.state, metadata_public: b.metadata_public, metadata_admin: b.metadata_admin }, await importPassword(ctx, b.credentials));
  res.json(200, await out(ctx, row));
}

/** PATCH /admin/identities/{id}: JSON Patch on traits, state, metadata_public, metadata_admin. */
export async function patchIdentity(ctx: Ctx, req: Req, res: Res, id: string): Promise<void> {
  const current = await getIdentity(ctx.db, id);
  if (!current) throw errors.notFound('Unable to locate the resource');
  const ops = JSON.parse(JSON.stringify(req.rawJson ?? [])) as PatchOp[];
  if (!Array.isArray(ops)) throw errors.badRequest('The body must be a JSON Patch array.');
  for (const op of ops) {
    if (!/^\/(traits|state|metadata_public|metadata_admin)(\/|$)/.test(op.path ?? '')) throw errors.badRequest(`The field ${op.path} can not be patched.`);
  }
  const doc = applyPatch({ traits: current.traits, state: current.state, metadata_public: current.metadata_public ?? null, metadata_admin: current.metadata_admin ?? null }, ops);
  const row = await applyUpdate(ctx, current, doc, null);
  res.json(200, await out(ctx, row));
}

/** DELETE /admin/identities/{id} */
export async function deleteIdentity(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  if (!(await getIdentity(ctx.db, id))) throw errors.notFound('Unable to locate the resource');
  await ctx.db.query('DELETE FROM identity.identities WHERE id = $1', [id]);
  res.empty(204);
}
