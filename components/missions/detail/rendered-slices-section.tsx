'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDatasetText } from '@/components/datasets/dataset-text';
import { useNotify } from '@/components/platform/notifications';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { renderedSlices } from '@/lib/client/api/rendered-slices';
import type { RenderedSliceDto } from '@/lib/shared/schemas/rendered-slice';
import styles from './detail.module.css';

/**
 * spec §2 mission detail "rendered slices": the slice views exported from the 3D viewer, each with
 * its preview, name, scale, size and date, to download; deleted by those who may edit the mission.
 */
export function RenderedSlicesSection({ missionId, initial, canDelete }: { missionId: number; initial: RenderedSliceDto[]; canDelete: boolean }) {
  const t = useTranslations('missions.detail.slices');
  const text = useDatasetText();
  const format = useFormatter();
  const notify = useNotify();
  const [items, setItems] = useState(initial);
  const [deleting, setDeleting] = useState<RenderedSliceDto | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await renderedSlices.deleteRenderedSlice({ params: { id: missionId, sliceId: deleting.id } });
      setItems((list) => list.filter((s) => s.id !== deleting.id));
      notify({ type: 'success', text: t('deleted', { name: deleting.name }) });
      setDeleting(null);
    } catch {
      setProblem(t('deleteFailed'));
    } finally {
      setPending(false);
    }
  };

  if (items.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <div className={styles.tableWrap} data-testid="rendered-slices">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('preview')}</th>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('scale')}</th>
            <th scope="col">{t('pixels')}</th>
            <th scope="col">{t('date')}</th>
            <th scope="col" data-actions>
              {t('actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((slice) => {
            const src = renderedSlices.renderedSliceImage.url({ params: { id: missionId, sliceId: slice.id } });
            return (
              <tr key={slice.id} data-testid="rendered-slice">
                <td>
                  {/* The stored PNG itself, scaled down by the browser: previews are few and small. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={src} alt={t('previewOf', { name: slice.name })} className={styles.slicePreview} loading="lazy" />
                </td>
                <td>{slice.name}</td>
                <td className={styles.nowrap}>{t('scaleValue', { scale: format.number(slice.scale), dpi: slice.dpi })}</td>
                <td className={styles.nowrap}>{t('pixelsValue', { width: format.number(slice.widthPx), height: format.number(slice.heightPx), size: text.size(slice.sizeBytes) })}</td>
                <td className={styles.nowrap}>
                  {text.date(slice.createdAt)}
                  {slice.createdBy && <> · {slice.createdBy}</>}
                </td>
                <td className={styles.nowrap} data-actions>
                  <a href={renderedSlices.renderedSliceImage.url({ params: { id: missionId, sliceId: slice.id }, query: { download: '1' } })} download aria-label={t('downloadItem', { name: slice.name })}>
                    {t('download')}
                  </a>
                  {canDelete && (
                    <>
                      {' '}
                      <button
                        type="button"
                        onClick={() => {
                          setProblem(null);
                          setDeleting(slice);
                        }}
                        aria-label={t('deleteItem', { name: slice.name })}
                      >
                        {t('delete')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('confirmDelete', { name: deleting.name }) : ''}
        problem={problem}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
