import { normalizeTraits, validateTraits } from '@/identity/identities/schema';

const traits = (first: string, last = 'Muster', email = 'erika@example.com') => ({ email, name: { first, last } });
const ids = (value: unknown) => validateTraits(value).map((e) => [e.field, e.message.id]);

describe('identity traits (issue 20: names of spaces, six-letter e-mail endings)', () => {
  it('refuses a name made only of spaces, like a missing one', () => {
    expect(ids(traits('   '))).toEqual([['traits.name.first', 4000002]]);
    expect(ids(traits('Erika', '\t '))).toEqual([['traits.name.last', 4000002]]);
  });

  it('accepts a real name and trims it when storing', () => {
    expect(ids(traits(' Erika '))).toEqual([]);
    expect(normalizeTraits(traits(' Erika ', 'Muster '))).toEqual(traits('Erika', 'Muster'));
  });

  it('follows spec §5 for e-mail: an ending of 2 to 4 characters', () => {
    expect(ids(traits('Erika', 'Muster', 'erika@example.de'))).toEqual([]);
    expect(ids(traits('Erika', 'Muster', 'erika@example.info'))).toEqual([]);
    expect(ids(traits('Erika', 'Muster', 'erika@example.museum'))).toEqual([['traits.email', 4000040]]);
    expect(ids(traits('Erika', 'Muster', 'erika@example'))).toEqual([['traits.email', 4000040]]);
  });
});
