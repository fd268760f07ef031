'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { FileUpload, type UploadSelection } from '@/components/ui/file-upload/file-upload';
import { tours } from '@/lib/client/api/tours';
import { apiFetch } from '@/lib/client/fetcher';
import { download } from '@/lib/client/download';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { useTourFailure } from './tour-text';
import styles from './tours.module.css';

/** What the upload control accepts: the zip an export gives (spec §5 accept list entries). */
export const TOUR_ARCHIVE_ACCEPT = ['.zip', 'application/zip'] as const;

/**
 * spec §2 tour actions "export" and "download": the tour as a zip that opens offline. The page
 * first asks whether the export would start (so a refusal shows the spec's failure text rather
 * than a broken download), then the browser downloads the stream itself.
 */
export function ExportTourButton({ tour, disabled }: { tour: TourDto; disabled?: boolean }) {
  const t = useTranslations('tours.export');
  const failure = useTourFailure();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      await tours.exportTour({ params: { id: tour.id }, query: { check: 'true' } });
      download(tours.exportTour.url({ params: { id: tour.id }, query: {} }), `${tour.name}.zip`);
    } catch (err) {
      notify({ type: 'error', text: failure(err, 'tours.export.failed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <button type="button" disabled={disabled || pending} onClick={() => void run()}>
      {t('action')}
    </button>
  );
}

/** spec §2 tour action "upload": an exported tour zip becomes a new, unpublished tour of the mission. */
export function ImportTourForm({ missionId, onImported }: { missionId: number; onImported: () => void }) {
  const t = useTranslations('tours.import');
  const failure = useTourFailure();
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);

  async function upload(selection: UploadSelection) {
    const file = selection.files[0];
    if (!file) return;
    setUploading(true);
    try {
      const created = await apiFetch<TourDto>(tours.importTour.url({ params: { id: missionId } }), {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: file,
      });
      notify({ type: 'success', text: t('done', { name: created.name }) });
      onImported();
    } catch (err) {
      notify({ type: 'error', text: failure(err, 'tours.import.failed') });
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className={styles.stack} aria-label={t('title')}>
      <FileUpload accept={TOUR_ARCHIVE_ACCEPT} directory={false} uploading={uploading} placeholder={t('placeholder')} onUpload={(s) => void upload(s)} />
    </section>
  );
}
