'use client';

import { useFrame, useThree } from '@react-three/fiber';
import { PointColorType, PointShape, PointSizeType, Potree, PotreeRenderer, type PointCloudOctree } from 'potree-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PerspectiveCamera, Vector3, type Box3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ViewerSettings } from '@/lib/shared/viewer/settings';
import { lengthUnitOf, type LengthUnit } from '@/lib/shared/viewer/units';
import type { ViewerEngineProps } from './engine-types';

const SIZING: Record<ViewerSettings['pointSizing'], PointSizeType> = {
  fixed: PointSizeType.FIXED,
  attenuated: PointSizeType.ATTENUATED,
  adaptive: PointSizeType.ADAPTIVE,
};
const THEME: Record<ViewerSettings['theme'], PointColorType> = {
  rgb: PointColorType.RGB,
  elevation: PointColorType.ELEVATION,
  intensity: PointColorType.INTENSITY,
  classification: PointColorType.CLASSIFICATION,
  returnNumber: PointColorType.RETURN_NUMBER,
};

/** potree-core's colour-output setting (TOOLCHAIN §16): without it three 0.187 draws every point white. */
const LINEAR_TO_SRGB = 1;

export interface LoadedCloud {
  pco: PointCloudOctree;
  /**
   * The cloud's coordinates of the scene's origin: the scene is recentred on the cloud (float32
   * cannot hold projected coordinates to the millimetre), so cloud = scene + origin.
   */
  origin: Vector3;
  unit: LengthUnit;
}

/**
 * The mission's online point cloud streamed with level of detail inside the budget (potree-core:
 * metadata.json, then hierarchy.bin and octree.bin with Range requests), the orbit controls
 * (mouse, touch, keyboard) and every frame's visibility update and draw, with or without EDL.
 */
export function PointCloudScene({ missionId, settings, onStatus }: ViewerEngineProps) {
  const { gl, camera, scene } = useThree();
  const potree = useMemo(() => new Potree(), []);
  const renderer = useMemo(() => new PotreeRenderer(), []);
  const [cloud, setCloud] = useState<LoadedCloud | null>(null);
  const controls = useRef<OrbitControls | null>(null);
  const drawn = useRef(-1);

  useEffect(() => {
    const orbit = new OrbitControls(camera, gl.domElement);
    orbit.screenSpacePanning = true;
    orbit.listenToKeyEvents(gl.domElement);
    controls.current = orbit;
    return () => {
      orbit.stopListenToKeyEvents();
      orbit.dispose();
      controls.current = null;
    };
  }, [camera, gl]);

  useEffect(() => {
    let live = true;
    let loaded: PointCloudOctree | null = null;
    potree.loadPointCloud('metadata.json', `/api/v2/missions/${missionId}/pointcloud/`).then(
      (pco) => {
        if (!live) {
          pco.dispose();
          return;
        }
        // The loader places the cloud at its offset (projected coordinates); keep it at the scene's origin instead.
        const origin = pco.pcoGeometry.offset.clone();
        pco.position.set(0, 0, 0);
        pco.updateMatrix();
        pco.updateMatrixWorld(true);
        pco.material.outputColorEncoding = LINEAR_TO_SRGB;
        pco.material.heightMin = pco.boundingBox.min.z;
        pco.material.heightMax = pco.boundingBox.max.z;
        scene.add(pco);
        loaded = pco;
        if (controls.current) frame(camera, controls.current, pco.boundingBox);
        const metadata = (pco.pcoGeometry as { loader?: { metadata?: unknown } }).loader?.metadata;
        setCloud({ pco, origin, unit: lengthUnitOf(metadata) });
      },
      () => {
        if (live) onStatus({ phase: 'pointcloudFailed', pointsDrawn: 0 });
      },
    );
    return () => {
      live = false;
      if (loaded) {
        scene.remove(loaded);
        loaded.dispose();
      }
    };
  }, [missionId, potree, scene, camera, onStatus]);

  useEffect(() => () => renderer.dispose(), [renderer]);

  useEffect(() => {
    potree.pointBudget = settings.pointBudget;
    renderer.setEDL({ enabled: settings.edl, strength: settings.edlStrength, radius: settings.edlRadius });
    if (!cloud) return;
    const { pco } = cloud;
    const m = pco.material;
    pco.minNodePixelSize = settings.minNodeSize;
    m.size = settings.pointSize;
    m.pointSizeType = SIZING[settings.pointSizing];
    m.minSize = settings.minPointSize;
    m.opacity = settings.opacity;
    m.transparent = settings.opacity < 1;
    m.depthWrite = settings.opacity >= 1;
    m.pointColorType = THEME[settings.theme];
    // Potree's "high quality" splats: round, depth-shaded points instead of flat squares.
    m.shape = settings.highQuality ? PointShape.PARABOLOID : PointShape.SQUARE;
  }, [settings, cloud, potree, renderer]);

  // Priority 1: this frame callback draws (r3f stops its own render).
  useFrame(() => {
    controls.current?.update();
    if (!cloud) {
      gl.render(scene, camera);
      return;
    }
    potree.updatePointClouds([cloud.pco], camera, gl);
    renderer.render({ renderer: gl, scene, camera, pointClouds: [cloud.pco] });
    const points = cloud.pco.visibleNodes.reduce((sum, node) => sum + node.numPoints, 0);
    if (points !== drawn.current) {
      drawn.current = points;
      onStatus({ phase: points > 0 ? 'ready' : 'loading', pointsDrawn: points });
    }
  }, 1);

  return null;
}

/** Looks at the whole cloud from the south-west, above, with near and far planes to its size. */
function frame(camera: import('three').Camera, orbit: OrbitControls, box: Box3) {
  const centre = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1);
  camera.position.set(centre.x - radius * 1.1, centre.y - radius * 1.3, centre.z + radius * 0.9);
  if (camera instanceof PerspectiveCamera) {
    camera.near = radius / 1000;
    camera.far = radius * 100;
    camera.updateProjectionMatrix();
  }
  orbit.target.copy(centre);
  orbit.update();
}
