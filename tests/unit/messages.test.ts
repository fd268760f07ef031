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

  // docs/glossary-de.md: the mission is "Mission"; "Auftrag" only where English says "order".
  it('call the mission "Mission" in German, and "Auftrag" only the order', () => {
    const text = (obj: object, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], obj) as string;
    const misnamed = keys(de).filter((k) => /Auftr[aä]g(?!sbestätigung|sreferenz)/.test(text(de, k)) && !/\border/i.test(text(en, k)));
    expect(misnamed).toEqual([]);
  });

  // docs/glossary-de.md: one word for each thing; these are the words it rules out.
  it('use none of the German words the glossary rules out', () => {
    const ruledOut = new RegExp(
      [
        /Unternehmen|Datens[aä]tz|\bNutzer|Unkenntlichmachung|Verpixelungshinweis/.source,
        // floor: Geschoss; tour: Rundgang; approve: genehmigen ("Freigabe" is a share).
        /Etage|\bTour|[Ff]reige(geb|b)/.source,
        // unsync: "aus der Cloud entfernen".
        /Synchronisierung[^.!?]*auf(heben|gehoben)|Aufheben der Synchronisierung|[Aa]us der Cloud (nehmen|genommen)|Herausnehmen|Cloud-Kopie (löschen|entfernen)|Entfernen der Cloud-Kopie/.source,
      ].join('|'),
    );
    const text = (key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], de) as string;
    expect(keys(de).filter((k) => ruledOut.test(text(k))).map((k) => `${k}: ${text(k)}`)).toEqual([]);
  });
});
