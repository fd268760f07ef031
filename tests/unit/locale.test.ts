/** @jest-environment node */
import { negotiateLocale } from '@/lib/shared/locale';

describe('negotiateLocale', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.8', 'de'],
    ['fr-FR,it', 'en'],
    ['en;q=0.5,de;q=0.9', 'de'],
    ['DE-at', 'de'],
    ['de;q=0,en', 'en'],
  ])('%p → %p', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
