import 'server-only';
import { createHash } from 'node:crypto';
import type { Locale } from '@/lib/shared/locale';
import { AREA_NAMESPACES, areaMessages, clientMessages, type Area } from './client-namespaces';
import { registerCatalogue } from './catalogue-registry';
import { precompiled } from './precompile';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

/**
 * The client components' messages as files of their own (`/i18n/{locale}/{part}.{hash}.json`)
 * instead of inside every page: the root layout's shared namespaces and each area's (see
 * client-namespaces.ts). A page names its parts' files; the browser fetches each once and keeps
 * it (the name changes with the content), and the server renders its HTML with the same messages
 * from memory (catalogue-registry.ts). Inlined, they were 15–40 kB of every page's HTML and of
 * every client-side navigation's payload, serialized by React value by value on each render.
 */
export type CataloguePart = 'shared' | Area;

const CATALOGUES: Record<Locale, Record<string, unknown>> = { en, de };

export const isCataloguePart = (value: string): value is CataloguePart => value === 'shared' || Object.hasOwn(AREA_NAMESPACES, value);

export interface Catalogue {
  src: string;
  /** The compiled messages (precompile.ts), as the browser gets them. */
  messages: Record<string, unknown>;
  json: string;
}

const made = new WeakMap<Record<string, unknown>, Map<CataloguePart, Catalogue>>();

/**
 * A part of a locale's client messages: its file name and content, made once per process and
 * catalogue object. `messages` is the locale's catalogue (the request's, or the bundled one).
 */
export function clientCatalogue(locale: Locale, part: CataloguePart, messages: Record<string, unknown> = CATALOGUES[locale]): Catalogue {
  let parts = made.get(messages);
  if (!parts) made.set(messages, (parts = new Map()));
  let catalogue = parts.get(part);
  if (!catalogue) {
    const compiled = precompiled(part === 'shared' ? clientMessages(messages) : areaMessages(messages, part));
    const json = JSON.stringify(compiled);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    parts.set(part, (catalogue = { src: `/i18n/${locale}/${part}.${hash}.json`, messages: compiled, json }));
    registerCatalogue(catalogue.src, compiled);
  }
  return catalogue;
}
