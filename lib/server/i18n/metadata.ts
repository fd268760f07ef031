import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** Spec §2 page title: the product name plus the translated view title (with the id on mission pages). */
export async function viewMetadata(view: string, values?: Record<string, string | number>): Promise<Metadata> {
  const t = await getTranslations();
  return { title: `${t('app.name')} | ${t(`views.${view}`, values)}` };
}
