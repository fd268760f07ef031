import { createTranslator } from 'use-intl/core';
import compile from 'icu-minify/compile';
import { precompiled } from '@/lib/i18n/precompile';
import { AREA_NAMESPACES, SHARED_NAMESPACES } from '@/lib/i18n/client-namespaces';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

/*
 * The browser formats precompiled messages with use-intl's format-only formatter (next.config.mjs
 * aliases it; lib/i18n/precompile.ts compiles what ClientMessages sends). Every message the
 * browser gets must read exactly as the full ICU formatter writes it, in both languages, for
 * every branch of its plurals.
 */

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Create = (config: { locale: string; messages: Record<string, unknown>; timeZone: string; onError: (e: Error) => void }) => Translate;

let createFormatOnlyTranslator: Create;
jest.isolateModules(() => {
  jest.doMock('use-intl/format-message', () => jest.requireActual('use-intl/format-message/format-only'));
  createFormatOnlyTranslator = (jest.requireActual('use-intl/core') as { createTranslator: Create }).createTranslator;
});

// An area may name a sub-tree (`tours.viewer`): its namespace is compared whole.
const NAMESPACES = [...new Set<string>([...SHARED_NAMESPACES, ...Object.values(AREA_NAMESPACES).flat()].map((n) => n.split('.')[0]!))];

type Node = string | number | [string, ...unknown[]];
type Arg = { name: string; kind: 'text' | 'number' | 'plural' | 'date' | 'time'; cases: string[] };

/** The arguments a compiled message takes (icu-minify's node types: 2 plural, 3 ordinal, 4 number, 5 date, 6 time). */
function argsOf(message: unknown, into = new Map<string, Arg>()): Map<string, Arg> {
  if (!Array.isArray(message)) return into;
  for (const node of message as Node[]) {
    if (!Array.isArray(node)) continue;
    const [name, type, options] = node;
    const kind = type === undefined ? 'text' : type === 2 || type === 3 ? 'plural' : type === 4 ? 'number' : type === 5 ? 'date' : type === 6 ? 'time' : 'text';
    const cases = kind === 'plural' ? Object.keys(options as object) : [];
    const known = into.get(name);
    into.set(name, { name, kind: known?.kind === 'plural' ? 'plural' : kind, cases: [...(known?.cases ?? []), ...cases] });
    if (kind === 'plural') for (const branch of Object.values(options as Record<string, unknown>)) argsOf(branch, into);
  }
  return into;
}

const sample = (arg: Arg, count: number): unknown =>
  arg.kind === 'text' ? `‹${arg.name}›` : arg.kind === 'date' || arg.kind === 'time' ? new Date(Date.UTC(2026, 10, 26, 14, 5)) : arg.kind === 'number' ? 1234.5 : count;

/** One set of values per plural count worth trying: each explicit `=n` case, then one, few, many and other. */
function valueSets(args: Map<string, Arg>): Record<string, unknown>[] {
  const counts = new Set<number>([1, 2, 5, 21]);
  for (const arg of args.values()) for (const c of arg.cases) if (c.startsWith('=')) counts.add(Number(c.slice(1)));
  return [...counts].map((count) => Object.fromEntries([...args.values()].map((arg) => [arg.name, sample(arg, count)])));
}

function leaves(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Record<string, unknown>, `${prefix}${key}.`)));
}

describe.each([['en', en], ['de', de]] as const)('precompiled client messages (%s)', (locale, catalogue) => {
  const raw = Object.fromEntries(NAMESPACES.map((n) => [n, (catalogue as Record<string, unknown>)[n]]));
  const errors: Error[] = [];
  const onError = (e: Error) => errors.push(e);
  const full = (createTranslator as unknown as Create)({ locale, messages: raw, timeZone: 'Europe/Berlin', onError });
  const small = createFormatOnlyTranslator({ locale, messages: precompiled(raw), timeZone: 'Europe/Berlin', onError });

  it('read exactly as the full formatter writes them, for every plural branch', () => {
    let compared = 0;
    for (const [key, text] of leaves(raw)) {
      for (const values of valueSets(argsOf(compile(text)))) {
        expect([key, small(key, values)]).toEqual([key, full(key, values)]);
        compared += 1;
      }
    }
    expect(errors).toEqual([]);
    // Every client namespace was compared (the catalogue has well over a thousand of them).
    expect(compared).toBeGreaterThan(1000);
  });

  it('compiles each namespace once and hands the same object to every request', () => {
    expect(precompiled(raw).missions).toBe(precompiled(raw).missions);
  });
});
