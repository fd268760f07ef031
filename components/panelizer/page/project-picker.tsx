'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useDateText } from '@/lib/i18n/date-text';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { panelizer } from '@/lib/client/api/panelizer';
import { ApiError } from '@/lib/client/fetcher';
import { panelizerProjectNameSchema, type PanelizerProjectSummaryDto, type PanelizerProjectsDto } from '@/lib/shared/schemas/panelizer';
import styles from './panelizer-page.module.css';

/**
 * `/mission/{mission}/panelizer` without an id: the mission's projects to open (or delete), a new
 * one to create, and the published exports everyone who sees the mission may open.
 */
export function ProjectPicker({ missionId, initial }: { missionId: number; initial: PanelizerProjectsDto }) {
  const t = useTranslations('panelizer.page');
  const dateText = useDateText();
  const router = useRouter();
  const [projects, setProjects] = useState(initial.items);
  const [nameProblem, setNameProblem] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<PanelizerProjectSummaryDto | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const href = (query: string) => `/mission/${missionId}/panelizer?${query}`;

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field is uncontrolled: a name typed before the page was interactive stays in it (a
    // controlled field would be reset to its empty state by hydration) and is read when sent.
    const typed = String(new FormData(event.currentTarget).get('name') ?? '');
    const parsed = panelizerProjectNameSchema.safeParse(typed);
    setNameProblem(!parsed.success);
    if (!parsed.success) return;
    setPending(true);
    setCreateError(null);
    panelizer.createPanelizerProject({ params: { id: missionId }, body: { name: parsed.data } }).then(
      (project) => router.push(href(`project=${project.id}`)),
      (err: unknown) => {
        setPending(false);
        setCreateError(err instanceof ApiError ? err.message : t('errors.create'));
      },
    );
  };

  const remove = (project: PanelizerProjectSummaryDto) => {
    setPending(true);
    panelizer.deletePanelizerProject({ params: { id: project.id }, query: { version: project.version } }).then(
      () => {
        setProjects((list) => list.filter((p) => p.id !== project.id));
        setDeleting(null);
        setPending(false);
      },
      () => {
        setDeleteError(t('errors.delete'));
        setPending(false);
      },
    );
  };

  return (
    <section className={styles.picker}>
      <h1>{t('title')}</h1>
      <p>
        <Link href={`/mission/${missionId}`}>{t('backToMission')}</Link>
      </p>
      {initial.mayEdit ? (
        <>
          <h2>{t('projects')}</h2>
          {projects.length === 0 ? <p>{t('noProjects')}</p> : null}
          <ul aria-label={t('projects')}>
            {projects.map((p) => (
              <li key={p.id}>
                <Link href={href(`project=${p.id}`)}>{p.name}</Link>
                <small>{t('updated', { date: dateText(p.updatedAt) })}</small>
                <button type="button" onClick={() => (setDeleteError(null), setDeleting(p))} aria-label={t('deleteProject', { name: p.name })}>
                  {t('delete')}
                </button>
              </li>
            ))}
          </ul>
          <form className={styles.create} onSubmit={create} noValidate>
            <label>
              {t('newName')}
              <input name="name" defaultValue="" maxLength={120} aria-invalid={nameProblem} />
            </label>
            <button type="submit" disabled={pending}>
              {t('create')}
            </button>
            {nameProblem ? <p className={styles.error}>{t('nameRequired')}</p> : null}
            {createError ? (
              <p className={styles.error} role="alert">
                {createError}
              </p>
            ) : null}
          </form>
        </>
      ) : null}
      <h2>{t('published')}</h2>
      {initial.published.length === 0 ? <p>{t('noPublished')}</p> : null}
      <ul aria-label={t('published')}>
        {initial.published.map((e) => (
          <li key={e.id}>
            <Link href={href(`export=${e.id}`)}>{t('exportTitle', { name: e.name, number: e.number })}</Link>
          </li>
        ))}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title={t('deleteTitle')}
          message={t('deleteQuestion', { name: deleting.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          pending={pending}
          problem={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
