'use client';
import { useFormatter } from 'next-intl';
import { useCallback } from 'react';

/**
 * A measurement with a fixed number of decimals in the user's language ("2,50" in German, "2.50"
 * in English) for a message's placeholder: `toFixed` would always write a point. `grouping: false`
 * leaves out thousands separators, for a field whose text is read back as a number.
 */
export function useDecimal(): (value: number, digits?: number, grouping?: boolean) => string {
  const format = useFormatter();
  return useCallback(
    (value, digits = 2, grouping = true) => format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouping }),
    [format],
  );
}
