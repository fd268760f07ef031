'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import styles from '@/components/admin/users/admin.module.css';
import { Dialog } from '@/components/ui/dialog';
import fieldStyles from '@/components/ui/field.module.css';
import { TextInput } from '@/components/ui/text-input';
import { roles as rolesApi } from '@/lib/client/api/roles';
import { ApiError } from '@/lib/client/fetcher';
import { ROLE_NAME_PATTERN, type RoleDto } from '@/lib/shared/schemas/role';
import { parseLevel } from './level-input';

/** A new role: name, user level (at most the creator's), and optionally the flags of an existing role to start from. */
export function NewRoleDialog({ roles, ownLevel, onClose, onCreated }: { roles: RoleDto[]; ownLevel: number; onClose: () => void; onCreated: (role: RoleDto) => void }) {
  const t = useTranslations('admin.permissions');
  const copyId = useId();
  const [name, setName] = useState('');
  const [level, setLevel] = useState('0');
  const [copyFrom, setCopyFrom] = useState('');
  const [errors, setErrors] = useState<{ name?: string; level?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim().toLowerCase();
    const userLevel = parseLevel(level, ownLevel);
    const found = {
      ...(!ROLE_NAME_PATTERN.test(trimmed) && { name: t('newRole.nameInvalid') }),
      ...(userLevel === null && { level: t('levelInvalid', { max: ownLevel }) }),
    };
    setErrors(found);
    if (Object.keys(found).length || userLevel === null) return;
    setPending(true);
    try {
      const permissions = roles.find((r) => r.name === copyFrom)?.permissions ?? [];
      onCreated(await rolesApi.createRole({ body: { name: trimmed, userLevel, permissions } }));
    } catch (err) {
      const taken = err instanceof ApiError && err.code === 'conflict';
      setErrors(taken ? { name: t('newRole.taken') } : { form: t('newRole.failed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('newRole.title')}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onClose}>
            {t('newRole.cancel')}
          </button>
          <button type="submit" form="new-role-form" className={styles.button} disabled={pending}>
            {t('newRole.create')}
          </button>
        </>
      }
    >
      <form id="new-role-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextInput label={t('newRole.name')} value={name} onChange={(e) => setName(e.target.value)} hint={t('newRole.nameHint')} error={errors.name} required />
        <TextInput label={t('newRole.level')} inputMode="numeric" value={level} onChange={(e) => setLevel(e.target.value)} hint={t('levelHelp')} error={errors.level} required />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={copyId}>
            {t('newRole.copyFrom')}
          </label>
          <select id={copyId} className={fieldStyles.control} value={copyFrom} onChange={(e) => setCopyFrom(e.target.value)}>
            <option value="">{t('newRole.noCopy')}</option>
            {roles
              .filter((r) => r.userLevel <= ownLevel && !r.locked)
              .map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name}
                </option>
              ))}
          </select>
        </div>
        {errors.form && (
          <p role="alert" className={styles.formError}>
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}
