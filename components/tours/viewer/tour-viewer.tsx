'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useNotify } from '@/components/platform/notifications';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { floorKey, planFrame, toSvgY } from '../floor-plan';
import type { TourEngine } from './psv';
import { startNode, tourViewSearch, type TourView } from './tour-view-state';
import styles from './tour-viewer.module.css';

export interface TourViewerProps {
  name: string;
  manifest: TourManifest;
  filesBase: string;
  initial: TourView;
  /** The mission page, for "back to mission" (absent on the public page). */
  backHref?: string;
}

/**
 * spec §2 virtual tour: back to mission, copy current URL, recenter camera, show all images,
 * toggle 3D UI, toggle fullscreen, maps dialog, floor label (with a floor switcher). The address
 * follows the panorama and the camera, so the copied URL reopens exactly this view.
 */
export function TourViewer({ name, manifest, filesBase, initial, backHref }: TourViewerProps) {
  const t = useTranslations('tours.viewer');
  const notify = useNotify();
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<TourEngine | null>(null);
  const first = startNode(manifest, initial.imageId);
  const [view, setView] = useState<TourView>({ ...initial, imageId: first?.id ?? null });
  const [ready, setReady] = useState(false);
  const [uiVisible, setUiVisible] = useState(true);
  const [mapOpen, setMapOpen] = useState(false);
  const current = manifest.nodes.find((n) => n.id === view.imageId) ?? first;

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
        onReady: () => setReady(true),
        linkLabel: (name) => t('linkTo', { name }),
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
  const onFloor = manifest.nodes.filter((n) => n.floor === current.floor);
  const plan = planFrame(onFloor);

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
        <svg className={styles.plan} viewBox={`${plan.minX} ${plan.minY} ${plan.width} ${plan.height}`} role="img" aria-label={t('mapLabel')}>
          {onFloor.map((n) => {
            const y = toSvgY(plan, n.y);
            const here = n.id === current.id;
            // The viewing direction: the panorama's heading plus where the camera looks now.
            const angle = ((n.heading + (here ? view.yaw : 0)) * Math.PI) / 180;
            return (
              <g key={n.id}>
                {here && <path d={`M ${n.x} ${y} L ${n.x + 2.5 * Math.sin(angle - 0.4)} ${y - 2.5 * Math.cos(angle - 0.4)} A 2.5 2.5 0 0 1 ${n.x + 2.5 * Math.sin(angle + 0.4)} ${y - 2.5 * Math.cos(angle + 0.4)} Z`} className={styles.cone} />}
                <circle cx={n.x} cy={y} r={here ? 0.6 : 0.45} className={here ? styles.here : styles.spot} tabIndex={0} role="button" aria-label={n.name}
                  onClick={() => { engine.current?.goTo(n.id); setMapOpen(false); }}
                  onKeyDown={(e) => { if (e.key === 'Enter') { engine.current?.goTo(n.id); setMapOpen(false); } }}>
                  <title>{n.name}</title>
                </circle>
              </g>
            );
          })}
        </svg>
      </Dialog>
    </div>
  );
}
