'use client';

import { useEffect } from 'react';
import { storeReturnTo } from '@/lib/client/return-to';

/** Keeps the sign-in's return_to for after sign-in (the start-up reader follows it). */
export function StoreReturnTo({ value }: { value: string | undefined }) {
  useEffect(() => {
    if (value) storeReturnTo(value);
  }, [value]);
  return null;
}
