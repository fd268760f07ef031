'use client';

import { pickers } from '@/lib/client/api/pickers';
import { useEndpoint } from '@/lib/client/api/use-endpoint';

/**
 * The customers a customer of `companyId` may hang under: the company's top-level customers
 * (sub-customers have no sub-customers of their own), without the customer itself.
 */
export function useParentOptions(companyId: number | undefined, selfId?: number) {
  const { data, error, isLoading } = useEndpoint(pickers.listCustomers, companyId ? { query: { companyId, limit: 500 } } : null);
  const options = (data?.items ?? []).filter((c) => c.parentId === null && c.id !== selfId && c.companyId === companyId);
  return { options, failed: Boolean(error), loading: isLoading };
}
