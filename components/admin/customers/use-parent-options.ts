'use client';

import useSWR from 'swr';
import { swrFetcher } from '@/lib/client/fetcher';
import type { CustomerItem } from '@/lib/shared/schemas/pickers';

/**
 * The customers a customer of `companyId` may hang under: the company's top-level customers
 * (sub-customers have no sub-customers of their own), without the customer itself.
 */
export function useParentOptions(companyId: number | undefined, selfId?: number) {
  const { data, error, isLoading } = useSWR<{ items: CustomerItem[] }>(companyId ? `/api/v2/customers?companyId=${companyId}&limit=500` : null, swrFetcher);
  const options = (data?.items ?? []).filter((c) => c.parentId === null && c.id !== selfId && c.companyId === companyId);
  return { options, failed: Boolean(error), loading: isLoading };
}
