import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const codes = (catalogue: typeof en) => (catalogue as unknown as { auth: { kratosCodes: Record<string, string> } }).auth.kratosCodes;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe('auth.kratosCodes', () => {
  // Every message id our identity service can emit (identity/ui/text.ts) has a text in both languages.
  const source = readFileSync(join(process.cwd(), 'identity/ui/text.ts'), 'utf8');
  const emitted = [...new Set([...source.matchAll(/\b(?:info|error)\((\d{7})\b|\bid: (\d{7})\b/g)].map((m) => m[1] ?? m[2]))];

  it('finds the ids the service emits', () => {
    expect(emitted.length).toBeGreaterThan(40);
  });

  it.each(emitted)('has English and German texts for %s', (id) => {
    expect(codes(en)[id!]).toBeTruthy();
    expect(codes(de)[id!]).toBeTruthy();
  });

  it('uses the same placeholders in both languages', () => {
    for (const [id, text] of Object.entries(codes(en))) expect([id, placeholders(codes(de)[id]!)]).toEqual([id, placeholders(text)]);
  });
});

describe('auth fallbacks (spec §8)', () => {
  const fallback = (en as unknown as { auth: { fallback: Record<string, string> } }).auth.fallback;

  it('exist for each action, the profile ones with the exact texts', () => {
    for (const action of ['loginFlowInit', 'passwordLogin', 'oidcLogin', 'logout', 'sessionFetch', 'settingsFlowInit', 'settingsFlowGet', 'profileUpdate', 'passwordUpdate', 'link', 'unlink']) {
      expect(fallback[action]).toBeTruthy();
    }
    expect(fallback).toMatchObject({
      sessionFetch: 'Failed to fetch session status',
      settingsFlowInit: 'Failed to initialize settings flow! Please contact the support team for further assistance.',
      settingsFlowGet: 'Failed to get the settings flow. Please try again.',
      passwordUpdate: 'Password update failed! Please try again.',
      profileUpdate: 'Profile update failed! Please try again.',
    });
  });
});
