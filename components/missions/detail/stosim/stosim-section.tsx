'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { panelizer } from '@/lib/client/api/panelizer';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { PanelizerProjectSummaryDto } from '@/lib/shared/schemas/panelizer';
import { ProjectExports } from './project-exports';
import { PublishedResult } from './published-result';
import { useStosimFailure } from './stosim-failure';
import styles from './stosim.module.css';

// The name's schema loads when a name is sent: zod (about 28 kB) stays out of the page's first load.
const nameSchema = () => import('@/lib/shared/schemas/panelizer').then((m) => m.panelizerProjectNameSchema);

/**
 * The mission detail's StoSim section (spec §2, issue 19): for the provider's staff the mission's
 * panelizer projects (open, create, rename, export, delete confirmed) and their exports with
 * "publish"; for everyone who sees the mission the published result: totals, files and the
 * read-only editor. Without either, the section's "nothing yet" text stays.
 */
export function StosimSection({ missionId, emptyText }: { missionId: number; emptyText: string }) {
  const t = useTranslations('missions.detail.stosim');
  const failure = useStosimFailure();
  const notify = useNotify();
  const { data, error, mutate } = useEndpoint(panelizer.listPanelizerProjects, { params: { id: missionId } });
  const [name, setName] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<PanelizerProjectSummaryDto | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; value: string } | null>(null);

  async function act(key: string, run: () => Promise<unknown>, failed: string, done?: (result: unknown) => string): Promise<void> {
    setPending(key);
    try {
      const result = await run();
      if (done) notify({ type: 'success', text: done(result) });
    } catch (err) {
      notify({ type: 'error', text: failure(err, `missions.detail.stosim.failures.${failed}`) });
    } finally {
      setPending(null);
      setReloads((n) => n + 1);
      void mutate();
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = (await nameSchema()).safeParse(name);
    if (!parsed.success) return notify({ type: 'error', text: t('nameRequired') });
    await act('create', () => panelizer.createPanelizerProject({ params: { id: missionId }, body: { name: parsed.data } }), 'create');
    setName('');
  }

  async function rename(event: FormEvent, project: PanelizerProjectSummaryDto) {
    event.preventDefault();
    const parsed = (await nameSchema()).safeParse(renaming?.value ?? '');
    if (!parsed.success) return notify({ type: 'error', text: t('nameRequired') });
    await act(`rename-${project.id}`, () => panelizer.renamePanelizerProject({ params: { id: project.id }, body: { version: project.version, name: parsed.data } }), 'rename');
    setRenaming(null);
  }

  if (!data) return error ? <p role="alert" className={styles.error}>{t('failures.load')}</p> : null;
  const nothing = data.items.length === 0 && data.published.length === 0;

  return (
    <div className={styles.stack} data-testid="stosim">
      {nothing && <p className={styles.empty}>{emptyText}</p>}
      {data.published.length > 0 && <h3 className={styles.heading}>{t('published')}</h3>}
      {data.published.map((result) => <PublishedResult key={result.id} missionId={missionId} result={result} />)}
      {data.mayEdit && data.items.length > 0 && (
        <>
          <h3 className={styles.heading}>{t('projects')}</h3>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('name')}</th>
                  <th scope="col">{t('state')}</th>
                  <th scope="col">{t('exports')}</th>
                  <th scope="col" data-actions>{t('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((project) => (
                  <tr key={project.id} data-testid={`stosim-project-${project.id}`}>
                    <td>
                      {renaming?.id === project.id ? (
                        <form className={styles.form} onSubmit={(e) => void rename(e, project)}>
                          <input aria-label={t('name')} value={renaming.value} maxLength={120} autoFocus onChange={(e) => setRenaming({ id: project.id, value: e.target.value })} />
                          <button type="submit" disabled={pending !== null}>{t('save')}</button>
                          <button type="button" onClick={() => setRenaming(null)}>{t('cancel')}</button>
                        </form>
                      ) : (
                        <Link href={`/mission/${missionId}/panelizer?project=${project.id}`}>{project.name}</Link>
                      )}
                    </td>
                    <td>{project.publishedExportId ? t('publishedExport', { number: data.published.find((e) => e.id === project.publishedExportId)?.number ?? '' }) : t('notPublished')}</td>
                    <td><ProjectExports project={project} reloads={reloads} pending={pending !== null} act={act} /></td>
                    <td data-actions>
                      <div className={styles.actions}>
                        <button type="button" disabled={pending !== null}
                          onClick={() => void act(`export-${project.id}`, () => panelizer.createPanelizerExport({ params: { id: project.id } }), 'export', (made) => t('exported', { number: (made as { number: number }).number }))}>
                          {t('exportNow')}
                        </button>
                        <button type="button" disabled={pending !== null} onClick={() => setRenaming({ id: project.id, value: project.name })}>{t('rename')}</button>
                        <button type="button" className={styles.danger} disabled={pending !== null} onClick={() => setDeleting(project)}>{t('delete')}</button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {data.mayEdit && (
        <form className={styles.form} onSubmit={(e) => void create(e)}>
          <label>
            {t('newName')}
            <input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={pending !== null}>{t('create')}</button>
        </form>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          message={t('deleteQuestion', { name: deleting.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          destructive
          pending={pending === 'delete'}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void act('delete', () => panelizer.deletePanelizerProject({ params: { id: deleting.id }, query: { version: deleting.version } }), 'delete').then(() => setDeleting(null))}
        />
      )}
    </div>
  );
}
