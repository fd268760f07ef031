'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { missions } from '@/lib/client/api/missions';
import { formatDate } from '@/lib/shared/format/date';
import type { AuditEventDto, AuditPage } from '@/lib/shared/schemas/audit';
import { labelKey } from './field-labels';
import styles from './detail.module.css';

const MAX_SHOWN = 120;

/** A diff value in a line of text: long texts cut, empty shown as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/**
 * The mission's audit trail (who, when, what), newest first: the first page comes with the page,
 * older entries on request from the audit endpoint.
 */
export function AuditTrail({ missionId, page, tagNames = {} }: { missionId: number; page: AuditPage; tagNames?: Readonly<Record<number, string>> }) {
  const t = useTranslations('missions');
  const locale = useLocale();
  const timeZone = useTimeZone() ?? 'Europe/Berlin';
  const [items, setItems] = useState(page.items);
  const [cursor, setCursor] = useState(page.nextCursor);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  // A refresh after a save brings a new first page: the newest entries first, older ones dropped.
  useEffect(() => {
    setItems(page.items);
    setCursor(page.nextCursor);
  }, [page]);

  async function more() {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await missions.listMissionAudit({ params: { id: missionId }, query: { cursor } });
      setItems((previous) => [...previous, ...next.items]);
      setCursor(next.nextCursor);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  const fieldLabel = (field: string) => (t.has(`fields.${labelKey(field)}`) ? t(`fields.${labelKey(field)}`) : field);
  const what = (event: AuditEventDto): string[] => {
    if (event.action === 'tag' || event.action === 'untag') {
      // The diff holds the tag id; older pages loaded later may name tags the page does not know.
      const id = Number(event.diff.tagId);
      return [t('tags.auditTag', { name: tagNames[id] ?? `#${id}` })];
    }
    if (event.action !== 'update') return [];
    return Object.entries(event.diff).map(([field, change]) => {
      const [before, after] = Array.isArray(change) ? change : [undefined, change];
      return t('detail.audit.change', { field: fieldLabel(field), before: shown(before), after: shown(after) });
    });
  };
  const entityLabel = (event: AuditEventDto) =>
    t.has(`detail.audit.entities.${event.entity}`) ? t(`detail.audit.entities.${event.entity}`, { id: event.entityId }) : `${event.entity} ${event.entityId}`;
  const actionLabel = (event: AuditEventDto) =>
    `${t.has(`detail.audit.actions.${event.action}`) ? t(`detail.audit.actions.${event.action}`) : event.action}${event.entity !== 'mission' ? ` (${entityLabel(event)})` : ''}`;

  if (items.length === 0) return <p className={styles.empty}>{t('detail.audit.empty')}</p>;
  return (
    <div className={styles.stack}>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="audit-trail">
          <thead>
            <tr>
              <th scope="col">{t('detail.audit.when')}</th>
              <th scope="col">{t('detail.audit.who')}</th>
              <th scope="col">{t('detail.audit.what')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((event) => (
              <tr key={event.id}>
                <td className={styles.nowrap}>{formatDate(event.at, locale, { timeZone })}</td>
                <td>{event.actorName ?? t('detail.audit.system')}</td>
                <td>
                  <strong>{actionLabel(event)}</strong>
                  {what(event).map((line) => (
                    <div key={line} className={styles.multiline}>
                      {line}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failed && <p className={styles.error}>{t('detail.audit.loadFailed')}</p>}
      {cursor && (
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => void more()} disabled={loading}>
          {t('detail.audit.loadMore')}
        </button>
      )}
    </div>
  );
}
