'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import { labelKey } from './field-labels';
import { formatValue, hasField } from './format-value';
import { useMission } from './mission-context';
import styles from './detail.module.css';

// The editors (inputs, the rules, the byte counter) are needed only once the user edits a field:
// they load then, fetched ahead as soon as the pointer or focus reaches an edit button.
const loadEditor = () => import('./field-editor').then((m) => m.FieldEditor);
const FieldEditor = dynamic(loadEditor, { ssr: false });

/**
 * One mission field: label and formatted value, and — when the user may change it — an edit
 * button that swaps the value for its editor. Fields the user's view lacks (external users see
 * fewer, mission-view.ts) render nothing.
 */
export function MissionField({ field, wide = false }: { field: string; wide?: boolean }) {
  const { mission, editable, kinds, format } = useMission();
  const { t } = format;
  const [editing, setEditing] = useState(false);
  if (!hasField(mission, field)) return null;
  const label = t(`missions.fields.${labelKey(field)}`);
  const canEdit = editable.has(field as UpdatableMissionField) && !!kinds[field as UpdatableMissionField];
  const multiline = wide || field === 'description' || field === 'pclTeamDescription';
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field} data-field={field}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>
        {editing ? (
          <FieldEditor field={field as UpdatableMissionField} spec={kinds[field as UpdatableMissionField]!} onDone={() => setEditing(false)} />
        ) : (
          <>
            <span className={multiline ? styles.multiline : undefined} data-value>{formatValue(mission, field, format)}</span>
            {canEdit && (
              <button
                type="button"
                className={styles.editButton}
                onPointerEnter={() => void loadEditor()}
                onFocus={() => void loadEditor()}
                onClick={() => setEditing(true)}
                aria-label={t('missions.detail.edit.edit', { field: label })}
              >
                <span aria-hidden="true">✎</span>
              </button>
            )}
          </>
        )}
      </dd>
    </div>
  );
}
