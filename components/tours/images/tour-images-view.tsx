'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { MissionUpload } from '@/components/missions/uploads/mission-upload';
import { Dialog } from '@/components/ui/dialog';
import { ImageSlider, type ImageSliderHandle } from '@/components/ui/image-slider/image-slider';
import { tours } from '@/lib/client/api/tours';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { tourNameSchema, type TourImageChange, type TourImageDto, type TourImagesDto } from '@/lib/shared/schemas/tour';
import { floorKey } from '../floor-plan';
import { useTourFailure } from '../tour-text';
import styles from './tour-images.module.css';

/**
 * spec §2 /mission/{id}/virtual_tour_images: the mission's panoramas in the image slider (a click
 * on the active slide opens it large), and for who may edit the mission: rename, remove from (or
 * add back to) the tours, move up and down in the order.
 */
export function TourImagesView({ missionId, initial }: { missionId: number; initial: TourImagesDto }) {
  const t = useTranslations('tours.imagesPage');
  const tf = useTranslations('tours.viewer');
  const floorName = (floor: number) => {
    const { key, n } = floorKey(floor);
    return tf(key, { n });
  };
  const failure = useTourFailure();
  const notify = useNotify();
  const slider = useRef<ImageSliderHandle>(null);
  const { data = initial, mutate } = useEndpoint(tours.listTourImages, { params: { id: missionId } }, { fallbackData: initial });
  const [open, setOpen] = useState<TourImageDto | null>(null);
  const [editing, setEditing] = useState<{ imageId: number; value: string } | null>(null);
  const [pending, setPending] = useState(false);
  const shown = data.items.filter((i) => i.previewUrl !== null);
  const slides = shown.map((i) => ({ name: i.name, imageLink: i.previewUrl! }));

  async function save(changes: TourImageChange[]) {
    setPending(true);
    try {
      await mutate(await tours.updateTourImages({ params: { id: missionId }, body: { changes } }), { revalidate: false });
      return true;
    } catch (err) {
      notify({ type: 'error', text: failure(err, 'tours.failures.saveImages') });
      void mutate();
      return false;
    } finally {
      setPending(false);
    }
  }

  async function rename(event: FormEvent, image: TourImageDto) {
    event.preventDefault();
    const name = tourNameSchema.safeParse(editing?.value ?? '');
    if (!name.success) return notify({ type: 'error', text: t('nameRequired') });
    if (await save([{ imageId: image.imageId, version: image.version, name: name.data }])) setEditing(null);
  }

  const move = (image: TourImageDto, by: number) => void save([{ imageId: image.imageId, version: image.version, order: image.order + by }]);

  return (
    <div className={styles.page}>
      <nav className={styles.links}>
        <Link href={`/mission/${missionId}`}>{t('back')}</Link>
        {data.mayEdit && <Link href={`/mission/${missionId}/virtual_tour_segmentation`}>{t('segmentation')}</Link>}
      </nav>
      {data.mayUpload && (
        <section className={styles.upload} data-testid="tour-image-upload" aria-label={t('upload')}>
          <MissionUpload missionId={missionId} purpose="tour-image" placeholder={t('uploadPlaceholder')} onServerChange={() => void mutate()} />
        </section>
      )}
      {data.items.length === 0 ? (
        <p className={styles.empty}>{data.mayUpload ? t('emptyUpload') : t('empty')}</p>
      ) : (
        <>
          {slides.length > 0 && (
            <ImageSlider ref={slider} slides={slides} label={t('slider')} className={styles.slider} onSlideClick={(index) => setOpen(shown[index] ?? null)} />
          )}
          {shown.length < data.items.length && <p className={styles.empty}>{t('preparing', { count: data.items.length - shown.length })}</p>}
          <ol className={styles.list} data-testid="tour-images">
            {data.items.map((image, index) => (
              <li key={image.imageId} className={image.inTours ? styles.item : `${styles.item} ${styles.excluded}`} data-testid={`tour-image-${image.imageId}`}>
                <button type="button" className={styles.thumb} disabled={image.previewUrl === null} aria-label={t('show', { name: image.name })}
                  onClick={() => slider.current?.goTo(shown.findIndex((s) => s.imageId === image.imageId))}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- a stored thumbnail served by our API, size unknown up front */}
                  {image.thumbnailUrl ? <img src={image.thumbnailUrl} alt="" /> : <span>{t('noThumbnail')}</span>}
                </button>
                <div className={styles.meta}>
                  {editing?.imageId === image.imageId ? (
                    <form className={styles.rename} onSubmit={(e) => void rename(e, image)}>
                      <input aria-label={t('name')} value={editing.value} maxLength={200} autoFocus onChange={(e) => setEditing({ imageId: image.imageId, value: e.target.value })} />
                      <button type="submit" disabled={pending}>{t('save')}</button>
                      <button type="button" onClick={() => setEditing(null)}>{t('cancel')}</button>
                    </form>
                  ) : (
                    <strong>{image.name}</strong>
                  )}
                  <span className={styles.hint}>
                    {image.floor === null ? t('noFloor') : floorName(image.floor)} · {image.inTours ? t('inTours') : t('notInTours')}
                  </span>
                </div>
                {data.mayEdit && (
                  <div className={styles.actions}>
                    <button type="button" disabled={pending || index === 0} onClick={() => move(image, -1)} aria-label={t('moveUp', { name: image.name })}>↑</button>
                    <button type="button" disabled={pending || index === data.items.length - 1} onClick={() => move(image, 1)} aria-label={t('moveDown', { name: image.name })}>↓</button>
                    <button type="button" disabled={pending} onClick={() => setEditing({ imageId: image.imageId, value: image.name })}>{t('rename')}</button>
                    <button type="button" disabled={pending} onClick={() => void save([{ imageId: image.imageId, version: image.version, inTours: !image.inTours }])}>
                      {image.inTours ? t('remove') : t('addBack')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.name ?? ''}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the blurred panorama served by our API, size unknown up front */}
        {open?.previewUrl && <img className={styles.large} src={open.previewUrl} alt={open.name} />}
      </Dialog>
    </div>
  );
}
