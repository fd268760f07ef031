import 'server-only';
import { ResponseError, type Identity, type JsonPatch } from '@ory/client-fetch';
import { identityAdminApi } from '../identity/clients';
import { AppError } from '../errors';

/*
 * The identity admin API calls of the user center, with the identity service's failures turned
 * into our error vocabulary: its 404 is ours, anything unexpected (down, 5xx) is a 503.
 */

export interface IdentityTraits {
  email?: string;
  name?: { first?: string; last?: string };
}

const PAGE_SIZE = 500;

async function identityCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const status = err instanceof ResponseError ? err.response.status : 0;
    if (status === 404) throw new AppError('not_found', `${what} not found`, undefined, what === 'user' ? 'errors.admin.userNotFound' : undefined);
    if (status === 409) throw new AppError('conflict', 'a user with this e-mail exists', { fields: { email: ['errors.admin.alreadyExists'] } }, 'errors.admin.emailTaken');
    // Unreachable (FetchError, or the bare fetch TypeError when it comes from another realm) or 5xx.
    throw new AppError('service_unavailable', `the identity service failed (${what}): ${status || String((err as Error)?.message ?? err)}`);
  }
}

/** The page_token of a `Link: <…>; rel="next"` header (Kratos keyset paging), if there is a next page. */
export function nextPageToken(link: string | null): string | undefined {
  const next = link?.split(',').find((part) => /rel="?next"?/.test(part));
  const url = next?.match(/<([^>]+)>/)?.[1];
  return url ? (new URL(url, 'http://link.invalid').searchParams.get('page_token') ?? undefined) : undefined;
}

/** Every identity, page by page (the user center joins and filters them with the Argus profiles). */
export async function allIdentities(): Promise<Identity[]> {
  const out: Identity[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await identityCall('identities', () => identityAdminApi().listIdentitiesRaw({ pageSize: PAGE_SIZE, pageToken }));
    out.push(...(await answer.value()));
    const next = nextPageToken(answer.raw.headers.get('link'));
    // A service that repeats the token would page forever.
    pageToken = next !== pageToken ? next : undefined;
  } while (pageToken);
  return out;
}

export const getIdentity = (id: string) => identityCall('user', () => identityAdminApi().getIdentity({ id }));

export const createIdentity = (body: { traits: IdentityTraits; metadata_public: Record<string, unknown> }) =>
  identityCall('user', () => identityAdminApi().createIdentity({ createIdentityBody: { schema_id: 'default', state: 'active', ...body } }));

export const patchIdentity = (id: string, jsonPatch: JsonPatch[]) => identityCall('user', () => identityAdminApi().patchIdentity({ id, jsonPatch }));

export const deleteIdentity = (id: string) => identityCall('user', () => identityAdminApi().deleteIdentity({ id }));

export const revokeSessions = (id: string) => identityCall('user', () => identityAdminApi().deleteIdentitySessions({ id }));

/** The identity whose password credential or address is this e-mail, if any. */
export async function identityByEmail(email: string): Promise<Identity | null> {
  return (await identityCall('identities', () => identityAdminApi().listIdentities({ credentialsIdentifier: email })))[0] ?? null;
}

/** A one-time recovery link and code for the identity (Kratos: POST /admin/recovery/code). */
export const recoveryCode = (identityId: string, expiresIn: string) =>
  identityCall('user', () => identityAdminApi().createRecoveryCodeForIdentity({ createRecoveryCodeForIdentityBody: { identity_id: identityId, expires_in: expiresIn } }));

/** Last sign-in: the newest session's authenticated_at (sessions come newest first). */
export async function lastSignInOf(id: string): Promise<string | null> {
  const sessions = await identityCall('sessions', () => identityAdminApi().listIdentitySessions({ id, pageSize: 5 }));
  const times = sessions.map((s) => s.authenticated_at).filter((t): t is Date => t instanceof Date || typeof t === 'string').map((t) => new Date(t).getTime());
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
}
