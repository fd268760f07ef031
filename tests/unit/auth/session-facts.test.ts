/** @jest-environment node */
import type { Session } from '@ory/client-fetch';
import { isVerified, rolesOf, sessionFacts } from '@/lib/shared/auth/session-facts';

const ID = '0b9a7f86-7f8f-4b8e-9d4a-2f0f2c1d7e31';

function session(overrides: { metadata?: unknown; traits?: unknown; addresses?: { value: string; verified: boolean }[] } = {}): Session {
  return {
    id: 's1',
    identity: {
      id: ID,
      schema_id: 'default',
      schema_url: '',
      traits: overrides.traits ?? { email: 'erika@example.com', name: { first: 'Erika', last: 'Muster' } },
      metadata_public: overrides.metadata as object,
      verifiable_addresses: (overrides.addresses ?? [{ value: 'erika@example.com', verified: true }]).map((a, i) => ({
        id: `a${i}`,
        value: a.value,
        verified: a.verified,
        via: 'email',
        status: a.verified ? 'completed' : 'pending',
      })),
    },
  } as Session;
}

describe('rolesOf (spec §6: roles in metadata_public)', () => {
  it('reads the list `roles`', () => {
    expect(rolesOf({ roles: ['admin', 'customer'] })).toEqual(['admin', 'customer']);
  });

  it('reads the single `role`', () => {
    expect(rolesOf({ role: 'operator' })).toEqual(['operator']);
  });

  it('takes both together, without duplicates', () => {
    expect(rolesOf({ role: 'customer', roles: ['external', 'customer'] }).sort()).toEqual(['customer', 'external']);
  });

  it('ignores what is not a non-empty string, and trims', () => {
    expect(rolesOf({ role: 42, roles: ['', '  ', null, 7, { admin: true }, ' advanced '] })).toEqual(['advanced']);
    expect(rolesOf({ roles: 'admin' })).toEqual([]);
  });

  it.each([undefined, null, {}, 'admin', []])('is empty for metadata %p', (metadata) => {
    expect(rolesOf(metadata)).toEqual([]);
  });
});

describe('isVerified (spec §4: the FIRST verifiable address)', () => {
  it('is true when the first address is verified', () => {
    expect(isVerified(session({ addresses: [{ value: 'a@example.com', verified: true }] }))).toBe(true);
  });

  it('is false when the first address is not verified, even if a later one is', () => {
    expect(isVerified(session({ addresses: [{ value: 'a@example.com', verified: false }, { value: 'b@example.com', verified: true }] }))).toBe(false);
  });

  it('is true when the first is verified and a later one is not', () => {
    expect(isVerified(session({ addresses: [{ value: 'a@example.com', verified: true }, { value: 'b@example.com', verified: false }] }))).toBe(true);
  });

  it('is false without any verifiable address or identity', () => {
    expect(isVerified(session({ addresses: [] }))).toBe(false);
    expect(isVerified({ identity: undefined })).toBe(false);
  });
});

describe('sessionFacts', () => {
  it('collects identity, e-mail, roles, customer number and uuid, verification', () => {
    const uuid = '5f1c6a0e-8d0e-4d6b-9a7e-1b2c3d4e5f60';
    expect(sessionFacts(session({ metadata: { roles: ['customer'], customerID: 6, customer_uuid: uuid } }))).toEqual({
      identityId: ID,
      email: 'erika@example.com',
      roles: ['customer'],
      customerNumber: 6,
      customerUuid: uuid,
      verified: true,
    });
  });

  it('accepts a numeric string as the customer number', () => {
    expect(sessionFacts(session({ metadata: { customerID: '14' } })).customerNumber).toBe(14);
  });

  it.each([undefined, null, 'abc', 6.5, '', true])('has no customer number for customerID %p', (customerID) => {
    const facts = sessionFacts(session({ metadata: { customerID } }));
    // '' and true would become 0 and 1 through Number(): a customer number must not be invented.
    expect(facts.customerNumber).toBeNull();
  });

  it('ignores a customer_uuid that is not a UUID', () => {
    expect(sessionFacts(session({ metadata: { customer_uuid: 'not-a-uuid' } })).customerUuid).toBeNull();
  });

  it('has no e-mail when the traits carry none, and no roles without metadata', () => {
    const facts = sessionFacts(session({ traits: {}, metadata: undefined, addresses: [{ value: 'x@example.com', verified: false }] }));
    expect(facts).toMatchObject({ email: null, roles: [], customerNumber: null, customerUuid: null, verified: false });
  });
});
