import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/platform/client-messages';
import { ConfirmationView } from '@/components/confirmation/confirmation-view';
import { InvalidConfirmation } from '@/components/confirmation/invalid-confirmation';
import { SupportContact } from '@/components/support/support-contact';
import { getConfirmation } from '@/lib/server/confirmations/confirm-by-token';
import { systemContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import { answerStatus } from '@/lib/server/pages/page-status';
import { supportContact } from '@/lib/server/support/send-support-request';
import { PUBLIC_VIEWS, withAccessViews } from '@/app/access-views';

type Props = { params: Promise<{ token: string }> };

export const dynamic = 'force-dynamic';

async function load(token: string) {
  try {
    return await getConfirmation(systemContext(), token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

/** A confirmation link is private to its recipient: never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: `${t('app.name')} | ${t('views.confirmation')}`, robots: { index: false, follow: false } };
}

/**
 * /confirm/{token}: the confirmation view (issue 20 point 5). Opening the link shows what is asked
 * and changes nothing; the button confirms. Any /confirm/<token> comes here (lib/shared/routes.ts),
 * also one of the wrong length: an unknown link is answered 404 with the view's own message.
 */
async function ConfirmationPage({ params }: Props) {
  const { token } = await params;
  const confirmation = await load(token);
  if (!confirmation) {
    answerStatus(404);
    return <InvalidConfirmation contact={supportContact()} />;
  }
  return (
    <ClientMessages area="confirmation">
      <ConfirmationView token={token} initial={confirmation} contact={<SupportContact contact={supportContact()} />} />
    </ClientMessages>
  );
}

export default withAccessViews(ConfirmationPage, PUBLIC_VIEWS);
