'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointImage } from '../render/point-image';
import { clear } from '../render/draw';
import { fit, pan, toWorld, zoomAbout, type Bounds, type ViewTransform, type WorldUV } from '../render/view-transform';
import styles from './panelizer.module.css';

export interface CanvasPointer {
  world: WorldUV;
  /** 0 left, 1 middle, 2 right. */
  button: number;
  /** Ctrl (or ⌘) held: no snapping (spec §2). */
  noSnap: boolean;
  shiftKey: boolean;
  transform: ViewTransform;
}

/**
 * One 2D view of the editor (Canvas 2D, the CPU renderer): the point image drawn once per frame
 * under the view's vectors. Middle mouse drags the camera, the wheel zooms about the cursor
 * (spec §2); left and right clicks go to the step in world metres. The transform is exposed as
 * `data-view` so tests can click at computed places.
 */
export function EditorCanvas({
  label,
  image,
  bounds,
  fitKey,
  draw,
  onDown,
  onMove,
  onUp,
  testId,
  info,
  cursor,
}: {
  /** The pointer's look over the view (a resize arrow over a handle); the stylesheet's otherwise. */
  cursor?: string;
  /** Counts the view shows, as data attributes (what tests and assistive checks read). */
  info?: Record<string, string | number>;
  label: string;
  image: PointImage | null;
  bounds: Bounds | null;
  /** The view refits to `bounds` when this changes (another floor, another elevation, points arrived). */
  fitKey: string;
  draw: (context: CanvasRenderingContext2D, t: ViewTransform, width: number, height: number) => void;
  onDown?: (p: CanvasPointer) => void;
  onMove?: (p: CanvasPointer) => void;
  onUp?: (p: CanvasPointer) => void;
  testId: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [transform, setTransform] = useState<ViewTransform | null>(null);
  const fitted = useRef<string | null>(null);
  const panning = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // A new subject (fitKey) is fitted to the frame. A frame that only changes size (the panels
  // beside it reflow after an edit) is fitted again until the user zoomed or panned; after that
  // their view is kept, centred as before, so an edit never throws away the zoom they work at.
  const laidOut = useRef(size);
  const viewMoved = useRef(false);
  useEffect(() => {
    const before = laidOut.current;
    laidOut.current = size;
    if (!bounds || size.width === 0) return;
    if (fitted.current !== fitKey || !viewMoved.current) {
      fitted.current = fitKey;
      viewMoved.current = false;
      setTransform(fit(bounds, size.width, size.height));
      return;
    }
    if (before.width === size.width && before.height === size.height) return;
    setTransform((t) => (t ? { ...t, ox: t.ox + (size.width - before.width) / 2, oy: t.oy + (size.height - before.height) / 2 } : t));
  }, [bounds, fitKey, size]);

  // Every render draws one frame (on the next animation frame, so several updates cost one draw).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !transform || size.width === 0) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== size.width * ratio) canvas.width = size.width * ratio;
      if (canvas.height !== size.height * ratio) canvas.height = size.height * ratio;
      const context = canvas.getContext('2d');
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      clear(context, size.width, size.height, image, transform);
      draw(context, transform, size.width, size.height);
    });
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      viewMoved.current = true;
      setTransform((t) => (t ? zoomAbout(t, [event.clientX - rect.left, event.clientY - rect.top], Math.exp(-event.deltaY * 0.0015)) : t));
    };
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => canvas.removeEventListener('wheel', wheel);
  }, []);

  const pointer = useCallback(
    (event: React.PointerEvent<HTMLCanvasElement>): CanvasPointer | null => {
      if (!transform) return null;
      const rect = event.currentTarget.getBoundingClientRect();
      const world = toWorld(transform, [event.clientX - rect.left, event.clientY - rect.top]);
      return { world, button: event.button, noSnap: event.ctrlKey || event.metaKey, shiftKey: event.shiftKey, transform };
    },
    [transform],
  );

  return (
    <canvas
      ref={canvasRef}
      className={styles.canvas}
      aria-label={label}
      role="application"
      tabIndex={0}
      data-testid={testId}
      style={cursor ? { cursor } : undefined}
      data-view={transform ? JSON.stringify(transform) : undefined}
      {...Object.fromEntries(Object.entries(info ?? {}).map(([k, v]) => [`data-${k}`, String(v)]))}
      onContextMenu={(event) => event.preventDefault()}
      onPointerDown={(event) => {
        event.currentTarget.focus({ preventScroll: true });
        if (event.button === 1) {
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          panning.current = { x: event.clientX, y: event.clientY };
          return;
        }
        const p = pointer(event);
        if (p && onDown) {
          event.currentTarget.setPointerCapture(event.pointerId);
          onDown(p);
        }
      }}
      onPointerMove={(event) => {
        if (panning.current) {
          const [dx, dy] = [event.clientX - panning.current.x, event.clientY - panning.current.y];
          panning.current = { x: event.clientX, y: event.clientY };
          viewMoved.current = true;
          setTransform((t) => (t ? pan(t, dx, dy) : t));
          return;
        }
        const p = pointer(event);
        if (p && onMove) onMove(p);
      }}
      onPointerUp={(event) => {
        if (panning.current) {
          panning.current = null;
          return;
        }
        const p = pointer(event);
        if (p && onUp) onUp(p);
      }}
    />
  );
}
