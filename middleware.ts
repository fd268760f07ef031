import { NextResponse, type NextRequest } from 'next/server';
import { routeGuard, SIGN_IN, safeReturnTo, URL_HEADER } from '@/lib/shared/auth/route-guard';
import { isVerified, rolesOf } from '@/lib/shared/auth/session-facts';
import { isKnownRoute, layoutFor } from '@/lib/shared/routes';
import { frontendApi } from '@/lib/server/identity/clients';
import { browserOrigin } from '@/lib/server/identity/urls';
import { whoami } from '@/lib/server/identity/whoami';

/**
 * The route guard of spec §2 on every page navigation (not on /api, the identity proxy or static
 * files). Navigation UX only: pages and /api/v2 handlers check the session again on the server,
 * and authorization lives in the domain verbs (ARCHITECTURE §4.1).
 */
export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  layoutFor(pathname);
  const origin = browserOrigin(request.headers);
  const cookie = request.headers.get('cookie');
  // 1. The session is refreshed first. An unreachable identity service is not "signed out":
  // the page renders and shows the error there instead of bouncing everyone to sign-in.
  let session;
  try {
    session = await whoami(cookie);
  } catch (err) {
    console.error(`[guard] ${pathname}: ${(err as Error).message}`);
    return NextResponse.next();
  }
  const facts = session ? { verified: isVerified(session), roles: rolesOf(session.identity?.metadata_public) } : null;
  const decision = routeGuard({ pathname, search, origin, known: isKnownRoute(pathname), session: facts });

  if (decision.kind === 'redirect') return NextResponse.redirect(new URL(decision.to, origin), 303);
  if (decision.kind === 'logout') return logout(request, origin, cookie, session !== null);
  const headers = new Headers(request.headers);
  headers.set(URL_HEADER, `${origin}${pathname}${search}`);
  return NextResponse.next({ request: { headers } });
}

/** spec §2: /logout signs out (through the identity service's logout flow) and goes to sign-in carrying return_to. */
async function logout(request: NextRequest, origin: string, cookie: string | null, signedIn: boolean) {
  // Only a top-level navigation may sign out, so an embedded image or script elsewhere cannot.
  const dest = request.headers.get('sec-fetch-dest');
  const returnTo = safeReturnTo(request.nextUrl.searchParams.get('return_to'), origin) ?? `${origin}/`;
  const signIn = new URL(`${SIGN_IN}?return_to=${encodeURIComponent(returnTo)}`, origin);
  if (!signedIn || (dest && dest !== 'document')) return NextResponse.redirect(signIn, 303);
  const flow = await frontendApi().createBrowserLogoutFlow({ cookie: cookie ?? undefined, returnTo: signIn.href });
  return NextResponse.redirect(flow.logout_url, 303);
}

export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!api/|self-service/|sessions(?:/|$)|_next/|favicon.svg|logo/|.*\\.(?:svg|png|jpg|jpeg|webp|ico|mjs|js|css|map|txt|json)$).*)'],
};
