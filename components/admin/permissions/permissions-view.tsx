'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import styles from '@/components/admin/users/admin.module.css';
import { roles } from '@/lib/client/api/roles';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { ApiError } from '@/lib/client/fetcher';
import type { PermissionFlag, RoleDto } from '@/lib/shared/schemas/role';
import { LevelDialog } from './level-dialog';
import { NewRoleDialog } from './new-role-dialog';

type Open = { kind: 'new' } | { kind: 'level'; role: RoleDto } | { kind: 'delete'; role: RoleDto } | null;

/**
 * The permissions screen (spec §2 user center, issue 8 item 4): the stored role → permission
 * table, one column per role with its user level, one row per flag. Ticking a box saves that role
 * at once; every holder gets the change on their next page load. New roles, levels and deletion
 * of custom roles; the admin role and roles above the user's own level are read-only here.
 */
export function PermissionsView() {
  const t = useTranslations('admin.permissions');
  const tConfirm = useTranslations('admin.users.confirm');
  const notify = useNotify();
  const { data, error, mutate } = useEndpoint(roles.listRoles, {}, { revalidateOnFocus: false });
  const [saving, setSaving] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const flagLabel = (flag: PermissionFlag) => t(`flags.${flag}`);

  async function save(role: RoleDto, changes: { permissions?: PermissionFlag[]; userLevel?: number }): Promise<boolean> {
    setSaving(role.name);
    try {
      await roles.updateRole({ params: { name: role.name }, body: { ...changes, version: role.version } });
      notify({ type: 'success', text: t('saved', { role: role.name }) });
      return true;
    } catch (err) {
      const stale = err instanceof ApiError && err.code === 'version_conflict';
      notify({ type: 'error', text: t(stale ? 'stale' : 'saveFailed', { role: role.name }) });
      return false;
    } finally {
      setSaving(null);
      await mutate();
    }
  }

  async function remove(role: RoleDto) {
    setSaving(role.name);
    try {
      await roles.deleteRole({ params: { name: role.name } });
      notify({ type: 'success', text: t('delete.deleted', { role: role.name }) });
      setOpen(null);
    } catch (err) {
      const details = err instanceof ApiError ? (err.details as { reason?: string; users?: number } | undefined) : undefined;
      const text =
        details?.reason === 'assigned'
          ? t('delete.assigned', { role: role.name, count: details.users ?? 0 })
          : details?.reason === 'built_in'
            ? t('delete.builtIn')
            : t('delete.failed', { role: role.name });
      notify({ type: 'error', text });
    } finally {
      setSaving(null);
      await mutate();
    }
  }

  if (error) {
    return (
      <div role="alert" className={styles.problem}>
        <p>{t('loadFailed')}</p>
      </div>
    );
  }
  if (!data) return <p className={styles.muted}>{t('loading')}</p>;
  const editable = (role: RoleDto) => !role.locked && role.manageable && saving !== role.name;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div>
          <p>{t('intro')}</p>
          <p className={styles.muted}>
            {t('ownLevel', { level: data.ownLevel })} · {t('levelHelp')}
          </p>
        </div>
        <button type="button" className={styles.button} onClick={() => setOpen({ kind: 'new' })}>
          {t('actions.newRole')}
        </button>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('flag')}</th>
              {data.items.map((role) => (
                <th key={role.name} scope="col" className={styles.center} data-testid={`role-${role.name}`}>
                  <div>{role.name}</div>
                  <div className={styles.muted}>
                    {t('level', { level: role.userLevel })}
                    {role.builtIn && ` · ${t('builtIn')}`}
                  </div>
                  {editable(role) && (
                    <div className={styles.rowActions}>
                      <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => setOpen({ kind: 'level', role })}>
                        {t('actions.changeLevel')}
                      </button>
                      {!role.builtIn && (
                        <button type="button" className={`${styles.button} ${styles.secondary} ${styles.small}`} onClick={() => setOpen({ kind: 'delete', role })}>
                          {t('actions.delete')}
                        </button>
                      )}
                    </div>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.flags.map((flag) => (
              <tr key={flag}>
                <th scope="row">
                  <div>{flagLabel(flag)}</div>
                  <code className={styles.muted}>{flag}</code>
                </th>
                {data.items.map((role) => (
                  <td key={role.name} className={styles.center}>
                    <input
                      type="checkbox"
                      aria-label={t('toggle', { role: role.name, flag })}
                      checked={role.permissions.includes(flag)}
                      disabled={!editable(role)}
                      onChange={(e) =>
                        void save(role, { permissions: e.target.checked ? [...role.permissions, flag] : role.permissions.filter((f) => f !== flag) })
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {open?.kind === 'new' && (
        <NewRoleDialog
          roles={data.items}
          ownLevel={data.ownLevel}
          onClose={() => setOpen(null)}
          onCreated={(role) => {
            notify({ type: 'success', text: t('newRole.created', { role: role.name }) });
            setOpen(null);
            void mutate();
          }}
        />
      )}
      {open?.kind === 'level' && (
        <LevelDialog
          role={open.role}
          ownLevel={data.ownLevel}
          onClose={() => setOpen(null)}
          onSave={async (userLevel) => {
            if (await save(open.role, { userLevel })) setOpen(null);
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('delete.title', { role: open.role.name })}
          message={t('delete.text', { role: open.role.name })}
          confirmLabel={t('delete.confirm')}
          cancelLabel={tConfirm('cancel')}
          pending={saving === open.role.name}
          onCancel={() => setOpen(null)}
          buttonClassNames={{ cancel: `${styles.button} ${styles.secondary}`, confirm: `${styles.button} ${styles.danger}` }}
          onConfirm={() => void remove(open.role)}
        />
      )}
    </div>
  );
}
