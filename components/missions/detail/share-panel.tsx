'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import fieldStyles from '@/components/ui/field.module.css';
import { missions } from '@/lib/client/api/missions';
import { pickers } from '@/lib/client/api/pickers';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { MissionShareItem } from '@/lib/shared/schemas/mission-share';
import type { CustomerItem } from '@/lib/shared/schemas/pickers';
import { debounce, VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import styles from './detail.module.css';

/**
 * Spec §2/§3 mission shares: whom the mission is shared with (shared by, shared with, date),
 * sharing with one more customer (the customers picker, scoped on the server to whom the user may
 * pick) and revoking with confirmation. Failures say 'failed to share or unshare' (spec §8).
 */
export function SharePanel({ missionId, ownCustomerId, shares: initial }: { missionId: number; ownCustomerId: number | null; shares: MissionShareItem[] }) {
  const t = useTranslations('missions');
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const notify = useNotify();
  const router = useRouter();
  const [shares, setShares] = useState(initial);
  useEffect(() => setShares(initial), [initial]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<CustomerItem | null>(null);
  const [pending, setPending] = useState(false);
  const [revoking, setRevoking] = useState<MissionShareItem | null>(null);
  const searchId = useId();
  const pickId = useId();

  const settle = useMemo(() => debounce((q: string) => setQuery(q), VALIDATION_DEBOUNCE_MS), []);
  useEffect(() => () => settle.cancel(), [settle]);
  const { data } = useEndpoint(pickers.listCustomers, { query: { limit: 50, q: query || undefined } }, {
    revalidateOnFocus: false,
    // The choices stay while a new search loads, so a selection never points at nothing.
    keepPreviousData: true,
  });
  const candidates = (data?.items ?? []).filter((c) => c.id !== ownCustomerId && !shares.some((s) => s.customerId === c.id));
  const label = (c: { customerName?: string; name?: string; customerNumber: number; companyName: string }) =>
    t('share.customerLabel', { name: c.customerName ?? c.name ?? '', number: c.customerNumber, company: c.companyName });

  async function reload() {
    const answer = await missions.listMissionShares({ params: { id: missionId } }).catch(() => null);
    if (answer) setShares(answer.items);
    router.refresh();
  }

  async function share() {
    const customer = chosen;
    if (!customer) return;
    setPending(true);
    try {
      await missions.shareMission({ params: { id: missionId }, body: { customerId: customer.id } });
      notify({ type: 'success', text: t('share.shared', { name: customer.name }) });
      setChosen(null);
      await reload();
    } catch {
      notify({ type: 'error', text: t('messages.shareFailed') });
    } finally {
      setPending(false);
    }
  }

  async function revoke(item: MissionShareItem) {
    setPending(true);
    try {
      await missions.revokeMissionShare({ params: { id: missionId, customerId: item.customerId } });
      notify({ type: 'success', text: t('share.revoked', { name: item.customerName }) });
      setRevoking(null);
      await reload();
    } catch {
      notify({ type: 'error', text: t('messages.shareFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.stack}>
      {shares.length === 0 ? (
        <p className={styles.empty}>{t('share.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('share.sharedWith')}</th>
                <th scope="col">{t('share.sharedBy')}</th>
                <th scope="col">{t('share.date')}</th>
                <th scope="col" data-actions>
                  <span className="visually-hidden">{t('share.revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shares.map((s) => (
                <tr key={s.customerId}>
                  <td>{label(s)}</td>
                  <td>{s.sharedByName ?? t('share.system')}</td>
                  <td>{formatDate(s.sharedAt, locale, { timeZone })}</td>
                  <td data-actions>
                    <button type="button" className={`${styles.button} ${styles.secondary}`} disabled={pending} onClick={() => setRevoking(s)} aria-label={`${t('share.revoke')}: ${s.customerName}`}>
                      {t('share.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.shareForm}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={searchId}>
            {t('share.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={fieldStyles.control}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              settle(e.target.value.trim());
            }}
          />
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={pickId}>
            {t('share.customer')}
          </label>
          <select
            id={pickId}
            className={fieldStyles.control}
            value={chosen ? String(chosen.id) : ''}
            onChange={(e) => setChosen(candidates.find((c) => String(c.id) === e.target.value) ?? null)}
          >
            <option value="">{data && candidates.length === 0 ? t('share.noMatches') : t('detail.edit.choose')}</option>
            {chosen && !candidates.some((c) => c.id === chosen.id) && <option value={chosen.id}>{label(chosen)}</option>}
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={styles.button} disabled={pending || !chosen} onClick={() => void share()}>
          {t('share.add')}
        </button>
      </div>
      {revoking && (
        <ConfirmDialog
          title={t('share.confirmTitle', { name: revoking.customerName })}
          message={t('share.confirmText', { name: revoking.customerName })}
          confirmLabel={t('share.confirmButton')}
          cancelLabel={t('actions.cancel')}
          pending={pending}
          buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}
