import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const catalogues = { en, de };

/** Renders inside next-intl with the real catalogues, so tests see the texts users see. */
export function renderWithIntl(ui: ReactNode, { locale = 'en', ...options }: { locale?: 'en' | 'de' } & Omit<RenderOptions, 'wrapper'> = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Europe/Berlin">
      {children}
    </NextIntlClientProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
