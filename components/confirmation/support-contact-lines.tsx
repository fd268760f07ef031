import { useTranslations } from 'next-intl';
import type { SupportContact } from '@/lib/shared/schemas/support';

/** Whom a customer holding a link that no longer works can ask for a new one: support's e-mail and phone. */
export function SupportContactLines({ contact }: { contact: SupportContact }) {
  const t = useTranslations('support');
  return (
    <p>
      {t('email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
      {contact.phone && (
        <>
          <br />
          {t('phone')}: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
        </>
      )}
    </p>
  );
}
