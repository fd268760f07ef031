/** @jest-environment node */
import { isAuthPath, ROLE_MISSING, routeGuard, safeReturnTo, SIGN_IN, signInWithReturnTo, VERIFY, type GuardSession } from '@/lib/shared/auth/route-guard';

const ORIGIN = 'http://localhost:3000';
const admin: GuardSession = { verified: true, roles: ['admin'] };
const advanced: GuardSession = { verified: true, roles: ['advanced'] };
const customer: GuardSession = { verified: true, roles: ['customer'] };
const unverified: GuardSession = { verified: false, roles: ['customer'] };
const unverifiedNoRole: GuardSession = { verified: false, roles: [] };
const noRole: GuardSession = { verified: true, roles: [] };

/** The guard's decision for a path (with optional query), `known` as the route table would say. */
function guard(url: string, session: GuardSession | null, known = true) {
  const parsed = new URL(url, ORIGIN);
  return routeGuard({ pathname: parsed.pathname, search: parsed.search, origin: ORIGIN, known, session });
}
const to = (path: string) => ({ kind: 'redirect', to: path });
const NEXT = { kind: 'next' };

describe('routeGuard: public routes (a published tour)', () => {
  it('lets anybody open them, signed in or not, verified or not', () => {
    const open = (session: GuardSession | null) => routeGuard({ pathname: '/tours/Qx7_k2-pA9mZ3rT5vW8yB1cD', search: '', origin: ORIGIN, known: true, publicRoute: true, session });
    for (const session of [null, unverified, noRole, customer]) expect(open(session)).toEqual(NEXT);
  });
});

describe('routeGuard, rule 2: auth paths', () => {
  it('sends /login to /auth and /auth to /auth/signin, keeping the query', () => {
    expect(guard('/login', null)).toEqual(to('/auth'));
    expect(guard('/auth', null)).toEqual(to(SIGN_IN));
    expect(guard('/login?return_to=x', null)).toEqual(to('/auth?return_to=x'));
    expect(guard('/auth?return_to=x', null)).toEqual(to(`${SIGN_IN}?return_to=x`));
  });

  it.each(['/auth/signin', '/auth/signup', '/auth/recovery', '/auth/verify', '/auth/verify-recovery', '/auth/error'])('lets an anonymous user open %s', (path) => {
    expect(guard(path, null)).toEqual(NEXT);
  });

  it.each(['/login', '/auth', '/auth/signin', '/auth/signup', '/auth/recovery', '/auth/verify', '/auth/verify-recovery', '/auth/signin?return_to=%2Fplanner'])(
    'sends a signed-in, verified user on %s home',
    (path) => {
      expect(guard(path, customer)).toEqual(to('/'));
      expect(guard(path, noRole)).toEqual(to('/'));
    },
  );

  it('still lets a signed-in, verified user re-authenticate and see the error page', () => {
    expect(guard('/auth/signin?refresh=true', customer)).toEqual(NEXT);
    expect(guard('/auth/signin?flow=8b0e2f9c-2b7f-4b64-9d0e-0a4b7f4f0c11', customer)).toEqual(NEXT);
    expect(guard('/auth/error?id=abc', customer)).toEqual(NEXT);
  });

  it('does not take refresh=false or a flow on another screen as a re-authentication', () => {
    expect(guard('/auth/signin?refresh=false', customer)).toEqual(to('/'));
    expect(guard('/auth/signup?flow=abc', customer)).toEqual(to('/'));
    expect(guard('/auth/recovery?refresh=true', customer)).toEqual(to('/'));
  });

  it('lets an unverified user stay on the auth screens (they need /auth/verify)', () => {
    expect(guard('/auth/verify', unverified)).toEqual(NEXT);
    expect(guard('/auth/signin', unverified)).toEqual(NEXT);
    expect(guard('/login', unverified)).toEqual(to('/auth'));
  });

  it('is not fooled by paths that merely start like an auth path', () => {
    expect(isAuthPath('/authors')).toBe(false);
    expect(isAuthPath('/login-help')).toBe(false);
    expect(isAuthPath('/auth/')).toBe(true);
    expect(guard('/authors', null, false)).toEqual(to(SIGN_IN));
  });
});

describe('routeGuard, rule 2 (second half) and rule 4: nobody signed in', () => {
  it('sends an anonymous user on an unknown path to sign-in without return_to', () => {
    expect(guard('/no-such-page', null, false)).toEqual(to(SIGN_IN));
    expect(guard('/mission/abc?x=1', null, false)).toEqual(to(SIGN_IN));
  });

  it('sends an anonymous user on a known path to sign-in with return_to = the full URL', () => {
    expect(guard('/mission/12', null)).toEqual(to(`${SIGN_IN}?return_to=${encodeURIComponent(`${ORIGIN}/mission/12`)}`));
    expect(guard('/mission-list?page=2&q=a%20b', null)).toEqual(to(`${SIGN_IN}?return_to=${encodeURIComponent(`${ORIGIN}/mission-list?page=2&q=a%20b`)}`));
    expect(guard('/', null)).toEqual(to(signInWithReturnTo(`${ORIGIN}/`)));
    expect(guard('/profile', null)).toEqual(to(signInWithReturnTo(`${ORIGIN}/profile`)));
    expect(guard(ROLE_MISSING, null)).toEqual(to(signInWithReturnTo(`${ORIGIN}${ROLE_MISSING}`)));
  });

  it('return_to survives a round trip through the query string', () => {
    const decision = guard('/mission/12?tab=scans', null) as { to: string };
    expect(new URL(decision.to, ORIGIN).searchParams.get('return_to')).toBe(`${ORIGIN}/mission/12?tab=scans`);
  });
});

describe('routeGuard, rule 3: /logout', () => {
  it.each([null, customer, unverified, noRole])('signs out whoever asks (%p)', (session) => {
    expect(guard('/logout', session)).toEqual({ kind: 'logout' });
  });
});

describe('routeGuard, rules 5 and 6: unverified, then no role', () => {
  it('sends an unverified user to /auth/verify from any page', () => {
    for (const path of ['/', '/planner', '/mission/12', '/profile', ROLE_MISSING]) expect(guard(path, unverified)).toEqual(to(VERIFY));
    expect(guard('/nowhere', unverified, false)).toEqual(to(VERIFY));
  });

  it('checks verification before the role: unverified without a role goes to /auth/verify', () => {
    expect(guard('/planner', unverifiedNoRole)).toEqual(to(VERIFY));
    expect(guard('/', unverifiedNoRole)).toEqual(to(VERIFY));
  });

  it('sends a verified user without a role to /default-role-missing', () => {
    for (const path of ['/', '/planner', '/mission/12', '/mission-list-beta']) expect(guard(path, noRole)).toEqual(to(ROLE_MISSING));
    expect(guard('/nowhere', noRole, false)).toEqual(to(ROLE_MISSING));
  });

  it('lets a user without a role see /default-role-missing, /profile and /support', () => {
    expect(guard(ROLE_MISSING, noRole)).toEqual(NEXT);
    expect(guard('/profile', noRole)).toEqual(NEXT);
    // The menu shows them "Support", and someone waiting for a role is who needs it.
    expect(guard('/support?from=%2Fdefault-role-missing', noRole)).toEqual(NEXT);
  });

  it('sends a user who has a role away from /default-role-missing', () => {
    expect(guard(ROLE_MISSING, customer)).toEqual(to('/'));
  });
});

describe('routeGuard, rule 7: home', () => {
  it.each([
    [admin, '/mission-list-beta'],
    [advanced, '/mission-list-beta'],
    [{ verified: true, roles: ['customer', 'advanced'] }, '/mission-list-beta'],
  ])('sends %p from / to %s', (session, home) => {
    expect(guard('/', session)).toEqual(to(home));
  });

  // Their home follows the permission set (app/page.tsx, lib/shared/auth/home.ts): an external
  // user may not plan, so a fixed /planner would be a not-found page.
  it.each([customer, { verified: true, roles: ['operator'] }, { verified: true, roles: ['external'] }])('lets the root page pick the home of %p', (session) => {
    expect(guard('/', session)).toEqual(NEXT);
  });

  it('lets a signed-in user with a role through to every other page', () => {
    for (const path of ['/planner', '/mission/12', '/mission-list-beta', '/profile', '/mission/12/viewer']) expect(guard(path, customer)).toEqual(NEXT);
  });

  // Issue 20 item 9: a page's notFound() leaves the 404 page to the browser (an empty document
  // until scripts and stylesheets have loaded), so an address no route matches is decided here.
  it('sends an address no route matches to the not-found page, which the server renders', () => {
    expect(guard('/nowhere', customer, false)).toEqual({ kind: 'notFound' });
    expect(guard('/mission/abc', admin, false)).toEqual({ kind: 'notFound' });
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/mission/12', `${ORIGIN}/mission/12`],
    ['/mission/12?tab=scans#top', `${ORIGIN}/mission/12?tab=scans#top`],
    [`${ORIGIN}/planner`, `${ORIGIN}/planner`],
    ['planner', `${ORIGIN}/planner`],
  ])('accepts %s on our own host', (value, expected) => {
    expect(safeReturnTo(value, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://evil.example/mission/12',
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'http://localhost:3000@evil.com/',
    'http://localhost:3001/planner',
    'http://localhost.evil.com:3000/',
    'ftp://localhost:3000/',
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value, ORIGIN)).toBeNull();
  });

  it.each([null, undefined, '', 'http://[::1'])('refuses the empty or unparsable value %p', (value) => {
    expect(safeReturnTo(value, ORIGIN)).toBeNull();
  });
});
