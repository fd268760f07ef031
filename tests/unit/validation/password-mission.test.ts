/** @jest-environment node */
import { missionName } from '@/lib/shared/validation/mission';
import { password, passwordIssues, passwordRepeat } from '@/lib/shared/validation/password';

describe('password rule', () => {
  it('accepts ≥ 8 characters with upper, lower, digit and one of @ $ ! % * ? &', () => {
    for (const special of '@$!%*?&') expect(password(`Abcdef1${special}`)).toBeNull();
  });
  it.each([
    ['Abcde1@', 'validation.password.minLength'],
    ['abcdef1@', 'validation.password.uppercase'],
    ['ABCDEF1@', 'validation.password.lowercase'],
    ['Abcdefg@', 'validation.password.digit'],
    ['Abcdefg1', 'validation.password.special'],
    ['Abcdefg1#', 'validation.password.special'],
  ])('%s fails with %s', (value, key) => {
    expect(password(value)?.key).toBe(key);
  });
  it('lists every unmet requirement in order, with the values the messages need', () => {
    expect(passwordIssues('abc')).toEqual([
      { key: 'validation.password.minLength', values: { min: 8 } },
      { key: 'validation.password.uppercase' },
      { key: 'validation.password.digit' },
      { key: 'validation.password.special', values: { characters: '@$!%*?&' } },
    ]);
  });
  it('the repeat must match exactly', () => {
    expect(passwordRepeat('Abcdef1@', 'Abcdef1@')).toBeNull();
    expect(passwordRepeat('Abcdef1@ ', 'Abcdef1@')).toEqual({ key: 'validation.password.mismatch' });
  });
});

describe('mission name', () => {
  const normal = missionName({ isBuildingMaterialsPartner: false });
  const partner = missionName({ isBuildingMaterialsPartner: true });
  it('needs at least 5 characters for every company', () => {
    expect(normal('Main')).toEqual({ key: 'validation.minLength', values: { min: 5 } });
    expect(partner('main')).toEqual({ key: 'validation.minLength', values: { min: 5 } });
    expect(normal('  Main  ')).not.toBeNull();
    expect(normal('Main St. 5')).toBeNull();
  });
  it('allows only lowercase letters and underscores for the building-materials partner', () => {
    expect(partner('main_street')).toBeNull();
    for (const name of ['Main_street', 'main street', 'main-street', 'main_street_5', 'straße_eins']) {
      expect(partner(name)).toEqual({ key: 'validation.missionName.pattern' });
    }
  });
  it('does not restrict the characters of other companies', () => {
    expect(normal('Main Street 5 – Nord')).toBeNull();
  });
});
