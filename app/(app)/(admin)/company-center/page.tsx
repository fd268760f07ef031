import { CompanyCenterView } from '@/components/admin/companies/company-center-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { loadCompanyCenter, type SearchParams } from './load-company-center';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('companyCenter');

/** spec §2 /company-center. */
async function CompanyCenterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { query, page } = await loadCompanyCenter(await searchParams);
  return <CompanyCenterView query={query} page={page} />;
}

export default withAccessViews(CompanyCenterPage);
