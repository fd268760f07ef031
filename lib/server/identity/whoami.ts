import { ResponseError, type Session } from '@ory/client-fetch';
import { frontendApi } from './clients';

export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}

/**
 * The session the browser's cookies belong to: null when there is none (401) or it needs a second
 * factor (403). Anything else means the identity service is unreachable or broken, which must not
 * be mistaken for "signed out" (that would throw everyone to the sign-in page during an outage).
 */
export async function whoami(cookie: string | null | undefined): Promise<Session | null> {
  if (!cookie) return null;
  try {
    const session = await frontendApi().toSession({ cookie });
    return session.active === false ? null : session;
  } catch (err) {
    if (err instanceof ResponseError && (err.response.status === 401 || err.response.status === 403)) return null;
    throw new IdentityUnavailableError(err instanceof Error ? err.message : String(err));
  }
}
