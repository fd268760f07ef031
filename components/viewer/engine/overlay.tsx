'use client';

import { createPortal } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute, Line, LineBasicMaterial, LineLoop, Points, PointsMaterial, type Scene, type Vector3 } from 'three';
import type { OverlayItem } from './engine-types';

const SAVED = 0xffc107;
const DRAFT = 0x00e5ff;

/**
 * The measurements drawn over the cloud: lines and picked points, into their own scene that the
 * frame draws after the cloud (so neither the depth of the points nor the EDL pass hides them).
 * Coordinates are turned from the cloud's into the scene's (minus the origin) in double precision.
 */
export function Overlay({ scene, items, origin }: { scene: Scene; items: readonly OverlayItem[]; origin: Vector3 }) {
  return createPortal(
    <>
      {items.map((item) => (
        <ItemShape key={item.key} item={item} origin={origin} />
      ))}
    </>,
    scene,
  );
}

function ItemShape({ item, origin }: { item: OverlayItem; origin: Vector3 }) {
  const objects = useMemo(() => {
    const local = item.points.flatMap((p) => [p[0] - origin.x, p[1] - origin.y, p[2] - origin.z]);
    const colour = item.draft ? DRAFT : SAVED;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(local, 3));
    const markers = new Points(geometry, new PointsMaterial({ color: colour, size: 8, sizeAttenuation: false, depthTest: false }));
    const material = new LineBasicMaterial({ color: colour, depthTest: false });
    const line = item.kind === 'area' && item.points.length >= 3 ? new LineLoop(geometry, material) : new Line(geometry, material);
    return item.kind === 'annotation' ? [markers] : [line, markers];
  }, [item, origin]);

  useEffect(
    () => () => {
      for (const o of objects) {
        o.geometry.dispose();
        (o.material as { dispose(): void }).dispose();
      }
    },
    [objects],
  );

  return (
    <>
      {objects.map((o) => (
        <primitive key={o.uuid} object={o} />
      ))}
    </>
  );
}
