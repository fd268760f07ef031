import 'server-only';
import { ResponseError } from '@ory/client-fetch';
import { isAuthFlow as isSettingsFlow, type SettingsFlow } from '@/lib/shared/identity/flow';
import { frontendApi } from './clients';

export type SettingsFlowResult =
  | { kind: 'flow'; flow: SettingsFlow }
  /** No usable flow (none asked for, expired, someone else's, unknown): the browser starts a new one. */
  | { kind: 'restart' }
  /** The session is gone or the service failed: the page says so instead of looping. */
  | { kind: 'error'; reason: 'session' | 'unavailable' };

/** spec §4: these answers mean the flow must be restarted (410 expired, 403 not ours/CSRF, 404 unknown, 400 malformed id). */
const RESTART = new Set([400, 403, 404, 410]);

/**
 * Loads the settings flow `/profile?flow=<id>` names, with the browser's cookie, as plain JSON
 * (the shape the browser's own calls to the flow see).
 */
export async function loadSettingsFlow(id: string | undefined, cookie: string | null): Promise<SettingsFlowResult> {
  if (!id) return { kind: 'restart' };
  try {
    const answer = await frontendApi().getSettingsFlowRaw({ id, cookie: cookie ?? undefined });
    const flow: unknown = await answer.raw.json();
    return isSettingsFlow(flow) ? { kind: 'flow', flow } : { kind: 'error', reason: 'unavailable' };
  } catch (err) {
    const status = err instanceof ResponseError ? err.response.status : 0;
    if (RESTART.has(status)) return { kind: 'restart' };
    if (status === 401) return { kind: 'error', reason: 'session' };
    console.error(`[profile] settings flow ${id}: ${err instanceof Error ? err.message : String(err)}`);
    return { kind: 'error', reason: 'unavailable' };
  }
}
