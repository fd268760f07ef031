import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from '@/lib/shared/countries';
import { parseEnv } from '@/lib/server/env-schema';
import { companyFields } from '@/lib/shared/schemas/company';
import { CUSTOMER_NAME_MIN_LENGTH, customerFields } from '@/lib/shared/schemas/customer';

describe('country list', () => {
  it('holds the 249 assigned ISO 3166-1 alpha-2 codes and no reserved ones', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of ['DE', 'AT', 'CH', 'US', 'GB', 'SS', 'BQ']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['EU', 'UK', 'XK', 'ZZ', 'de']) expect(isCountryCode(code)).toBe(false);
  });

  it('names countries in the user language and sorts them as that language does', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'en')).toBe('Germany');
    const names = countryOptions('de').map((o) => o.name);
    expect(names).toHaveLength(249);
    expect(names.indexOf('Österreich')).toBeGreaterThan(names.indexOf('Oman'));
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Pakistan'));
  });
});

describe('center schemas', () => {
  it('country: any case in, upper case out; empty is required; unknown is refused', () => {
    const base = { name: 'X', type: 'customer' };
    expect(companyFields.parse({ ...base, country: ' at ' }).country).toBe('AT');
    expect(companyFields.safeParse({ ...base, country: '' }).error!.issues[0]!.message).toBe('validation.required');
    expect(companyFields.safeParse({ ...base, country: 'EU' }).error!.issues[0]!.message).toBe('countries.unknown');
  });

  it('parsing the output again gives the same output (form values go to the server as they are)', () => {
    const once = companyFields.parse({ name: ' A ', type: 'partner', contactEmail: 'A@B.example.com', phone: '', country: 'de' });
    expect(companyFields.parse(once)).toEqual(once);
    const customer = customerFields(3).parse({ name: 'Kunde', companyId: 1, accountType: 'private', customerNumber: null, parentId: null, country: '' });
    expect(customerFields(3).parse(customer)).toEqual(customer);
  });

  it('the customer name minimum is CUSTOMER_NAME_MIN_LENGTH, default 3, at least 1', () => {
    expect(parseEnv({}).CUSTOMER_NAME_MIN_LENGTH).toBe(CUSTOMER_NAME_MIN_LENGTH);
    expect(parseEnv({ CUSTOMER_NAME_MIN_LENGTH: '6' }).CUSTOMER_NAME_MIN_LENGTH).toBe(6);
    expect(() => parseEnv({ CUSTOMER_NAME_MIN_LENGTH: '0' })).toThrow(/CUSTOMER_NAME_MIN_LENGTH/);
    const at = (min: number, name: string) => customerFields(min).safeParse({ name, companyId: 1, accountType: 'business' }).error?.issues.map((i) => i.message);
    expect(at(6, 'Kunde')).toEqual(['validation.minLength?min=6']);
    expect(at(6, 'Kunde1')).toBeUndefined();
    expect(at(3, '  ')).toEqual(['validation.required']);
  });
});
