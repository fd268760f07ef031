'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

/** What a route group's error boundary shows: the translated internal error and a retry. */
export function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  useEffect(() => console.error(error), [error]);
  return (
    <section role="alert" style={{ maxWidth: 560, margin: '10vh auto', textAlign: 'center' }}>
      <h1>{t('internal')}</h1>
      {error.digest && <p>{t('reference', { id: error.digest })}</p>}
      <button type="button" onClick={reset}>
        {t('retry')}
      </button>
    </section>
  );
}
