'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import styles from '@/components/admin/users/admin.module.css';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import type { RoleDto } from '@/lib/shared/schemas/role';
import { parseLevel } from './level-input';

/** Changes a role's user level (0 up to the editor's own level). */
export function LevelDialog({ role, ownLevel, onClose, onSave }: { role: RoleDto; ownLevel: number; onClose: () => void; onSave: (level: number) => Promise<void> }) {
  const t = useTranslations('admin.permissions');
  const [text, setText] = useState(String(role.userLevel));
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const level = parseLevel(text, ownLevel);
    setInvalid(level === null);
    if (level === null) return;
    setPending(true);
    await onSave(level);
    setPending(false);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('levelDialog.title', { role: role.name })}
      footer={
        <>
          <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onClose}>
            {t('levelDialog.cancel')}
          </button>
          <button type="submit" form="role-level-form" className={styles.button} disabled={pending}>
            {t('levelDialog.save')}
          </button>
        </>
      }
    >
      <form id="role-level-form" className={styles.form} onSubmit={(e) => void submit(e)}>
        <TextInput
          label={t('newRole.level')}
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={t('levelHelp')}
          error={invalid ? t('levelInvalid', { max: ownLevel }) : undefined}
        />
      </form>
    </Dialog>
  );
}
