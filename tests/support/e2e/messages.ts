import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };
const load = (locale: 'en' | 'de') => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'messages', `${locale}.json`), 'utf8')) as Tree;

const straight = (s: string) => s.replace(/[\u2018\u2019]/g, "'");

function findPath(tree: Tree, text: string, path: string[] = []): string[] | null {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      if (straight(value) === straight(text)) return [...path, key];
    } else {
      const found = findPath(value, text, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The German text of the message whose English text is `english` (the spec's wording), read from
 * messages/*.json, so a test can check both languages without repeating the translation.
 */
export function germanFor(english: string): { en: string; de: string } {
  const en = load('en');
  const path = findPath(en, english);
  if (!path) throw new Error(`no message in messages/en.json reads "${english}"`);
  const de = path.reduce<string | Tree>((node, key) => (node as Tree)[key]!, load('de'));
  if (typeof de !== 'string') throw new Error(`messages/de.json lacks ${path.join('.')}`);
  return { en: path.reduce<string | Tree>((node, key) => (node as Tree)[key]!, en) as string, de };
}

/** A message by its key path ('menu.planner') in one locale. */
export function message(locale: 'en' | 'de', key: string): string {
  const value = key.split('.').reduce<string | Tree | undefined>((node, k) => (node as Tree | undefined)?.[k], load(locale));
  if (typeof value !== 'string') throw new Error(`messages/${locale}.json lacks ${key}`);
  return value;
}
