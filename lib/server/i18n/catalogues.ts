import 'server-only';
import type { Locale } from '@/lib/shared/locale';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

/**
 * Both message catalogues, for what the server writes in a language of its own choosing rather
 * than the request's: exported tables and PDFs, the panelizer's files, the offline tour.
 * (The two files have the same keys: tests/unit/messages.test.ts.)
 */
export const CATALOGUES: Record<Locale, typeof en> = { en, de };
