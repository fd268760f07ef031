import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { formatValue, hasField } from '@/components/missions/detail/format-value';
import type { StatusHistoryEntry } from '@/lib/shared/schemas/status-history';
import { formatDate } from '@/lib/shared/format/date';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { FootprintSvg } from './footprint-svg';
import { PrintMeasurements } from './print-measurements';
import { PrintToolbar } from './print-toolbar';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import styles from './print.module.css';
import { numberFormat } from '@/lib/shared/format/number';

/** The key data on the sheet, in reading order; fields the user's view lacks are left out. */
const KEY_FIELDS = [
  'companyId', 'customerId', 'subCustomerId', 'internalReference', 'customerReference', 'orderConfirmationNumber', 'externalOrderReference',
  'ownerId', 'assigneeId', 'priority', 'status', 'step', 'pipelineStatus', 'address', 'products', 'additionalProducts', 'tags',
  'scanAppointment', 'deliveryDate', 'pclDeliveryDate', 'cadDeliveryDate', 'externalDeliveryDate', 'deliveredOn', 'createdAt', 'createdBy',
] as const;
const TEXT_FIELDS = ['description', 'scanOperatorNotes', 'blurringInstructions'] as const;
/** Field label keys (missions.fields.*) where the label is not the field's own name. */
const LABEL_KEY: Record<string, string> = { companyId: 'company', customerId: 'customer', subCustomerId: 'subCustomer', ownerId: 'owner', assigneeId: 'assignee' };

export interface MissionPrintViewProps {
  mission: MissionDetail;
  /** Null when the user may not read the audit trail. */
  history: StatusHistoryEntry[] | null;
  printedAt: Date;
  /** The 3D viewer's items and the unit of the cloud they were measured in. */
  measurements: { items: MeasurementDto[]; unit: LengthUnit };
}

/**
 * spec §2 mission print view: an A4 sheet (print.module.css sets the page) with the mission's key
 * data, its texts, each building with its footprint to scale and its areas, and the status history.
 * Server-rendered only (the toolbar is the one client piece); the PDF endpoint prints this page.
 */
export async function MissionPrintView({ mission, history, printedAt, measurements }: MissionPrintViewProps) {
  const t = await getTranslations();
  const locale = await getLocale();
  const timeZone = await getTimeZone();
  const translate = (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
  const value = (field: string) => formatValue(mission, field, { t: translate, locale, timeZone });
  const label = (field: string) => translate(`missions.fields.${LABEL_KEY[field] ?? field}`);
  const number = numberFormat(locale, 1);
  const metres = (v: number) => t('missionPrint.metres', { value: number.format(v) });
  const squareMetres = (v: number) => t('missionPrint.squareMetres', { value: number.format(v) });
  const texts = TEXT_FIELDS.filter((f) => hasField(mission, f) && (mission as unknown as Record<string, unknown>)[f]);

  return (
    <article className={styles.sheet} data-testid="mission-print">
      <PrintToolbar missionId={mission.id} />
      <header className={styles.header}>
        <p className={styles.overline}>{t('missionPrint.overline', { id: mission.id })}</p>
        <h1>{mission.name}</h1>
        <p className={styles.printedAt}>{t('missionPrint.printedAt', { date: formatDate(printedAt, locale, { timeZone }) })}</p>
      </header>

      <section className={styles.section} aria-labelledby="print-key-data">
        <h2 id="print-key-data">{t('missionPrint.keyData')}</h2>
        <dl className={styles.keyData}>
          <div>
            <dt>{t('missions.fields.id')}</dt>
            <dd data-field="id">{mission.id}</dd>
          </div>
          {KEY_FIELDS.filter((f) => hasField(mission, f)).map((field) => (
            <div key={field}>
              <dt>{label(field)}</dt>
              <dd data-field={field}>{value(field)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {texts.map((field) => (
        <section key={field} className={styles.section} aria-labelledby={`print-${field}`}>
          <h2 id={`print-${field}`}>{label(field)}</h2>
          <p className={styles.text}>{value(field)}</p>
        </section>
      ))}

      <section className={styles.section} aria-labelledby="print-buildings">
        <h2 id="print-buildings">{t('missionPrint.buildings', { count: mission.buildings.length })}</h2>
        {mission.buildings.length === 0 && <p>{t('missions.detail.buildings.empty')}</p>}
        <div className={styles.buildings}>
          {mission.buildings.map((b) => (
            <figure key={b.id} className={styles.building} data-testid="print-building">
              <FootprintSvg footprint={b.footprint} label={t('missionPrint.footprintOf', { name: b.name })} scaleLabel={metres} />
              <figcaption>
                <strong>{b.name}</strong> · {t(`missions.detail.buildings.types.${b.type}`)}
                <dl className={styles.measures}>
                  <div>
                    <dt>{t('missions.detail.buildings.groundArea')}</dt>
                    <dd>{squareMetres(b.groundArea)}</dd>
                  </div>
                  <div>
                    <dt>{t('missions.detail.buildings.facadeArea')}</dt>
                    <dd>{squareMetres(b.facadeArea)}</dd>
                  </div>
                  <div>
                    <dt>{t('missions.detail.buildings.perimeter')}</dt>
                    <dd>{metres(b.perimeter)}</dd>
                  </div>
                  <div>
                    <dt>{t('missions.detail.buildings.levels')}</dt>
                    <dd>{b.levels}</dd>
                  </div>
                </dl>
              </figcaption>
            </figure>
          ))}
        </div>
        {mission.buildings.length > 1 && (
          <p className={styles.totals}>
            {t('missionPrint.totals', {
              ground: squareMetres(mission.buildings.reduce((s, b) => s + b.groundArea, 0)),
              facade: squareMetres(mission.buildings.reduce((s, b) => s + b.facadeArea, 0)),
            })}
          </p>
        )}
      </section>

      <PrintMeasurements items={measurements.items} unit={measurements.unit} />

      {history && (
        <section className={styles.section} aria-labelledby="print-history">
          <h2 id="print-history">{t('missionPrint.history')}</h2>
          {history.length === 0 ? (
            <p>{t('missionPrint.historyEmpty')}</p>
          ) : (
            <table className={styles.history} data-testid="status-history">
              <thead>
                <tr>
                  <th scope="col">{t('missionPrint.when')}</th>
                  <th scope="col">{t('missionPrint.who')}</th>
                  <th scope="col">{t('missionPrint.what')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.at, locale, { timeZone })}</td>
                    <td>{entry.actorName ?? t('missionPrint.system')}</td>
                    <td>
                      {t(`missionPrint.actions.${entry.action}` as never)}
                      {entry.changes.map((c) => (
                        <span key={c.field} className={styles.change}>
                          {t('missionPrint.change', {
                            field: label(c.field),
                            from: c.from ? translate(`missions.fields.values.${c.field}.${c.from}`) : '–',
                            to: translate(`missions.fields.values.${c.field}.${c.to}`),
                          })}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </article>
  );
}
