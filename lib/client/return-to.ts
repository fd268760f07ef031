import { safeReturnTo } from '@/lib/shared/auth/route-guard';

/** spec §9: the browser storage key that holds the login return-to address. */
export const RETURN_TO_KEY = 'argus.login.returnTo';

/** Remembers where the user wanted to go, if it is on our own origin (never an open redirect). */
export function storeReturnTo(value: string | null | undefined, origin: string = window.location.origin): void {
  const safe = safeReturnTo(value, origin);
  if (!safe) return;
  try {
    localStorage.setItem(RETURN_TO_KEY, safe);
  } catch {
    // Storage can be unavailable (privacy mode); the login flow's own return_to still applies.
  }
}

/**
 * spec §2 "On startup": reads and removes the stored address; returns it only when it is on our
 * own origin and not where the browser already is. The bare root is not followed either: `/`
 * means "home", where the guard has just sent the user (going there again would only reload the
 * page the user is reading).
 */
export function takeReturnTo(location: Pick<Location, 'origin' | 'href'> = window.location): string | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(RETURN_TO_KEY);
    localStorage.removeItem(RETURN_TO_KEY);
  } catch {
    return null;
  }
  const safe = safeReturnTo(stored, location.origin);
  if (!safe || safe === new URL(location.href).href) return null;
  return new URL(safe).href === new URL('/', location.origin).href ? null : safe;
}
