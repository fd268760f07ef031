'use client';
import { useFormatter } from 'next-intl';
import { useCallback } from 'react';

/**
 * A measurement with a fixed number of decimals in the user's language ("2,50" in German, "2.50"
 * in English) for a message's placeholder: `toFixed` would always write a point.
 */
export function useDecimal(): (value: number, digits?: number) => string {
  const format = useFormatter();
  return useCallback((value, digits = 2) => format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }), [format]);
}
