import 'server-only';
import { forbidden } from 'next/navigation';
import { cache } from 'react';

/** Per request (React's server cache): which mission a page refused, for the forbidden page to name. */
const denied = cache((): { id: number | null } => ({ id: null }));

/**
 * Ends a page that shows a mission the user may not see with HTTP 403 (Next's `forbidden()`, the
 * nearest forbidden.tsx renders); that page says spec §8's 'not authorized to access mission id'
 * with this id.
 */
export function forbidMission(id: number): never {
  denied().id = id;
  forbidden();
}

/** The mission this request's page refused, if any. */
export const deniedMissionId = (): number | null => denied().id;
