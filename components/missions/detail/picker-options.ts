'use client';

import useSWR from 'swr';
import { pickers } from '@/lib/client/api/pickers';
import { swrFetcher } from '@/lib/client/fetcher';
import type { CompanyItem, CustomerItem, UserItem } from '@/lib/shared/schemas/pickers';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import type { FieldKind } from './field-kinds';

export interface Option {
  value: string;
  label: string;
}

/**
 * Choices of a reference field, from the picker endpoints (scoped on the server to what the user
 * may see): companies, the mission company's customers, the customer's sub-customers, users.
 */
export function usePickerOptions(kind: FieldKind['kind'], mission: MissionDetail): { options: Option[] | undefined; error: boolean } {
  const url =
    kind === 'company'
      ? pickers.listCompanies.url({ query: { limit: 500 } })
      : kind === 'customer' || kind === 'subCustomer'
        ? pickers.listCustomers.url({ query: { companyId: mission.companyId, limit: 500 } })
        : kind === 'user'
          ? pickers.listUsers.url({ query: { limit: 500 } })
          : null;
  const { data, error } = useSWR<{ items: unknown[] }>(url, swrFetcher, { revalidateOnFocus: false });
  if (!data) return { options: undefined, error: !!error };
  if (kind === 'company') return { options: (data.items as CompanyItem[]).map((c) => ({ value: String(c.id), label: c.name })), error: false };
  if (kind === 'user') return { options: (data.items as UserItem[]).map((u) => ({ value: u.identityId, label: `${u.displayName} (${u.email})` })), error: false };
  const customers = data.items as CustomerItem[];
  const wanted = kind === 'customer' ? customers : customers.filter((c) => c.parentId !== null && c.parentId === mission.customerId);
  return { options: wanted.map((c) => ({ value: String(c.id), label: `${c.name} (${c.customerNumber})` })), error: false };
}
