'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, useTransition, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import fieldStyles from '@/components/ui/field.module.css';
import { useTranslateIssue } from '@/components/ui/use-translate-issue';
import { formatDate } from '@/lib/shared/format/date';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import { debounce, TEXT_INPUT_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import type { FieldKind } from './field-kinds';
import { labelKey } from './field-labels';
import { FieldInput } from './field-input';
import { checkField, deliveryPreview, draftOf, patchValue, type Draft } from './field-rules';
import { useMission } from './mission-context';
import { saveMission } from './save-mission';
import styles from './detail.module.css';

/**
 * Edits one mission field in place: the spec §5 rules run 600 ms after typing stops and again on
 * save (the server's own schema and helpers, field-rules.ts); the PATCH carries the version the
 * page read. Whatever goes wrong, the typed value stays on screen: a 409 offers to reload the
 * mission underneath it, a refused value shows the server's reason under the field.
 */
export function FieldEditor({ field, spec, onDone }: { field: UpdatableMissionField; spec: FieldKind; onDone: () => void }) {
  const t = useTranslations('missions');
  const translate = useTranslateIssue();
  const tAll = useTranslations();
  // The server's field errors are message keys: validation.* ones (with values) or rule keys such as errors.missions.*.
  const serverText = (key: string) => (!key.startsWith('validation.') && tAll.has(key) ? tAll(key) : translate(key));
  const locale = useLocale();
  const notify = useNotify();
  const router = useRouter();
  const { mission, accept } = useMission();
  const [draft, setDraft] = useState<Draft>(() => draftOf(field, spec, mission));
  const [problem, setProblem] = useState<string | null>(null);
  const [others, setOthers] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const [pending, setPending] = useState(false);
  const [reloading, startReload] = useTransition();
  const id = useId();
  const messageId = `${id}-message`;
  const label = t(`fields.${labelKey(field)}`);

  const missionRef = useRef(mission);
  useEffect(() => {
    missionRef.current = mission;
  });
  const validate = useMemo(
    () =>
      debounce((value: Draft) => {
        const found = checkField(field, spec, value, missionRef.current);
        setProblem(found ? translate(found) : null);
      }, TEXT_INPUT_DEBOUNCE_MS),
    [field, spec, translate],
  );
  useEffect(() => () => validate.cancel(), [validate]);

  const change = (next: Draft) => {
    setDraft(next);
    validate(next);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    validate.cancel();
    const found = checkField(field, spec, draft, mission);
    if (found) {
      setProblem(translate(found));
      return;
    }
    setPending(true);
    setProblem(null);
    setOthers([]);
    const outcome = await saveMission(mission.id, mission.version, { [field]: patchValue(field, spec, draft) });
    setPending(false);
    if (outcome.ok) {
      setConflict(false);
      accept(outcome.mission);
      notify({ type: 'success', text: t('detail.edit.saved') });
      router.refresh();
      onDone();
      return;
    }
    if (outcome.reason === 'conflict') {
      setConflict(true);
      notify({ type: 'error', text: t('messages.failedToSave') });
      return;
    }
    const fields = outcome.fields ?? {};
    const own = fields[field]?.[0];
    if (own) setProblem(serverText(own));
    setOthers(
      Object.entries(fields)
        .filter(([name]) => name !== field)
        .map(([name, messages]) => t('detail.edit.otherField', { field: t.has(`fields.${labelKey(name)}`) ? t(`fields.${labelKey(name)}`) : name, message: serverText(messages[0] ?? '') })),
    );
    if (outcome.reason === 'notAuthorized') notify({ type: 'error', text: t('messages.notAuthorized', { id: mission.id }) });
    else notify({ type: 'error', text: outcome.reason === 'invalid' ? t('messages.invalidData') : t('messages.failedToSave') });
  }

  const reload = () => {
    startReload(() => router.refresh());
    setConflict(false);
  };

  const autoFill = deliveryPreview(field, draft, mission);
  return (
    <form className={styles.editor} onSubmit={save} noValidate>
      <FieldInput field={field} spec={spec} id={id} label={label} draft={draft} onChange={change} mission={mission} invalid={!!problem} describedBy={messageId} disabled={pending} />
      <div id={messageId} aria-live="polite" className={styles.editorMessages}>
        {problem && <p className={fieldStyles.error}>{problem}</p>}
        {others.map((m) => (
          <p key={m} className={fieldStyles.error}>
            {m}
          </p>
        ))}
        {autoFill && <p className={fieldStyles.hint}>{t('detail.edit.deliveryAutoFill', { date: formatDate(autoFill, locale, { time: false, timeZone: 'UTC' }) })}</p>}
        {conflict && (
          <p role="alert" className={fieldStyles.error}>
            {t('detail.edit.conflict')}{' '}
            <button type="button" className={styles.linkButton} onClick={reload} disabled={reloading}>
              {t('detail.edit.reload')}
            </button>
          </p>
        )}
      </div>
      <div className={styles.editorButtons}>
        <button type="submit" className={styles.button} disabled={pending || reloading}>
          {pending ? t('detail.edit.saving') : t('detail.edit.save')}
        </button>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onDone} disabled={pending}>
          {t('detail.edit.cancel')}
        </button>
      </div>
    </form>
  );
}
