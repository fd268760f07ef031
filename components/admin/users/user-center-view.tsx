'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import fieldStyles from '@/components/ui/field.module.css';
import { useTranslateIssue } from '@/components/ui/use-translate-issue';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { users } from '@/lib/client/api/users';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import { formatDate } from '@/lib/shared/format/date';
import type { Invitation, InvitedUser, UserAccount } from '@/lib/shared/schemas/admin-user';
import { debounce, VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { AccessDialog } from './access-dialog';
import { failureOf } from './failure-text';
import { InvitationDialog } from './invitation-dialog';
import { InviteDialog } from './invite-dialog';
import { nameOf } from './user-name';
import styles from './admin.module.css';

const PAGE_SIZE = 25;

type Open =
  | { kind: 'invite' }
  | { kind: 'invitation'; email: string; invitation: Invitation }
  | { kind: 'access'; user: UserAccount }
  | { kind: 'deactivate'; user: UserAccount }
  | { kind: 'revoke'; user: UserAccount }
  | null;

/**
 * spec §2 /user-center (issue 8 item 3): the identity service's users with their Argus profile —
 * name, e-mail, verified, company, customer, roles, last sign-in — searched and paged; invite,
 * edit access, deactivate/reactivate, sign out everywhere. A failed load says 'Failed to get users.' (spec §8).
 */
export function UserCenterView({ ownId }: { ownId: string }) {
  const t = useTranslations('admin.users');
  const translate = useTranslateIssue();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const notify = useNotify();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const [pending, setPending] = useState(false);
  const settle = useMemo(
    () =>
      debounce((q: string) => {
        setQuery(q);
        setPage(1);
      }, VALIDATION_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => settle.cancel(), [settle]);
  const { data, error, isLoading, mutate } = useEndpoint(users.listUserAccounts, { query: { page, pageSize: PAGE_SIZE, q: query || undefined } }, { keepPreviousData: true, revalidateOnFocus: false });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  async function act(user: UserAccount, run: () => Promise<unknown>, doneKey: string) {
    setPending(true);
    try {
      await run();
      notify({ type: 'success', text: t(doneKey, { name: nameOf(user) }) });
      setOpen(null);
      await mutate();
    } catch (err) {
      notify({ type: 'error', text: failureOf(err, t, 'errors.updateFailed', translate).text });
    } finally {
      setPending(false);
    }
  }

  const post = (user: UserAccount, action: 'reactivate' | 'deactivate') => (action === 'reactivate' ? users.reactivateUser : users.deactivateUser)({ params: { id: user.identityId } });

  async function newInvitation(user: UserAccount) {
    setPending(true);
    try {
      const invitation = await users.reissueInvitation({ params: { id: user.identityId } });
      setOpen({ kind: 'invitation', email: user.email, invitation });
    } catch (err) {
      notify({ type: 'error', text: failureOf(err, t, 'errors.updateFailed', translate).text });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={searchId}>
            {t('search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={fieldStyles.control}
            placeholder={t('searchHint')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              settle(e.target.value.trim());
            }}
          />
        </div>
        <button type="button" className={styles.button} disabled={!data} onClick={() => setOpen({ kind: 'invite' })}>
          {t('actions.invite')}
        </button>
      </div>

      {error ? (
        <div role="alert" className={styles.problem}>
          <p>{t('loadFailed')}</p>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => void mutate()}>
            {t('retry')}
          </button>
        </div>
      ) : !data ? (
        <p className={styles.muted} aria-busy={isLoading}>
          {t('loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.email')}</th>
                  <th scope="col" className={styles.center}>
                    {t('columns.verified')}
                  </th>
                  <th scope="col">{t('columns.company')}</th>
                  <th scope="col">{t('columns.customer')}</th>
                  <th scope="col">{t('columns.roles')}</th>
                  <th scope="col">{t('columns.lastSignIn')}</th>
                  <th scope="col">{t('columns.state')}</th>
                  <th scope="col" data-actions>
                    {t('columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.identityId} data-testid={`user-${user.email}`}>
                    <td>{nameOf(user)}</td>
                    <td>{user.email}</td>
                    <td className={styles.center}>{user.verified ? t('yes') : t('no')}</td>
                    <td>{user.company?.name ?? t('none')}</td>
                    <td>{user.customer ? t('customerLabel', { number: user.customer.customerNumber, name: user.customer.name }) : t('none')}</td>
                    <td>{user.roles.length ? user.roles.map((r) => <span key={r} className={styles.badge}>{r}</span>) : <span className={styles.muted}>{t('noRoles')}</span>}</td>
                    <td>{user.lastSignInAt ? formatDate(user.lastSignInAt, locale, { timeZone }) : t('never')}</td>
                    <td className={user.state === 'inactive' ? styles.inactive : undefined}>{t(`state.${user.state}`)}</td>
                    <td data-actions>
                      <div className={styles.rowActions}>
                        <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => setOpen({ kind: 'access', user })}>
                          {t('actions.editAccess')}
                        </button>
                        {user.identityId !== ownId &&
                          (user.state === 'active' ? (
                            <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => setOpen({ kind: 'deactivate', user })}>
                              {t('actions.deactivate')}
                            </button>
                          ) : (
                            <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} disabled={pending} onClick={() => void act(user, () => post(user, 'reactivate'), 'done.reactivated')}>
                              {t('actions.reactivate')}
                            </button>
                          ))}
                        <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => setOpen({ kind: 'revoke', user })}>
                          {t('actions.revokeSessions')}
                        </button>
                        {user.state === 'active' && (
                          <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} disabled={pending} onClick={() => void newInvitation(user)}>
                            {t('actions.newInvitation')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.pager}>
            <span>{t('total', { count: data.total })}</span>
            <span>{t('page', { page, pages })}</span>
            <span>
              <button type="button" className={`${styles.button} ${styles.secondary}`} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('previous')}
              </button>{' '}
              <button type="button" className={`${styles.button} ${styles.secondary}`} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('next')}
              </button>
            </span>
          </div>
        </>
      )}

      {open?.kind === 'invite' && data && (
        <InviteDialog
          roles={data.roles}
          onClose={() => setOpen(null)}
          onInvited={(answer: InvitedUser) => {
            notify({ type: 'success', text: t('done.invited', { email: answer.user.email }) });
            setOpen({ kind: 'invitation', email: answer.user.email, invitation: answer.invitation });
            void mutate();
          }}
        />
      )}
      {open?.kind === 'invitation' && <InvitationDialog email={open.email} invitation={open.invitation} onClose={() => setOpen(null)} />}
      {open?.kind === 'access' && data && (
        <AccessDialog
          user={open.user}
          roles={data.roles}
          onClose={() => setOpen(null)}
          onSaved={(user) => {
            notify({ type: 'success', text: t('done.updated', { name: nameOf(user) }) });
            setOpen(null);
            void mutate();
          }}
        />
      )}
      {open?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t('confirm.deactivateTitle', { name: nameOf(open.user) })}
          message={t('confirm.deactivateText', { name: nameOf(open.user) })}
          confirmLabel={t('actions.deactivate')}
          cancelLabel={t('confirm.cancel')}
          pending={pending}
          onCancel={() => setOpen(null)}
          buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
          onConfirm={() => void act(open.user, () => post(open.user, 'deactivate'), 'done.deactivated')}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('confirm.revokeTitle', { name: nameOf(open.user) })}
          message={t('confirm.revokeText', { name: nameOf(open.user) })}
          confirmLabel={t('actions.revokeSessions')}
          cancelLabel={t('confirm.cancel')}
          pending={pending}
          onCancel={() => setOpen(null)}
          buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
          onConfirm={() => void act(open.user, () => users.revokeUserSessions({ params: { id: open.user.identityId } }), 'done.revoked')}
        />
      )}
    </div>
  );
}
