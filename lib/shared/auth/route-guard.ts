import { isInternalRoles } from './roles';

/** What the guard needs to know about the session (null: no active session). */
export interface GuardSession {
  verified: boolean;
  roles: readonly string[];
}

export type GuardDecision = { kind: 'next' } | { kind: 'redirect'; to: string } | { kind: 'logout' } | { kind: 'notFound' };

/**
 * Where the route guard sends an address no route of spec §2 matches: the /not-found route has no
 * page of its own, so Next renders its not-found page on the server with status 404.
 */
export const NOT_FOUND = '/not-found';

/** Request header the route guard sets: the full URL being rendered, for return_to on the server. */
export const URL_HEADER = 'x-argus-url';

export const SIGN_IN = '/auth/signin';
export const VERIFY = '/auth/verify';
export const ROLE_MISSING = '/default-role-missing';
/** Pages a signed-in user without a role may still open: support too, since they are who needs it most. */
const ROLE_FREE = new Set([ROLE_MISSING, '/profile', '/support']);

export const isAuthPath = (pathname: string) => pathname === '/login' || pathname === '/auth' || pathname.startsWith('/auth/');

const next: GuardDecision = { kind: 'next' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export const signInWithReturnTo = (returnTo: string) => `${SIGN_IN}?return_to=${encodeURIComponent(returnTo)}`;

/**
 * Pages a signed-in, verified user may still need on an auth path: a re-authentication
 * (`refresh=true`, or a login flow the identity service created for it) and the error page.
 */
function authPathForSignedIn(pathname: string, search: URLSearchParams): boolean {
  if (pathname === '/auth/error') return true;
  return pathname === SIGN_IN && (search.get('refresh') === 'true' || search.has('flow'));
}

/**
 * The route guard of spec §2, in its order, as a pure function of the request and the already
 * refreshed session (step 1 is the caller's). `known` tells whether the path is a defined route.
 */
export function routeGuard(input: { pathname: string; search: string; origin: string; known: boolean; publicRoute?: boolean; session: GuardSession | null }): GuardDecision {
  const { pathname, session } = input;
  const search = new URLSearchParams(input.search);
  // 2. Auth paths: a signed-in verified user goes home; /login → /auth → /auth/signin.
  if (isAuthPath(pathname)) {
    if (session?.verified && !authPathForSignedIn(pathname, search)) return redirect('/');
    if (pathname === '/login') return redirect(`/auth${input.search}`);
    if (pathname === '/auth') return redirect(`${SIGN_IN}${input.search}`);
    return next;
  }
  // 3. Logout.
  if (pathname === '/logout') return { kind: 'logout' };
  // A public route (a published tour) opens for everyone, signed in or not, whatever their state.
  if (input.publicRoute) return next;
  // 2 (second half) and 4. Nobody signed in: the not-found route goes to sign-in as is, any other page with return_to.
  if (!session) return redirect(input.known ? signInWithReturnTo(`${input.origin}${pathname}${input.search}`) : SIGN_IN);
  // 5. Unverified.
  if (!session.verified) return redirect(VERIFY);
  // 6. No role.
  if (session.roles.length === 0) return ROLE_FREE.has(pathname) ? next : redirect(ROLE_MISSING);
  if (pathname === ROLE_MISSING) return redirect('/');
  // 7. Home: internal users get the beta mission list. Everyone else's home depends on what their
  // roles may see (the stored permission table), so app/page.tsx picks it: see lib/shared/auth/home.ts.
  if (pathname === '/' && isInternalRoles(session.roles)) return redirect('/mission-list-beta');
  // An address no route matches (/mission/abc) is the not-found page, decided here rather than by
  // the page's notFound(): that one Next leaves to the browser to render (vercel/next.js#62228).
  if (!input.known) return { kind: 'notFound' };
  return next;
}

/** spec §2 "On startup": a stored return-to address is followed only when its host is ours (never an open redirect). */
export function safeReturnTo(value: string | null | undefined, ownOrigin: string): string | null {
  if (!value) return null;
  try {
    const own = new URL(ownOrigin);
    const target = new URL(value, own);
    if (target.host !== own.host || (target.protocol !== 'https:' && target.protocol !== 'http:')) return null;
    return target.href;
  } catch {
    return null;
  }
}
