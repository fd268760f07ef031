'use client';

import useSWR, { type SWRConfiguration } from 'swr';
import type { Endpoint } from '@/lib/shared/api/endpoint';
import { swrFetcher } from '../fetcher';
import type { Answer, CallArgs, Caller } from './call';

/**
 * SWR over a GET endpoint: the key is the endpoint's URL for these arguments (null: do not load
 * yet), so two components asking for the same thing share one request and one cache entry.
 */
export function useEndpoint<E extends Endpoint>(caller: Caller<E>, args: (CallArgs<E> & { search?: string }) | null, options?: SWRConfiguration<Answer<E>>) {
  return useSWR<Answer<E>>(args ? caller.url(args) : null, swrFetcher, options);
}
