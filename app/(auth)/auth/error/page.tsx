import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { firstParam, loadFlowError, type FlowSearchParams } from '@/lib/server/identity/flows';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('authError');

// spec §2 auth error screen: the identity service's stored error (GET /self-service/errors?id=), translated by id.
export default async function AuthErrorPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const error = await loadFlowError(firstParam((await searchParams).id));
  const t = await getTranslations('auth');
  const known = error?.id && t.has(`errors.${error.id}`) ? t(`errors.${error.id}` as 'unknown_error') : undefined;
  const text = known ?? error?.reason ?? error?.message ?? t('unknown_error');
  return (
    <AuthCard title={t('error.title')}>
      <p role="alert" data-error-id={error?.id}>
        {text}
      </p>
      <Link href="/auth/signin">{t('error.backToSignIn')}</Link>
    </AuthCard>
  );
}
