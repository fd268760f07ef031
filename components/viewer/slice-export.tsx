'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { renderedSlices } from '@/lib/client/api/rendered-slices';
import { apiFetch } from '@/lib/client/fetcher';
import { renderedSliceQuery, type RenderedSliceDto } from '@/lib/shared/schemas/rendered-slice';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import { SLICE_DPIS, SLICE_MAX_PIXELS, SLICE_SCALES, slabSize, slicePixels, type SliceData } from '@/lib/shared/viewer/volumes';
import type { EngineApi } from './engine/engine-types';
import styles from './viewer.module.css';

/**
 * "Export slice view" (issue 16): the slab drawn square-on through an orthographic camera at a
 * chosen scale and print resolution (a metre is dpi / 0.0254 / scale pixels), rendered here in the
 * browser and stored with the mission, where its "rendered slices" section lists it.
 */
export function SliceExport({ api, missionId, sliceId, slice, unit, defaultName }: { api: EngineApi; missionId: number; sliceId: number; slice: SliceData; unit: LengthUnit; defaultName: string }) {
  const t = useTranslations('viewer.sliceExport');
  const format = useFormatter();
  const notify = useNotify();
  const id = useId();
  const [name, setName] = useState(defaultName);
  const [scale, setScale] = useState<number>(100);
  const [dpi, setDpi] = useState<number>(150);
  const [busy, setBusy] = useState(false);
  const pixels = slicePixels(slice, unit, scale, dpi);
  const tooLarge = pixels.width > SLICE_MAX_PIXELS || pixels.height > SLICE_MAX_PIXELS;
  const query = renderedSliceQuery.safeParse({ name, scale, dpi, sliceId });

  const exportView = async (e: FormEvent) => {
    e.preventDefault();
    if (!query.success || tooLarge) return;
    setBusy(true);
    try {
      const png = await api.renderSlice({ centre: slice.centre, size: slabSize(slice), rotation: slice.rotation, axis: slice.axis, ...pixels });
      await apiFetch<RenderedSliceDto>(renderedSlices.createRenderedSlice.url({ params: { id: missionId }, query: query.data }), {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: png,
      });
      notify({ type: 'success', text: t('saved', { name: query.data.name }) });
    } catch {
      notify({ type: 'error', text: t('failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.draft} onSubmit={exportView} aria-label={t('title')} data-testid="viewer-slice-export">
      <h3 className={styles.settingsTitle}>{t('title')}</h3>
      <span className={styles.inline}>
        <label htmlFor={`${id}-name`}>{t('name')}</label>
        <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} aria-invalid={!query.success || undefined} />
      </span>
      <span className={styles.inline}>
        <label htmlFor={`${id}-scale`}>{t('scale')}</label>
        <select id={`${id}-scale`} value={scale} onChange={(e) => setScale(Number(e.target.value))}>
          {SLICE_SCALES.map((s) => (
            <option key={s} value={s}>
              {t('scaleValue', { scale: s })}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-dpi`}>{t('dpi')}</label>
        <select id={`${id}-dpi`} value={dpi} onChange={(e) => setDpi(Number(e.target.value))}>
          {SLICE_DPIS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </span>
      <p data-testid="viewer-slice-pixels">{t('pixels', { width: format.number(pixels.width), height: format.number(pixels.height) })}</p>
      {tooLarge && <p role="alert">{t('tooLarge', { max: format.number(SLICE_MAX_PIXELS) })}</p>}
      <button type="submit" className={styles.button} disabled={busy || tooLarge || !query.success}>
        {busy ? t('exporting') : t('export')}
      </button>
    </form>
  );
}
