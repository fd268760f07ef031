import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Session } from '@ory/client-fetch';
import { kratosPublicUrl } from './urls';

export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}

/** A whoami that takes longer than this counts as an unreachable identity service. */
export const WHOAMI_TIMEOUT_MS = 10_000;

// Every page navigation and API call asks once (the route guard hands its answer to the page:
// session-handoff.ts), so this is the hottest call of the app. Plain keep-alive HTTP and JSON.parse: fetch's web streams and the
// generated client's model mapping cost more than the identity service's own work (docs/performance.md).
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

function get(url: URL, cookie: string): Promise<{ status: number; body: string }> {
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', agent: https ? agents.https : agents.http, headers: { Accept: 'application/json', Cookie: cookie }, timeout: WHOAMI_TIMEOUT_MS },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.origin} within ${WHOAMI_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * The session the browser's cookies belong to (GET /sessions/whoami of the Kratos protocol): null
 * when there is none (401) or it needs a second factor (403). Anything else means the identity
 * service is unreachable or broken, which must not be mistaken for "signed out" (that would throw
 * everyone to the sign-in page during an outage). The session is the JSON as sent: its date
 * fields stay ISO strings (nothing reads them as dates).
 */
export async function whoami(cookie: string | null | undefined): Promise<Session | null> {
  if (!cookie) return null;
  const url = new URL(`${kratosPublicUrl()}/sessions/whoami`);
  let answer: { status: number; body: string };
  try {
    answer = await get(url, cookie);
  } catch (err) {
    throw new IdentityUnavailableError(err instanceof Error ? err.message : String(err));
  }
  if (answer.status === 401 || answer.status === 403) return null;
  if (answer.status !== 200) throw new IdentityUnavailableError(`whoami answered ${answer.status}`);
  let session: Session;
  try {
    session = JSON.parse(answer.body) as Session;
  } catch {
    throw new IdentityUnavailableError('whoami answered no JSON');
  }
  return session.active === false ? null : session;
}
