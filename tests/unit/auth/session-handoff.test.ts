/** @jest-environment node */
import type { Session } from '@ory/client-fetch';
import { HANDOFF_TTL_MS, openSession, sealSession } from '@/lib/server/identity/session-handoff';

// The signed hand-off of the route guard's session check (issue 20 point 7): what makes one valid.
const session = { id: 's1', active: true, identity: { id: 'i1', traits: { name: { first: 'Jürgen' } } } } as unknown as Session;
const cookie = 'ory_kratos_session=abc';
const now = 1_800_000_000_000;

it('opens what it sealed, for the same cookies, names with umlauts included', () => {
  const value = sealSession(session, cookie, now);
  expect(value).toMatch(/^[\x21-\x7e]+$/);
  expect(openSession(value, cookie, now + 1000)).toEqual({ session });
  expect(openSession(sealSession(null, cookie, now), cookie, now)).toEqual({ session: null });
});

it('is useless after its short expiry, for other cookies, or without cookies', () => {
  const value = sealSession(session, cookie, now);
  expect(openSession(value, cookie, now + HANDOFF_TTL_MS + 1)).toBeUndefined();
  expect(openSession(value, 'ory_kratos_session=other', now)).toBeUndefined();
  expect(openSession(value, null, now)).toBeUndefined();
});

it('refuses an expiry moved later, a changed session and shapes it never makes', () => {
  const [expires, payload, signature] = sealSession(session, cookie, now).split('.') as [string, string, string];
  expect(openSession(`${Number(expires) + 1}.${payload}.${signature}`, cookie, now)).toBeUndefined();
  expect(openSession(`${expires}.${Buffer.from('{"id":"s2"}').toString('base64url')}.${signature}`, cookie, now)).toBeUndefined();
  expect(openSession(`${now + 10 * HANDOFF_TTL_MS}.${payload}.${signature}`, cookie, now)).toBeUndefined();
  for (const odd of ['', 'a.b', 'a.b.c.d', `x.${payload}.${signature}`]) expect(openSession(odd, cookie, now)).toBeUndefined();
});
