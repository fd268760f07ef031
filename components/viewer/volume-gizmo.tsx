'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type PointerEvent } from 'react';
import { dragBox, FACE_HANDLES, handlePositions, roundBox, type Box, type HandleId, type Ray } from '@/lib/shared/viewer/gizmo';
import type { EngineApi } from './engine/engine-types';
import { boxOfVolume, withBox, type VolumeData } from './volume-data';
import styles from './viewer.module.css';

const HANDLES: readonly HandleId[] = ['move', 'turn', ...FACE_HANDLES];
const FACE_NAMES = { '+x': 'xEnd', '-x': 'xStart', '+y': 'back', '-y': 'front', '+z': 'top', '-z': 'bottom' } as const;

/**
 * Drag handles over the canvas for the clip box or slice being edited: the centre moves it over the
 * ground plane, a face's handle resizes it (the opposite face stays), the corner handle turns it
 * about the vertical. Buttons above the canvas, not shapes in it, so the orbit controls never see
 * the press and each handle has a name; they follow the view after every frame the engine draws.
 * Every move of the pointer shows the new box (`onDrag`); letting go keeps it (`onDrop`).
 */
export function VolumeGizmo({ api, name, volume, onDrag, onDrop }: { api: EngineApi; name: string; volume: VolumeData; onDrag: (volume: VolumeData) => void; onDrop: (volume: VolumeData) => void }) {
  const t = useTranslations('viewer.gizmo');
  const layer = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<HandleId, HTMLButtonElement>());
  const box = useRef<Box>(boxOfVolume(volume));
  box.current = boxOfVolume(volume);
  const drag = useRef<{ handle: HandleId; start: Box; from: Ray; volume: VolumeData; last: VolumeData | null } | null>(null);

  // Follow the view: each handle where its point is on the canvas, hidden when behind the camera.
  useEffect(
    () =>
      api.onFrame(() => {
        const positions = handlePositions(box.current);
        for (const [id, button] of buttons.current) {
          const at = api.project(positions[id]);
          button.hidden = at === null;
          if (at) button.style.transform = `translate(${at.x.toFixed(1)}px, ${at.y.toFixed(1)}px)`;
        }
      }),
    [api],
  );

  const rayOf = (e: PointerEvent) => {
    const rect = layer.current!.getBoundingClientRect();
    return api.rayAt(e.clientX - rect.left, e.clientY - rect.top);
  };

  const press = (handle: HandleId) => (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { handle, start: box.current, from: rayOf(e), volume, last: null };
  };

  const move = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    d.last = withBox(d.volume, roundBox(dragBox(d.start, d.handle, d.from, rayOf(e))));
    onDrag(d.last);
  };

  const release = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (d?.last) onDrop(d.last);
  };

  const label = (id: HandleId) => (id === 'move' ? t('move', { name }) : id === 'turn' ? t('turn', { name }) : t('resize', { name, face: t(`faces.${FACE_NAMES[id]}`) }));

  return (
    <div ref={layer} className={styles.gizmo} data-testid="viewer-gizmo">
      {HANDLES.map((id) => (
        <button
          key={id}
          ref={(el) => {
            if (el) buttons.current.set(id, el);
            else buttons.current.delete(id);
          }}
          type="button"
          tabIndex={-1}
          hidden
          className={styles.handle}
          data-handle={id}
          aria-label={label(id)}
          title={label(id)}
          onPointerDown={press(id)}
          onPointerMove={move}
          onPointerUp={release}
          onPointerCancel={release}
        />
      ))}
    </div>
  );
}
