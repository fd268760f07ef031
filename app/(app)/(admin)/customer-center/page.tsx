import { CustomerCenterView } from '@/components/admin/customers/customer-center-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { loadCustomerCenter, type SearchParams } from './load-customer-center';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('customerCenter');

/** spec §2 /customer-center. */
async function CustomerCenterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CustomerCenterView {...await loadCustomerCenter(await searchParams)} />;
}

export default withAccessViews(CustomerCenterPage);
