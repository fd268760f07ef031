import { getLocale, getTranslations } from 'next-intl/server';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { UNIT_SYMBOLS, type LengthUnit } from '@/lib/shared/viewer/units';
import styles from './print.module.css';

type Data = { centre?: number[]; size?: number[]; width?: number; show?: string; axis?: string; title?: string; text?: string };

/**
 * The 3D viewer's items on the print sheet and in the PDF (issue 16 "printed in the mission's
 * print view and PDF"): each with what it measures in the cloud's unit and where it is (its first
 * point or its centre, in the cloud's coordinates).
 */
export async function PrintMeasurements({ items, unit }: { items: MeasurementDto[]; unit: LengthUnit }) {
  const t = await getTranslations('missionPrint.measurements');
  const kinds = await getTranslations('viewer.items.kind');
  const locale = await getLocale();
  // Millimetres, as the viewer shows them.
  const mm = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const symbols = UNIT_SYMBOLS[unit];
  const length = (v: number | undefined) => `${mm.format(v ?? 0)} ${symbols.length}`;
  const area = (v: number | undefined) => `${mm.format(v ?? 0)} ${symbols.area}`;

  const measure = (item: MeasurementDto): string => {
    const m = item.measures;
    const d = item.data as Data;
    switch (item.kind) {
      case 'distance':
        return t('distance', { total: length(m.total), segments: (m.segments ?? []).length });
      case 'height':
        return t('height', { height: length(m.height), horizontal: length(m.horizontal) });
      case 'area':
        return t('area', { area: area(m.area), perimeter: length(m.perimeter) });
      case 'annotation':
        return d.text ? `${d.title ?? item.name}: ${d.text}` : (d.title ?? item.name);
      case 'slice':
        return t('slice', { width: length(d.width), length: length(d.size?.[0]), height: length(d.axis === 'horizontal' ? d.size?.[1] : d.size?.[2]) });
      case 'clip-box':
        return t('clipBox', { x: length(d.size?.[0]), y: length(d.size?.[1]), z: length(d.size?.[2]), show: t(d.show === 'all' ? 'showAll' : 'showClipped') });
    }
  };
  const where = (item: MeasurementDto) => {
    const p = item.points[0] ?? ((item.data as Data).centre as number[] | undefined);
    return p ? p.map((v) => mm.format(v)).join(' / ') : '–';
  };

  return (
    <section className={styles.section} aria-labelledby="print-measurements">
      <h2 id="print-measurements">{t('title', { count: items.length })}</h2>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <table className={styles.history} data-testid="print-measurements">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('kind')}</th>
              <th scope="col">{t('measure')}</th>
              <th scope="col">{t('position')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{kinds(item.kind)}</td>
                <td>{measure(item)}</td>
                <td>{where(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
