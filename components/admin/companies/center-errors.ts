import { ApiError } from '@/lib/client/fetcher';

/** The parts of a 409 delete refusal the centers show (deleteCompany, deleteCustomer). */
export interface Refusal {
  reason: 'in_use' | 'provider' | string;
  counts: Record<string, number>;
}

export function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof ApiError) || err.code !== 'conflict' || typeof err.details?.reason !== 'string') return null;
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(err.details)) if (typeof value === 'number') counts[key] = value;
  return { reason: err.details.reason, counts };
}
