import { NextResponse, type NextRequest } from 'next/server';
import { NOT_FOUND, routeGuard, SIGN_IN, safeReturnTo, URL_HEADER } from '@/lib/shared/auth/route-guard';
import { isVerified, rolesOf } from '@/lib/shared/auth/session-facts';
import { isKnownRoute, isPublicRoute, layoutFor } from '@/lib/shared/routes';
import { frontendApi } from '@/lib/server/identity/clients';
import { browserOrigin } from '@/lib/server/identity/urls';
import { whoami } from '@/lib/server/identity/whoami';
import { startLoginFlow } from '@/lib/server/identity/login-flow-start';
import { sealSession, SESSION_HANDOFF_HEADER } from '@/lib/server/identity/session-handoff';
import { pageSecurityHeaders } from '@/lib/server/security/page-headers';

/**
 * The route guard of spec §2 on every page navigation (not on /api, the identity proxy or static
 * files). Navigation UX only: pages and /api/v2 handlers check the session again on the server,
 * and authorization lives in the domain verbs (ARCHITECTURE §4.1). Every answer carries the
 * page's security headers, with a fresh script nonce (next.config.mjs covers everything else).
 */
export async function middleware(request: NextRequest) {
  const security = pageSecurityHeaders(request.headers);
  const response = await guard(request, security.nonceHeaders);
  for (const [key, value] of Object.entries(security.responseHeaders)) response.headers.set(key, value);
  return response;
}

async function guard(request: NextRequest, nonceHeaders: Record<string, string>): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  layoutFor(pathname);
  const origin = browserOrigin(request.headers);
  const cookie = request.headers.get('cookie');
  const headers = new Headers(request.headers);
  // Only this middleware may hand the session to the page: a client's copy is dropped unread.
  headers.delete(SESSION_HANDOFF_HEADER);
  // Next.js reads the nonce for its own scripts from the request's policy.
  for (const [key, value] of Object.entries(nonceHeaders)) headers.set(key, value);
  // 1. The session is refreshed first. An unreachable identity service is not "signed out":
  // the page renders and shows the error there instead of bouncing everyone to sign-in.
  let session;
  try {
    session = await whoami(cookie);
  } catch (err) {
    console.error(`[guard] ${pathname}: ${(err as Error).message}`);
    return NextResponse.next({ request: { headers } });
  }
  // The page reads the session from here instead of asking the identity service again (point 7).
  if (cookie) headers.set(SESSION_HANDOFF_HEADER, sealSession(session, cookie));
  const facts = session ? { verified: isVerified(session), roles: rolesOf(session.identity?.metadata_public) } : null;
  const decision = routeGuard({ pathname, search, origin, known: isKnownRoute(pathname), publicRoute: isPublicRoute(pathname), session: facts });

  if (decision.kind === 'redirect') return NextResponse.redirect(new URL(decision.to, origin), 303);
  if (decision.kind === 'logout') return logout(request, origin, cookie, session !== null);
  headers.set(URL_HEADER, `${origin}${pathname}${search}`);
  if (decision.kind === 'notFound') return NextResponse.rewrite(new URL(NOT_FOUND, request.url), { request: { headers } });
  if (pathname === SIGN_IN && request.method === 'GET' && !request.nextUrl.searchParams.has('flow')) {
    const started = await signInWithFlow(request, origin, headers, session);
    if (started) return started;
  }
  return NextResponse.next({ request: { headers } });
}

/**
 * The sign-in page opened without a flow gets one made here, and renders at once: the page reads
 * it as `?flow=` of the rewritten request, with the new CSRF cookie added to the request's cookies
 * (the flow is checked against it) and sent to the browser. Null: the page's usual redirect.
 */
async function signInWithFlow(request: NextRequest, origin: string, headers: Headers, session: Awaited<ReturnType<typeof whoami>>) {
  const params = request.nextUrl.searchParams;
  const started = await startLoginFlow(request.headers, { returnTo: safeReturnTo(params.get('return_to'), origin), refresh: params.get('refresh') === 'true' });
  if (!started) return null;
  headers.set('cookie', started.cookie);
  headers.set(SESSION_HANDOFF_HEADER, sealSession(session, started.cookie));
  const url = request.nextUrl.clone();
  url.searchParams.set('flow', started.id);
  const response = NextResponse.rewrite(url, { request: { headers } });
  for (const cookie of started.setCookies) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * spec §2: /logout signs out (through the identity service's logout flow: a logout token for
 * this session, then the service's logout with that token) and goes to sign-in carrying
 * return_to. Only our own pages may ask for it (see mayLogOut); anything else goes home signed in.
 */
async function logout(request: NextRequest, origin: string, cookie: string | null, signedIn: boolean) {
  const returnTo = safeReturnTo(request.nextUrl.searchParams.get('return_to'), origin) ?? `${origin}/`;
  const signIn = new URL(`${SIGN_IN}?return_to=${encodeURIComponent(returnTo)}`, origin);
  if (!signedIn) return NextResponse.redirect(signIn, 303);
  if (!mayLogOut(request, origin)) return NextResponse.redirect(new URL('/', origin), 303);
  const flow = await frontendApi().createBrowserLogoutFlow({ cookie: cookie ?? undefined, returnTo: signIn.href });
  return NextResponse.redirect(flow.logout_url, 303);
}

/**
 * A sign-out must come from us, or a link, image or form on any other site could end the user's
 * session (login CSRF's twin). Accepted: a POST from our origin; a top-level GET navigation
 * started on our origin (menu link, the session_refresh_required redirect) or by the user
 * (address bar, bookmark: Sec-Fetch-Site `none`). Browsers without Fetch Metadata fall back to
 * a Referer from our origin. The identity service's own logout URL needs the logout token.
 */
function mayLogOut(request: NextRequest, origin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (request.method === 'POST') return site ? site === 'same-origin' : request.headers.get('origin') === origin;
  if (request.method !== 'GET') return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (site) return (site === 'same-origin' || site === 'none') && (!dest || dest === 'document');
  const referer = request.headers.get('referer');
  return !!referer && URL.canParse(referer) && new URL(referer).origin === origin;
}

export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!api/|self-service/|sessions(?:/|$)|_next/|favicon.svg|logo/|.*\\.(?:svg|png|jpg|jpeg|webp|ico|mjs|js|css|map|txt|json)$).*)'],
};
