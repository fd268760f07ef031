'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useMemo, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { tours } from '@/lib/client/api/tours';
import type { TourImageDto, TourImagesDto } from '@/lib/shared/schemas/tour';
import { floorKey, planFrame, toSvgY } from '../floor-plan';
import { useTourFailure } from '../tour-text';
import { initialSegmentation, placementChanges, prefilled, segmentationReducer, type Placements } from './segmentation-state';
import { useDecimal } from '@/components/ui/use-decimal';
import styles from './segmentation.module.css';
import { usePlanSlice } from './use-plan-slice';

const placementsOf = (items: readonly TourImageDto[]): Placements =>
  Object.fromEntries(items.filter((i) => i.inTours).map((i) => [i.imageId, { floor: i.floor, x: i.x, y: i.y, heading: i.heading }]));


/** Floors offered: the basement to the fourth floor, plus any floor an image already has. */
const floorsOf = (placements: Placements) => [...new Set([-1, 0, 1, 2, 3, 4, ...Object.values(placements).flatMap((p) => (p.floor === null ? [] : [p.floor]))])].sort((a, b) => a - b);

/**
 * spec §2 /mission/{mission}/virtual_tour_segmentation: each image in the tours gets a floor and a
 * place with a heading on that floor's plan (a metre grid): select one or several (shift or
 * ctrl), drag them, nudge with the arrow keys (shift: a metre), turn with [ and ], undo (ctrl+Z).
 * Saved in one request; a stale save (409) reloads what the others saved.
 */
export function SegmentationView({ missionId, initial }: { missionId: number; initial: TourImagesDto }) {
  const t = useTranslations('tours.segmentation');
  const tf = useTranslations('tours.viewer');
  const decimal = useDecimal();
  const failure = useTourFailure();
  const notify = useNotify();
  const [server, setServer] = useState(initial);
  const serverPlacements = useMemo(() => placementsOf(server.items), [server]);
  const [state, dispatch] = useReducer(segmentationReducer, initial.items, (items) => initialSegmentation(prefilled(items)));
  const [saving, setSaving] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const images = server.items.filter((i) => i.inTours);
  const name = (id: number) => images.find((i) => i.imageId === id)?.name ?? String(id);
  const changes = placementChanges(serverPlacements, state.placements);
  const slice = usePlanSlice(missionId, state.floor);
  const placedAll = Object.entries(state.placements).flatMap(([, p]) => (p.x !== null && p.y !== null ? [{ x: p.x, y: p.y }] : []));
  // The plan shows the floor's slice whole, and every placed image.
  const sliceCorners = slice ? [{ x: slice.minX, y: slice.minY }, { x: slice.minX + slice.width, y: slice.minY + slice.height }] : [];
  const frame = planFrame([...placedAll, ...sliceCorners], slice ? 2 : 6, 30);
  const onFloor = Object.entries(state.placements).filter(([, p]) => p.floor === state.floor && p.x !== null).map(([id, p]) => ({ id: Number(id), ...p }));
  const floorName = (floor: number) => {
    const { key, n } = floorKey(floor);
    return tf(key, { n });
  };

  /** The plan point (metres, y north) under a pointer. */
  function planPoint(event: { clientX: number; clientY: number }) {
    const matrix = svg.current?.getScreenCTM();
    if (!svg.current || !matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: toSvgY(frame, point.y) };
  }

  function onPlanPointerDown(event: PointerEvent<SVGSVGElement>) {
    const target = (event.target as Element).closest('[data-image]');
    const point = planPoint(event);
    if (!point) return;
    if (!target) {
      dispatch({ type: 'placeAt', x: Math.round(point.x * 10) / 10, y: Math.round(point.y * 10) / 10 });
      return;
    }
    const id = Number(target.getAttribute('data-image'));
    if (event.shiftKey || event.ctrlKey || event.metaKey) return dispatch({ type: 'select', id, additive: true });
    if (!state.selected.includes(id)) dispatch({ type: 'select', id, additive: false });
    dispatch({ type: 'beginDrag' });
    drag.current = point;
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPlanPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (!drag.current) return;
    const point = planPoint(event);
    if (!point) return;
    dispatch({ type: 'move', dx: point.x - drag.current.x, dy: point.y - drag.current.y, record: false });
    drag.current = point;
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = event.shiftKey ? 1 : 0.1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      dispatch({ type: 'undo' });
    } else if (moves[event.key]) {
      event.preventDefault();
      const [dx, dy] = moves[event.key]!;
      dispatch({ type: 'move', dx, dy, record: true });
    } else if (event.key === '[' || event.key === ']') {
      event.preventDefault();
      dispatch({ type: 'rotate', degrees: event.key === '[' ? -15 : 15 });
    }
  }

  async function save() {
    const byId = new Map(server.items.map((i) => [i.imageId, i]));
    setSaving(true);
    try {
      const saved = await tours.updateTourImages({
        params: { id: missionId },
        body: { changes: changes.map((c) => ({ ...c, version: byId.get(c.imageId)!.version })) },
      });
      setServer(saved);
      dispatch({ type: 'reset', placements: prefilled(saved.items) });
      notify({ type: 'success', text: t('saved') });
    } catch (err) {
      notify({ type: 'error', text: failure(err, 'tours.failures.saveImages') });
      const fresh = await tours.listTourImages({ params: { id: missionId } }).catch(() => null);
      if (fresh) {
        setServer(fresh);
        dispatch({ type: 'reset', placements: prefilled(fresh.items) });
      }
    } finally {
      setSaving(false);
    }
  }

  const gridLines = [];
  for (let x = Math.ceil(frame.minX); x <= frame.minX + frame.width; x++) gridLines.push(<line key={`x${x}`} x1={x} y1={frame.minY} x2={x} y2={frame.minY + frame.height} className={x % 5 === 0 ? styles.major : styles.minor} />);
  for (let y = Math.ceil(frame.minY); y <= frame.minY + frame.height; y++) gridLines.push(<line key={`y${y}`} x1={frame.minX} y1={y} x2={frame.minX + frame.width} y2={y} className={y % 5 === 0 ? styles.major : styles.minor} />);

  return (
    <div className={styles.page}>
      <nav className={styles.links}>
        <Link href={`/mission/${missionId}`}>{t('back')}</Link>
        <Link href={`/mission/${missionId}/virtual_tour_images`}>{t('images')}</Link>
      </nav>
      {images.length === 0 ? (
        <p className={styles.hint}>{t('empty')}</p>
      ) : (
        <div className={styles.editor}>
          <aside className={styles.side}>
            <label className={styles.floorPick}>
              {t('floorShown')}
              <select value={state.floor} onChange={(e) => dispatch({ type: 'showFloor', floor: Number(e.target.value) })}>
                {floorsOf(state.placements).map((f) => <option key={f} value={f}>{floorName(f)}</option>)}
              </select>
            </label>
            <ul className={styles.images} aria-label={t('imagesLabel')}>
              {images.map((image) => {
                const p = state.placements[image.imageId]!;
                return (
                  <li key={image.imageId}>
                    <label>
                      <input type="checkbox" checked={state.selected.includes(image.imageId)} onChange={() => dispatch({ type: 'select', id: image.imageId, additive: true })} />
                      <span>{image.name}</span>
                    </label>
                    <span className={styles.hint}>
                      {p.floor === null ? t('noFloor') : floorName(p.floor)} · {p.x === null ? t('unplaced') : t('placed', { x: decimal(p.x, 1), y: decimal(p.y!, 1), heading: Math.round(p.heading) })}
                      {image.x === null && image.fromMetadata && ` · ${t('fromMetadata')}`}
                    </span>
                  </li>
                );
              })}
            </ul>
            <div className={styles.buttons}>
              <button type="button" disabled={state.selected.length === 0} onClick={() => dispatch({ type: 'assignFloor' })}>{t('assignFloor', { floor: floorName(state.floor) })}</button>
              <button type="button" disabled={state.selected.length === 0} onClick={() => dispatch({ type: 'rotate', degrees: -15 })}>{t('turnLeft')}</button>
              <button type="button" disabled={state.selected.length === 0} onClick={() => dispatch({ type: 'rotate', degrees: 15 })}>{t('turnRight')}</button>
              <button type="button" disabled={state.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>{t('undo')}</button>
              <button type="button" className={styles.primary} disabled={saving || changes.length === 0} onClick={() => void save()}>{t('save', { count: changes.length })}</button>
            </div>
            <p className={styles.hint}>{t('help')}</p>
          </aside>
          <svg
            ref={svg}
            className={styles.plan}
            viewBox={`${frame.minX} ${frame.minY} ${frame.width} ${frame.height}`}
            tabIndex={0}
            role="application"
            aria-label={t('planLabel', { floor: floorName(state.floor) })}
            onPointerDown={onPlanPointerDown}
            onPointerMove={onPlanPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
          >
            {slice && (
              <image href={slice.href} x={slice.minX} y={toSvgY(frame, slice.minY + slice.height)} width={slice.width} height={slice.height}
                preserveAspectRatio="none" className={styles.slice} data-testid="plan-slice" data-points={slice.count} />
            )}
            {gridLines}
            {onFloor.map((p) => {
              const y = toSvgY(frame, p.y!);
              const a = (p.heading * Math.PI) / 180;
              const selected = state.selected.includes(p.id);
              return (
                <g key={p.id} data-image={p.id} className={selected ? styles.selected : styles.spot}>
                  <line x1={p.x!} y1={y} x2={p.x! + 1.5 * Math.sin(a)} y2={y - 1.5 * Math.cos(a)} className={styles.heading} />
                  <circle cx={p.x!} cy={y} r={0.5} />
                  <text x={p.x! + 0.7} y={y - 0.7} className={styles.label}>{name(p.id)}</text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </div>
  );
}
