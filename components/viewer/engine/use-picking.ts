'use client';

import { useThree } from '@react-three/fiber';
import { Potree } from 'potree-core';
import { useEffect, useRef } from 'react';
import { Raycaster, Vector2 } from 'three';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { LoadedCloud } from './point-cloud-scene';

/** How far (pixels) a press may move and still count as a click, not a drag of the view. */
const CLICK_SLOP = 4;

/**
 * Picking on real points: with a tool active, a click (a press and release without a drag) takes
 * the point of the cloud under the pointer (potree-core's pick, a 15-pixel window), in the cloud's
 * coordinates.
 */
export function usePicking(cloud: LoadedCloud | null, picking: boolean, onPick: (point: Point3) => void) {
  const { gl, camera } = useThree();
  const latest = useRef({ picking, onPick });
  latest.current = { picking, onPick };

  useEffect(() => {
    if (!cloud) return;
    const canvas = gl.domElement;
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
    };
    const onUp = (e: PointerEvent) => {
      if (!down || !latest.current.picking || Math.hypot(e.clientX - down.x, e.clientY - down.y) > CLICK_SLOP) return;
      const rect = canvas.getBoundingClientRect();
      const ndc = new Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
      const ray = new Raycaster();
      ray.setFromCamera(ndc, camera);
      const hit = Potree.pick([cloud.pco], gl, camera, ray.ray, { pickWindowSize: 15 });
      if (!hit?.position) return;
      const { origin } = cloud;
      latest.current.onPick([hit.position.x + origin.x, hit.position.y + origin.y, hit.position.z + origin.z]);
    };
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointerup', onUp);
    return () => {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
    };
  }, [cloud, camera, gl]);
}
