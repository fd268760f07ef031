import { useTranslations } from 'next-intl';
import type { SupportContact as Contact } from '@/lib/shared/schemas/support';

/**
 * Support's e-mail and phone as links, one line each: on the support view, and on the confirmation
 * view when a link no longer works (whom to ask for a new one).
 */
export function SupportContact({ contact, className }: { contact: Contact; className?: string }) {
  const t = useTranslations('support');
  return (
    <>
      <p className={className}>
        {t('email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </p>
      {contact.phone && (
        <p className={className}>
          {t('phone')}: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
        </p>
      )}
    </>
  );
}
