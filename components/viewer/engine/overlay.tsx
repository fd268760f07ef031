'use client';

import { createPortal } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BoxGeometry, BufferGeometry, EdgesGeometry, Float32BufferAttribute, Line, LineBasicMaterial, LineLoop, LineSegments, Points, PointsMaterial, type Scene, type Vector3 } from 'three';
import type { EngineVolume, OverlayItem } from './engine-types';
import { boxMatrix } from './volumes';

const SAVED = 0xffc107;
const DRAFT = 0x00e5ff;
const CLIP_BOX = 0x9ccc65;
const SLICE = 0xff7043;

/**
 * The measurements drawn over the cloud: lines and picked points, into their own scene that the
 * frame draws after the cloud (so neither the depth of the points nor the EDL pass hides them).
 * Coordinates are turned from the cloud's into the scene's (minus the origin) in double precision.
 */
export function Overlay({ scene, items, volumes, origin }: { scene: Scene; items: readonly OverlayItem[]; volumes: readonly EngineVolume[]; origin: Vector3 }) {
  return createPortal(
    <>
      {items.map((item) => (
        <ItemShape key={item.key} item={item} origin={origin} />
      ))}
      {volumes.map((volume) => (
        <VolumeShape key={volume.key} volume={volume} origin={origin} />
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

/** A clip box or slice as the edges of its box; the one being edited in the tools' colour. */
function VolumeShape({ volume, origin }: { volume: EngineVolume; origin: Vector3 }) {
  const object = useMemo(() => {
    const box = new BoxGeometry(1, 1, 1);
    const edges = new EdgesGeometry(box);
    box.dispose();
    const colour = volume.active ? DRAFT : volume.kind === 'slice' ? SLICE : CLIP_BOX;
    const lines = new LineSegments(edges, new LineBasicMaterial({ color: colour, depthTest: false }));
    lines.matrixAutoUpdate = false;
    lines.matrix.copy(boxMatrix(volume.centre, volume.size, volume.rotation, origin));
    return lines;
  }, [volume, origin]);

  useEffect(
    () => () => {
      object.geometry.dispose();
      object.material.dispose();
    },
    [object],
  );

  return <primitive object={object} />;
}
