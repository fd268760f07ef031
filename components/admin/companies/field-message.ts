'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { translateIssue, type Translate } from '@/lib/shared/validation/issue';

/**
 * The display text of a field error from the shared schemas or the server: encoded validation
 * issues (validation.*) and our own keys (admin.*, countries.*) are translated; anything else
 * (a message from elsewhere) is shown as it is.
 */
export function useFieldMessage() {
  const t = useTranslations();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      if (message.startsWith('validation.')) return translateIssue(t as unknown as Translate, message);
      if ((message.startsWith('admin.') || message.startsWith('countries.')) && t.has(message as never)) return t(message as never);
      return message;
    },
    [t],
  );
}
