'use client';

import { useCallback, useEffect, useImperativeHandle, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref, type WheelEvent } from 'react';
import type { RegionShape } from '@/lib/shared/schemas/blurring';
import { boxFrom, boxRegion, contains, handlePoint, HANDLES, MIN_SIZE, moveRegion, polygonRegion, resizeRegion, type DraftRegion, type Handle, type Point } from './geometry';
import { drawPreview } from './preview';
import type { RegionsAction } from './regions-state';
import styles from './editor.module.css';

export type Tool = 'select' | Exclude<RegionShape, never>;

export interface StageHandle {
  zoomBy(factor: number): void;
  fit(): void;
  /** Closes the polygon being drawn (Enter); false when there is none. */
  closePolygon(): boolean;
  /** Drops the polygon being drawn (Escape); false when there is none. */
  cancelPolygon(): boolean;
  /** The part of the stage's box in view, in image pixels (where a region added by keyboard goes). */
  inView(): { x: number; y: number; width: number; height: number };
}

interface View {
  scale: number;
  tx: number;
  ty: number;
}

type Drag =
  | { kind: 'pan'; from: Point; view: View }
  | { kind: 'move'; id: string; from: Point; start: DraftRegion }
  | { kind: 'resize'; id: string; handle: Handle; start: DraftRegion }
  | { kind: 'draw'; shape: 'rectangle' | 'ellipse'; from: Point; to: Point };

const MIN_SCALE = 0.05;
const MAX_SCALE = 16;

/**
 * The image large, with zoom (wheel, buttons) and pan (drag the background), the regions drawn
 * over it in image pixels (an SVG with the image's own coordinates), and the tools: select and
 * move or resize by the corner handles, draw a rectangle or ellipse by dragging, a polygon by
 * clicking its corners. The preview paints the blurred look over the image.
 */
export function ImageStage({
  src, width, height, regions, selected, tool, kind, preview, label, describedBy, newId, dispatch, onZoom, stageRef,
}: {
  src: string;
  width: number;
  height: number;
  regions: readonly DraftRegion[];
  selected: string | null;
  tool: Tool;
  kind: DraftRegion['kind'];
  preview: boolean;
  label: string;
  /** The id of the keyboard help, read out when the stage gets focus. */
  describedBy?: string;
  newId: () => string;
  dispatch: (a: RegionsAction) => void;
  onZoom: (scale: number) => void;
  stageRef: Ref<StageHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<View>({ scale: 1, tx: 0, ty: 0 });
  const [drag, setDrag] = useState<Drag | null>(null);
  const [polygon, setPolygon] = useState<Point[]>([]);
  const [loaded, setLoaded] = useState(false);

  const fit = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const scale = Math.min(el.clientWidth / width, el.clientHeight / height);
    setView({ scale, tx: (el.clientWidth - width * scale) / 2, ty: (el.clientHeight - height * scale) / 2 });
  }, [width, height]);

  useEffect(() => {
    setLoaded(false);
    setPolygon([]);
    fit();
  }, [src, fit]);
  useEffect(() => onZoom(view.scale), [view.scale, onZoom]);

  const zoomAt = useCallback((factor: number, cx: number, cy: number) => {
    setView((v) => {
      const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, v.scale * factor));
      const k = scale / v.scale;
      return { scale, tx: cx - (cx - v.tx) * k, ty: cy - (cy - v.ty) * k };
    });
  }, []);

  const closePolygon = useCallback(() => {
    if (polygon.length === 0) return false;
    if (polygon.length >= 3) dispatch({ type: 'add', region: polygonRegion(newId(), polygon, kind) });
    setPolygon([]);
    return true;
  }, [polygon, dispatch, newId, kind]);

  useImperativeHandle(stageRef, () => ({
    zoomBy: (factor) => zoomAt(factor, (box.current?.clientWidth ?? 0) / 2, (box.current?.clientHeight ?? 0) / 2),
    fit,
    closePolygon,
    cancelPolygon: () => {
      const had = polygon.length > 0;
      setPolygon([]);
      return had;
    },
    inView: () => ({ x: -view.tx / view.scale, y: -view.ty / view.scale, width: (box.current?.clientWidth ?? 0) / view.scale, height: (box.current?.clientHeight ?? 0) / view.scale }),
  }), [zoomAt, fit, closePolygon, polygon.length, view]);

  useEffect(() => {
    if (preview && loaded && canvas.current && img.current) drawPreview(canvas.current, img.current, regions);
  }, [preview, loaded, regions]);

  const toImage = (e: { clientX: number; clientY: number }): Point => {
    const rect = box.current!.getBoundingClientRect();
    return [(e.clientX - rect.left - view.tx) / view.scale, (e.clientY - rect.top - view.ty) / view.scale];
  };

  const onWheel = (e: WheelEvent) => {
    const rect = box.current!.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX - rect.left, e.clientY - rect.top);
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    const p = toImage(e);
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    const handle = (e.target as Element).getAttribute('data-handle') as Handle | null;
    const current = regions.find((r) => r.id === selected);
    if (handle && current) {
      dispatch({ type: 'begin' });
      setDrag({ kind: 'resize', id: current.id, handle, start: current });
      return;
    }
    if (tool === 'polygon') {
      const first = polygon[0];
      // A click near the first corner closes the polygon.
      if (first && polygon.length >= 3 && Math.hypot(first[0] - p[0], first[1] - p[1]) * view.scale < 10) closePolygon();
      else setPolygon([...polygon, p]);
      return;
    }
    if (tool === 'rectangle' || tool === 'ellipse') {
      setDrag({ kind: 'draw', shape: tool, from: p, to: p });
      return;
    }
    const hit = [...regions].reverse().find((r) => contains(r, p[0], p[1]));
    dispatch({ type: 'select', id: hit?.id ?? null });
    if (hit) {
      dispatch({ type: 'begin' });
      setDrag({ kind: 'move', id: hit.id, from: p, start: hit });
    } else {
      setDrag({ kind: 'pan', from: [e.clientX, e.clientY], view });
    }
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    if (drag.kind === 'pan') {
      setView({ ...drag.view, tx: drag.view.tx + e.clientX - drag.from[0], ty: drag.view.ty + e.clientY - drag.from[1] });
      return;
    }
    const p = toImage(e);
    if (drag.kind === 'draw') setDrag({ ...drag, to: p });
    else if (drag.kind === 'move') dispatch({ type: 'change', region: moveRegion(drag.start, p[0] - drag.from[0], p[1] - drag.from[1]) });
    else dispatch({ type: 'change', region: resizeRegion(drag.start, drag.handle, p[0], p[1]) });
  };

  const onPointerUp = () => {
    if (drag?.kind === 'draw') {
      const b = boxFrom(drag.from, drag.to);
      if (b.width >= MIN_SIZE && b.height >= MIN_SIZE) dispatch({ type: 'add', region: boxRegion(newId(), drag.shape, b, kind) });
    }
    setDrag(null);
  };

  const drawing = drag?.kind === 'draw' ? boxFrom(drag.from, drag.to) : null;
  const handleSize = 10 / view.scale;
  const current = regions.find((r) => r.id === selected);
  return (
    <div
      ref={box}
      className={styles.stage}
      data-testid="blurring-stage"
      data-tool={tool}
      // Focusable, so a keyboard user has a place for the editor's keys (they work from anywhere else too).
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onDoubleClick={() => tool === 'polygon' && closePolygon()}
    >
      <div className={styles.layer} style={{ width, height, transform: `translate(${view.tx}px, ${view.ty}px) scale(${view.scale})` }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a private original at its natural size, drawn on by the preview canvas */}
        <img ref={img} src={src} alt="" width={width} height={height} draggable={false} onLoad={() => setLoaded(true)} data-testid="blurring-original" />
        <canvas ref={canvas} width={width} height={height} className={styles.preview} hidden={!preview} data-testid="blurring-preview" />
        <svg className={styles.overlay} viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
          {regions.map((r) => (
            <RegionShapeView key={r.id} region={r} selected={r.id === selected} preview={preview} />
          ))}
          {current && !preview && HANDLES.map((h) => {
            const [hx, hy] = handlePoint(current, h);
            return <rect key={h} data-handle={h} className={styles.handle} x={hx - handleSize / 2} y={hy - handleSize / 2} width={handleSize} height={handleSize} />;
          })}
          {drawing && (drag?.kind === 'draw' && drag.shape === 'ellipse'
            ? <ellipse className={styles.drawing} cx={drawing.x + drawing.width / 2} cy={drawing.y + drawing.height / 2} rx={drawing.width / 2} ry={drawing.height / 2} />
            : <rect className={styles.drawing} {...drawing} />)}
          {polygon.length > 0 && <polyline className={styles.drawing} points={polygon.map((p) => p.join(',')).join(' ')} />}
        </svg>
      </div>
    </div>
  );
}

function RegionShapeView({ region: r, selected, preview }: { region: DraftRegion; selected: boolean; preview: boolean }) {
  const cls = [styles.region, r.source === 'detector' ? styles.proposal : styles.manual, selected ? styles.selected : '', preview ? styles.faint : ''].join(' ');
  const common = { className: cls, 'data-region': r.id, 'data-shape': r.shape };
  if (r.shape === 'ellipse') return <ellipse {...common} cx={r.x + r.width / 2} cy={r.y + r.height / 2} rx={r.width / 2} ry={r.height / 2} />;
  if (r.shape === 'polygon') return <polygon {...common} points={(r.points ?? []).map((p) => p.join(',')).join(' ')} />;
  return <rect {...common} x={r.x} y={r.y} width={r.width} height={r.height} />;
}
