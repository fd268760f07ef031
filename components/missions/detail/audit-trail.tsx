'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { missions } from '@/lib/client/api/missions';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { AuditNames, AuditPage } from '@/lib/shared/schemas/audit';
import { auditAction, auditLines, type AuditContext, type AuditTranslate } from './audit-lines';
import styles from './detail.module.css';

/**
 * The mission's audit trail (who, when, what), newest first: the first page comes with the page,
 * older entries on request from the audit endpoint.
 */
export function AuditTrail({ missionId, page, tagNames = {} }: { missionId: number; page: AuditPage; tagNames?: Readonly<Record<number, string>> }) {
  const t = useTranslations('missions');
  const tAll = useTranslations();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const [items, setItems] = useState(page.items);
  const [names, setNames] = useState<AuditNames>(page.names);
  const [cursor, setCursor] = useState(page.nextCursor);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  // A refresh after a save brings a new first page: the newest entries first, older ones dropped.
  useEffect(() => {
    setItems(page.items);
    setNames(page.names);
    setCursor(page.nextCursor);
  }, [page]);

  async function more() {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await missions.listMissionAudit({ params: { id: missionId }, query: { cursor } });
      setItems((previous) => [...previous, ...next.items]);
      setNames((previous) => mergeNames(previous, next.names));
      setCursor(next.nextCursor);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  const ctx: AuditContext = { t: tAll as unknown as AuditTranslate, locale, timeZone, names, tagNames };

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
                <td>{event.actorId ? (names.users[event.actorId] ?? event.actorName ?? t('detail.audit.unknownUser')) : t('detail.audit.system')}</td>
                <td>
                  <strong>{auditAction(event, ctx)}</strong>
                  {auditLines(event, ctx).map((line) => (
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

/** The names of two pages of entries together (an older page may name people the first did not). */
function mergeNames(a: AuditNames, b: AuditNames): AuditNames {
  const merged = { ...a };
  for (const kind of Object.keys(b) as (keyof AuditNames)[]) merged[kind] = { ...a[kind], ...b[kind] };
  return merged;
}
