import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/signin-form';
import { StoreReturnTo } from '@/components/auth/store-return-to';
import { firstParam, loadFlow, type FlowSearchParams } from '@/lib/server/identity/flows';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('signin');

// spec §2 /auth/signin, titled welcome.
export default async function SignInPage({ searchParams }: { searchParams: Promise<FlowSearchParams> }) {
  const params = await searchParams;
  const flow = await loadFlow('login', params);
  const t = await getTranslations('auth.signin');
  const returnTo = firstParam(params.return_to) ?? flow.return_to;
  return (
    <AuthCard title={t('title')} intro={t('intro')}>
      <StoreReturnTo value={returnTo} />
      <SignInForm flow={flow} returnTo={returnTo} />
    </AuthCard>
  );
}
