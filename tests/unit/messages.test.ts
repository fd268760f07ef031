import en from '@/messages/en.json';
import de from '@/messages/de.json';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('message catalogues', () => {
  it('have the same keys in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('have no empty texts', () => {
    const empty = (obj: object) => keys(obj).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], obj) === '');
    expect(empty(en)).toEqual([]);
    expect(empty(de)).toEqual([]);
  });
});
