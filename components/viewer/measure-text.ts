'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { measuresOf, type Point3 } from '@/lib/shared/measurements/maths';
import { UNIT_SYMBOLS, type LengthUnit } from '@/lib/shared/viewer/units';

/** Lengths and areas in the cloud's unit, to the millimetre (the unit's thousandth). */
export function useMeasureText(unit: LengthUnit) {
  const t = useTranslations('viewer.measures');
  const format = useFormatter();
  const symbols = UNIT_SYMBOLS[unit];
  const length = (v: number) => `${format.number(v, { minimumFractionDigits: 3, maximumFractionDigits: 3 })} ${symbols.length}`;
  const area = (v: number) => `${format.number(v, { minimumFractionDigits: 3, maximumFractionDigits: 3 })} ${symbols.area}`;
  /** What an item of `kind` with these points measures, as one line. */
  return (kind: string, points: readonly Point3[]): string => {
    const m = measuresOf(kind, points);
    switch (kind) {
      case 'distance':
        return (m.segments ?? []).length > 1
          ? t('distanceSegments', { total: length(m.total ?? 0), segments: (m.segments ?? []).map(length).join(' + ') })
          : t('distance', { total: length(m.total ?? 0) });
      case 'height':
        return points.length === 2 ? t('height', { height: length(m.height ?? 0), horizontal: length(m.horizontal ?? 0) }) : '';
      case 'area':
        return points.length >= 3 ? t('area', { area: area(m.area ?? 0), perimeter: length(m.perimeter ?? 0) }) : '';
      default:
        return '';
    }
  };
}
