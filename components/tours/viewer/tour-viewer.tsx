'use client';

// Photo Sphere Viewer's stylesheets load with the page, not with psv.ts (imported dynamically
// below): the App Router adds a dynamic chunk's stylesheet only after the chunk ran, so the viewer
// was built unstyled (PSV's "stylesheet … is not loaded" errors, and its loader drew a NaN arc
// from CSS variables it could not read).
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/gallery-plugin/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/virtual-tour-plugin/index.css';
import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useNotify } from '@/components/platform/notifications';
import type { TourManifest, TourMarkers } from '@/lib/shared/schemas/tour';
import { panoramaLang } from '@/lib/shared/tours/panorama-lang';
import { floorKey } from '../floor-plan';
import type { TourEngine } from './psv';
import { TourMap } from './tour-map';
import { startNode, tourViewSearch, type TourView } from './tour-view-state';
import styles from './tour-viewer.module.css';

export interface TourViewerProps {
  name: string;
  manifest: TourManifest;
  filesBase: string;
  initial: TourView;
  /** The mission page, for "back to mission" (absent on the public page). */
  backHref?: string;
  /** The mission's measurements and annotations placed in each panorama (none on the public page). */
  markers?: TourMarkers;
  /** Set for who may edit the tour: its links are edited in the maps dialog. */
  linkEditing?: { tourId: number; version: number };
}

/**
 * spec §2 virtual tour: back to mission, copy current URL, recenter camera, show all images,
 * toggle 3D UI, toggle fullscreen, maps dialog, floor label (with a floor switcher). The address
 * follows the panorama and the camera, so the copied URL reopens exactly this view.
 */
export function TourViewer({ name, manifest, filesBase, initial, backHref, markers, linkEditing }: TourViewerProps) {
  const t = useTranslations('tours.viewer');
  const tm = useTranslations('tours.viewer.markers');
  const tp = useTranslations('tours.viewer.panorama');
  const notify = useNotify();
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<TourEngine | null>(null);
  const first = startNode(manifest, initial.imageId);
  const [view, setView] = useState<TourView>({ ...initial, imageId: first?.id ?? null });
  const [ready, setReady] = useState(false);
  const [uiVisible, setUiVisible] = useState(true);
  const [mapOpen, setMapOpen] = useState(false);
  // The links saved in the maps dialog (and the version they were saved at) replace the page's.
  const [live, setLive] = useState({ manifest, version: linkEditing?.version ?? 0 });
  const current = live.manifest.nodes.find((n) => n.id === view.imageId) ?? first;

  useEffect(() => {
    if (!first || !container.current) return;
    let cancelled = false;
    let replaceTimer: ReturnType<typeof setTimeout> | undefined;
    // PSV and three load after the page painted: they are not part of the route's first load.
    void import('./psv').then(({ createTourEngine }) => {
      if (cancelled || !container.current) return;
      engine.current = createTourEngine({
        container: container.current,
        manifest,
        filesBase,
        start: { ...initial, imageId: first.id },
        markers: Object.fromEntries(
          Object.entries(markers ?? {}).map(([id, list]) => [
            id,
            list.map((m) => ({ id: m.id, kind: m.kind, yaw: m.yaw, pitch: m.pitch, text: m.text, label: m.value === null ? m.name : tm(m.kind === 'area' ? 'area' : 'length', { name: m.name, value: m.value }) })),
          ]),
        ),
        onReady: () => setReady(true),
        linkLabel: (name) => t('linkTo', { name }),
        lang: panoramaLang(tp),
        onView: (next) => {
          setView(next);
          clearTimeout(replaceTimer);
          replaceTimer = setTimeout(() => window.history.replaceState(null, '', `${window.location.pathname}${tourViewSearch(next)}`), 150);
        },
      });
    });
    return () => {
      cancelled = true;
      clearTimeout(replaceTimer);
      engine.current?.destroy();
      engine.current = null;
    };
    // The engine is built once per tour; later views come from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manifest, filesBase]);

  if (!first || !current) return <p className={styles.empty}>{t('empty')}</p>;

  async function copyUrl() {
    const url = `${window.location.origin}${window.location.pathname}${tourViewSearch(view)}`;
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', text: t('copied') });
    } catch {
      notify({ type: 'error', text: t('copyFailed', { url }) });
    }
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  }

  const floorName = (floor: number) => {
    const { key, n } = floorKey(floor);
    return t(key, { n });
  };
  return (
    <div ref={frame} className={styles.frame} data-testid="tour-viewer" data-ready={ready ? 'true' : 'false'} data-image={view.imageId ?? ''}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
        {backHref && (
          <Link className={styles.tool} href={backHref}>
            {t('back')}
          </Link>
        )}
        <h1 className={styles.title}>{name}</h1>
        <button type="button" className={styles.tool} onClick={() => void copyUrl()}>{t('copyUrl')}</button>
        <button type="button" className={styles.tool} onClick={() => engine.current?.recenter()} disabled={!ready}>{t('recenter')}</button>
        <button type="button" className={styles.tool} onClick={() => engine.current?.toggleGallery()} disabled={!ready}>{t('gallery')}</button>
        <button type="button" className={styles.tool} aria-pressed={uiVisible} disabled={!ready}
          onClick={() => { engine.current?.setUiVisible(!uiVisible); setUiVisible(!uiVisible); }}>
          {t('toggle3dUi')}
        </button>
        <button type="button" className={styles.tool} onClick={toggleFullscreen}>{t('fullscreen')}</button>
        <button type="button" className={styles.tool} onClick={() => setMapOpen(true)}>{t('map')}</button>
        <label className={styles.floor}>
          <span data-testid="floor-label">{floorName(current.floor)}</span>
          {manifest.floors.length > 1 && (
            <select aria-label={t('switchFloor')} value={current.floor}
              onChange={(e) => { const target = manifest.nodes.find((n) => n.floor === Number(e.target.value)); if (target) engine.current?.goTo(target.id); }}>
              {manifest.floors.map((f) => <option key={f} value={f}>{floorName(f)}</option>)}
            </select>
          )}
        </label>
      </div>
      <div ref={container} className={styles.sphere} />
      <Dialog open={mapOpen} onClose={() => setMapOpen(false)} title={`${t('map')}: ${floorName(current.floor)}`}>
        <TourMap
          manifest={live.manifest}
          current={current}
          yaw={view.yaw}
          onGo={(id) => { engine.current?.goTo(id); setMapOpen(false); }}
          editing={linkEditing && {
            tourId: linkEditing.tourId,
            version: live.version,
            onSaved: (tour, saved) => { setLive({ manifest: saved, version: tour.version }); engine.current?.setLinks(saved); },
          }}
        />
      </Dialog>
    </div>
  );
}
