import { successMessageKey } from '@/components/profile/profile-messages';
import { csrfTokenOf, fieldErrors, nestDotted, providerState, traitNodes } from '@/components/profile/settings-flow';
import { settingsFlow, withFieldError } from './settings-flow-fixture';

describe('settings flow helpers', () => {
  it('reads the Microsoft account state from the oidc group (spec §4 linked/unlinked)', () => {
    expect(providerState(settingsFlow({ microsoft: 'linked' }))).toBe('linked');
    expect(providerState(settingsFlow({ microsoft: 'unlinked' }))).toBe('unlinked');
    expect(providerState(settingsFlow({ microsoft: 'none' }))).toBeNull();
    expect(providerState(settingsFlow({ microsoft: 'linked' }), 'google')).toBeNull();
  });

  it('finds the CSRF token, the trait inputs and field errors', () => {
    const flow = withFieldError(settingsFlow(), 'traits.name.first', 4000002, 'Property first is missing.', { property: 'first' });
    expect(csrfTokenOf(flow)).toBe('csrf-of-flow-1');
    expect(traitNodes(flow).map((n) => n.attributes.name)).toEqual(['traits.email', 'traits.name.first', 'traits.name.last']);
    expect(fieldErrors(flow, 'traits.name.first').map((m) => m.id)).toEqual([4000002]);
    expect(fieldErrors(flow, 'traits.name.last')).toEqual([]);
  });

  it('nests dotted form names as the identity service reads traits, ignoring prototype keys', () => {
    const nested = nestDotted([
      ['traits.email', 'a@example.com'],
      ['traits.name.first', 'Ada'],
      ['traits.name.last', 'Lovelace'],
      ['traits.__proto__.polluted', 'yes'],
    ]);
    expect(nested).toEqual({ traits: { email: 'a@example.com', name: { first: 'Ada', last: 'Lovelace' } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the success message of the change a flow in state success saved', () => {
    expect(successMessageKey(settingsFlow({ state: 'success', active: 'profile' }))).toBe('messages.profileUpdated');
    expect(successMessageKey(settingsFlow({ state: 'success', active: 'password' }))).toBe('messages.passwordUpdated');
    expect(successMessageKey(settingsFlow({ state: 'success', active: 'oidc', microsoft: 'linked' }))).toBe('messages.linked');
    expect(successMessageKey(settingsFlow({ state: 'success', active: 'oidc', microsoft: 'unlinked' }))).toBe('messages.unlinked');
    expect(successMessageKey(settingsFlow({ state: 'show_form', active: 'profile' }))).toBeNull();
  });
});
