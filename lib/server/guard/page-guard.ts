import { NOT_FOUND, routeGuard, SIGN_IN, safeReturnTo, URL_HEADER } from '@/lib/shared/auth/route-guard';
import { isVerified, rolesOf } from '@/lib/shared/auth/session-facts';
import { isKnownRoute, isPublicRoute, layoutFor } from '@/lib/shared/routes';
import { frontendApi } from '@/lib/server/identity/clients';
import { browserOrigin } from '@/lib/server/identity/urls';
import { whoami } from '@/lib/server/identity/whoami';
import { startLoginFlow } from '@/lib/server/identity/login-flow-start';
import { sealSession, SESSION_HANDOFF_HEADER } from '@/lib/server/identity/session-handoff';
import { pageSecurityHeaders } from '@/lib/server/security/page-headers';

/** A page request as the guard reads it. `url` is the address as the server received it. */
export interface PageRequest {
  method: string;
  url: URL;
  headers: Headers;
}

/**
 * What to do with a page request: answer it with a redirect, or render it — with these request
 * headers set (the session hand-off, the script nonce, the page's address), at `path` instead of
 * the requested one when not null, and these cookies set. Either way the answer carries
 * `responseHeaders` (the page's security headers).
 */
type Decision = { kind: 'redirect'; location: string } | { kind: 'render'; path: string | null; requestHeaders: Record<string, string>; setCookies: string[] };
export type PageOutcome = Decision & { responseHeaders: Record<string, string> };

/** Not pages: the API, the identity proxy, Next's own files, static files. */
const NOT_A_PAGE = /^\/(?:api\/|self-service\/|sessions(?:\/|$)|_next\/|favicon\.svg|logo\/)|\.(?:svg|png|jpg|jpeg|webp|ico|mjs|js|css|map|txt|json|pbf)$/;

export const isPagePath = (pathname: string) => !NOT_A_PAGE.test(pathname);

/** Next's client router adds `_rsc` to its page requests; it is not part of the page's address. */
const RSC_QUERY = '_rsc';

/**
 * The route guard of spec §2 on every page request. Navigation UX only: pages and /api/v2
 * handlers check the session again on the server, and authorization lives in the domain verbs
 * (ARCHITECTURE §4.1). Every answer carries the page's security headers, with a fresh script
 * nonce (next.config.mjs covers everything else).
 */
export async function guardPage(request: PageRequest): Promise<PageOutcome> {
  const security = pageSecurityHeaders(request.headers);
  return { ...(await decide(request, security.nonceHeaders)), responseHeaders: security.responseHeaders };
}

const redirectTo = (location: string): Decision => ({ kind: 'redirect', location });

async function decide(request: PageRequest, nonceHeaders: Record<string, string>): Promise<Decision> {
  const address = new URL(request.url);
  address.searchParams.delete(RSC_QUERY);
  const { pathname, search } = address;
  layoutFor(pathname);
  const origin = browserOrigin(request.headers);
  const cookie = request.headers.get('cookie');
  // Next.js reads the nonce for its own scripts from the request's policy.
  const headers: Record<string, string> = { ...nonceHeaders };
  const render = (path: string | null = null, setCookies: string[] = []): Decision => ({ kind: 'render', path, requestHeaders: headers, setCookies });
  const redirect = (to: string) => redirectTo(relativeIfOwn(new URL(to, origin), request.url));
  // 1. The session is refreshed first. An unreachable identity service is not "signed out":
  // the page renders and shows the error there instead of bouncing everyone to sign-in.
  let session;
  try {
    session = await whoami(cookie);
  } catch (err) {
    console.error(`[guard] ${pathname}: ${(err as Error).message}`);
    return render();
  }
  // The page reads the session from here instead of asking the identity service again (issue 20 point 7).
  if (cookie) headers[SESSION_HANDOFF_HEADER] = sealSession(session, cookie);
  const facts = session ? { verified: isVerified(session), roles: rolesOf(session.identity?.metadata_public) } : null;
  const decision = routeGuard({ pathname, search, origin, known: isKnownRoute(pathname), publicRoute: isPublicRoute(pathname), session: facts });

  if (decision.kind === 'redirect') return redirect(decision.to);
  if (decision.kind === 'logout') return logout(request, address, origin, cookie, session !== null);
  headers[URL_HEADER] = `${origin}${pathname}${search}`;
  if (decision.kind === 'notFound') return render(NOT_FOUND);
  if (pathname === SIGN_IN && request.method === 'GET' && !address.searchParams.has('flow')) {
    const started = await startLoginFlow(request.headers, { returnTo: safeReturnTo(address.searchParams.get('return_to'), origin), refresh: address.searchParams.get('refresh') === 'true' });
    if (started) {
      // The page reads the new flow as `?flow=`, with its CSRF cookie added to the request's cookies.
      headers.cookie = started.cookie;
      headers[SESSION_HANDOFF_HEADER] = sealSession(session, started.cookie);
      address.searchParams.set('flow', started.id);
      return render(`${address.pathname}${address.search}`, started.setCookies);
    }
  }
  return render();
}

/** A redirect within the app as a path, as Next.js sends its own (and its middleware's) redirects. */
function relativeIfOwn(target: URL, requested: URL): string {
  return target.origin === requested.origin ? `${target.pathname}${target.search}${target.hash}` : target.href;
}

/**
 * spec §2: /logout signs out (through the identity service's logout flow: a logout token for
 * this session, then the service's logout with that token) and goes to sign-in carrying
 * return_to. Only our own pages may ask for it (see mayLogOut); anything else goes home signed in.
 */
async function logout(request: PageRequest, address: URL, origin: string, cookie: string | null, signedIn: boolean): Promise<Decision> {
  const returnTo = safeReturnTo(address.searchParams.get('return_to'), origin) ?? `${origin}/`;
  const signIn = new URL(`${SIGN_IN}?return_to=${encodeURIComponent(returnTo)}`, origin);
  if (!signedIn) return redirectTo(relativeIfOwn(signIn, request.url));
  if (!mayLogOut(request, origin)) return redirectTo(relativeIfOwn(new URL('/', origin), request.url));
  const flow = await frontendApi().createBrowserLogoutFlow({ cookie: cookie ?? undefined, returnTo: signIn.href });
  return redirectTo(flow.logout_url);
}

/**
 * A sign-out must come from us, or a link, image or form on any other site could end the user's
 * session (login CSRF's twin). Accepted: a POST from our origin; a top-level GET navigation
 * started on our origin (menu link, the session_refresh_required redirect) or by the user
 * (address bar, bookmark: Sec-Fetch-Site `none`). Browsers without Fetch Metadata fall back to
 * a Referer from our origin. The identity service's own logout URL needs the logout token.
 */
function mayLogOut(request: PageRequest, origin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (request.method === 'POST') return site ? site === 'same-origin' : request.headers.get('origin') === origin;
  if (request.method !== 'GET') return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (site) return (site === 'same-origin' || site === 'none') && (!dest || dest === 'document');
  const referer = request.headers.get('referer');
  return !!referer && URL.canParse(referer) && new URL(referer).origin === origin;
}
