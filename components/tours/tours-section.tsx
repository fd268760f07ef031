'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { tours } from '@/lib/client/api/tours';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { ExportTourButton, ImportTourForm } from './tour-archive-actions';
import { useTourFailure } from './tour-text';
import styles from './tours.module.css';

// The name's schema loads when a name is sent: zod (about 28 kB) stays out of the page's first load.
const nameSchema = () => import('@/lib/shared/schemas/tour').then((m) => m.tourNameSchema);

const busy = (t: TourDto) => t.generation?.state === 'queued' || t.generation?.state === 'running';

/**
 * spec §2 virtual tour actions on the mission detail: create, generate (disabled, naming each
 * rule that applies), rename, delete (confirmed), publish and unpublish, open the viewer; links to
 * the tour images and their segmentation.
 */
export function ToursSection({ missionId }: { missionId: number }) {
  const t = useTranslations('tours');
  const failure = useTourFailure();
  const notify = useNotify();
  const reasonId = useId();
  const { data, error, mutate } = useEndpoint(tours.listTours, { params: { id: missionId } }, {
    refreshInterval: (latest) => (latest?.items.some(busy) ? 1000 : 0),
  });
  const [name, setName] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TourDto | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; value: string } | null>(null);

  async function act(key: string, run: () => Promise<unknown>, failed: string, done?: string) {
    setPending(key);
    try {
      await run();
      if (done) notify({ type: 'success', text: t(done as never) });
    } catch (err) {
      notify({ type: 'error', text: failure(err, `tours.failures.${failed}`) });
    } finally {
      setPending(null);
      void mutate();
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = (await nameSchema()).safeParse(name);
    if (!parsed.success) return notify({ type: 'error', text: t('nameRequired') });
    await act('create', () => tours.createTour({ params: { id: missionId }, body: { name: parsed.data } }), 'create');
    setName('');
  }

  async function rename(event: FormEvent, tour: TourDto) {
    event.preventDefault();
    const parsed = (await nameSchema()).safeParse(renaming?.value ?? '');
    if (!parsed.success) return notify({ type: 'error', text: t('nameRequired') });
    await act(`rename-${tour.id}`, () => tours.updateTour({ params: { id: tour.id }, body: { version: tour.version, name: parsed.data } }), 'rename');
    setRenaming(null);
  }

  if (!data) return error ? <p role="alert" className={styles.error}>{t('failures.load')}</p> : null;
  const blockers = data.generate.blockedBy;

  return (
    <div className={styles.stack} data-testid="tours">
      <nav className={styles.links}>
        <Link href={`/mission/${missionId}/virtual_tour_images`}>{t('imagesLink')}</Link>
        {data.mayEdit && <Link href={`/mission/${missionId}/virtual_tour_segmentation`}>{t('segmentationLink')}</Link>}
      </nav>
      {data.mayEdit && blockers.length > 0 && (
        <ul id={reasonId} className={styles.reasons} aria-label={t('generateDisabled')}>
          {blockers.map((b) => <li key={b}>{t(`blocked.${b}`)}</li>)}
        </ul>
      )}
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('images')}</th>
                <th scope="col" data-actions>{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((tour) => (
                <tr key={tour.id} data-testid={`tour-${tour.id}`}>
                  <td>
                    {renaming?.id === tour.id ? (
                      <form className={styles.createForm} onSubmit={(e) => void rename(e, tour)}>
                        <input aria-label={t('name')} value={renaming.value} maxLength={200} autoFocus onChange={(e) => setRenaming({ id: tour.id, value: e.target.value })} />
                        <button type="submit" disabled={pending !== null}>{t('save')}</button>
                        <button type="button" onClick={() => setRenaming(null)}>{t('cancel')}</button>
                      </form>
                    ) : tour.images.length > 0 ? (
                      <Link href={`/mission/${missionId}/virtual_tour/${tour.id}`}>{tour.name}</Link>
                    ) : (
                      tour.name
                    )}
                  </td>
                  <td>
                    <span data-testid="tour-status">{t(`state.${tour.status}`)}</span>
                    {tour.status === 'error' && tour.errorReason && <span className={styles.reason}>{t('failures.generate')}: {tour.errorReason}</span>}
                    {busy(tour) && <ProgressBar value={tour.generation!.progress} label={t('generating')} color="primary" />}
                    {tour.publicPath && (
                      <a className={styles.reason} href={tour.publicPath} target="_blank" rel="noreferrer">
                        {t('publicLink')}
                      </a>
                    )}
                  </td>
                  <td>{tour.images.length}</td>
                  <td data-actions>
                    <div className={styles.actions}>
                      {tour.images.length > 0 && <ExportTourButton tour={tour} disabled={pending !== null} />}
                      {data.mayEdit && (
                        <>
                          <button type="button" disabled={pending !== null || blockers.length > 0 || busy(tour)} aria-describedby={blockers.length ? reasonId : undefined}
                            onClick={() => void act(`generate-${tour.id}`, () => tours.generateTour({ params: { id: tour.id } }), 'generate', 'generateStarted')}>
                            {t('generate')}
                          </button>
                          <button type="button" disabled={pending !== null} onClick={() => setRenaming({ id: tour.id, value: tour.name })}>{t('rename')}</button>
                          {tour.published ? (
                            <button type="button" disabled={pending !== null} onClick={() => void act(`publish-${tour.id}`, () => tours.unpublishTour({ params: { id: tour.id } }), 'unpublish')}>
                              {t('unpublish')}
                            </button>
                          ) : (
                            <button type="button" disabled={pending !== null || tour.images.length === 0} onClick={() => void act(`publish-${tour.id}`, () => tours.publishTour({ params: { id: tour.id } }), 'publish', 'published')}>
                              {t('publish')}
                            </button>
                          )}
                          <button type="button" className={styles.danger} disabled={pending !== null} onClick={() => setDeleting(tour)}>{t('delete')}</button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.mayEdit && (
        <form className={styles.createForm} onSubmit={(e) => void create(e)}>
          <label>
            {t('newName')}
            <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={pending !== null}>{t('create')}</button>
        </form>
      )}
      {data.mayEdit && <ImportTourForm missionId={missionId} onImported={() => void mutate()} />}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          message={t('deleteQuestion', { name: deleting.name })}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          destructive
          pending={pending === 'delete'}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void act('delete', () => tours.deleteTour({ params: { id: deleting.id }, query: { version: deleting.version } }), 'delete').then(() => setDeleting(null))}
        />
      )}
    </div>
  );
}
