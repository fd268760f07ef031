'use client';

import { useFrame, useThree } from '@react-three/fiber';
import { PointColorType, PointShape, PointSizeType, Potree, PotreeRenderer, type PointCloudOctree } from 'potree-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box3, Color, OrthographicCamera, PerspectiveCamera, Raycaster, Scene, Vector2, Vector3, type Camera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { datasets } from '@/lib/client/api/datasets';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { ViewerSettings } from '@/lib/shared/viewer/settings';
import { lengthUnitOf, type LengthUnit } from '@/lib/shared/viewer/units';
import type { CameraView, SliceRender, ViewerEngineProps } from './engine-types';
import { configureOrbit, useFly } from './navigation';
import { Overlay } from './overlay';
import { pngBlob } from './png';
import { standardViewPosition } from './standard-views';
import { usePicking } from './use-picking';
import { installStatsHook, readStats } from './viewer-stats';
import { applyClipping, clipBoxOf, clippingOf, sliceCamera } from './volumes';

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

/** Scratch for projections (no allocation per call: the gizmo projects its handles every frame). */
const scratch = new Vector3();

/** potree-core's colour-output setting (TOOLCHAIN §16): without it three 0.187 draws every point white. */
const LINEAR_TO_SRGB = 1;
const FOV = 60;
/** How many load-and-upload rounds a slice view waits for its nodes at most. */
const MAX_LOAD_ROUNDS = 40;

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
 * (mouse, touch, keyboard), perspective or orthographic projection, and every frame's visibility
 * update and draw (with or without EDL), the measurements drawn on top.
 */
export function PointCloudScene({ missionId, settings, onStatus, onCloud, onApi, overlay, volumes, orthographic, navigation, picking, onPick }: ViewerEngineProps) {
  const { gl, camera, scene, size, set } = useThree();
  const potree = useMemo(() => new Potree(), []);
  const renderer = useMemo(() => new PotreeRenderer(), []);
  const overlayScene = useMemo(() => new Scene(), []);
  const [cloud, setCloud] = useState<LoadedCloud | null>(null);
  const controls = useRef<OrbitControls | null>(null);
  // The orbit's centre outlives the controls, which are made again for each camera.
  const target = useRef(new Vector3());
  const perspective = useRef(camera as PerspectiveCamera);
  const ortho = useMemo(() => {
    const c = new OrthographicCamera();
    c.up.set(0, 0, 1);
    // r3f leaves the frustum of a "manual" camera alone on resize: fitOrtho keeps it.
    (c as OrthographicCamera & { manual: boolean }).manual = true;
    return c;
  }, []);
  const drawn = useRef(-1);
  // Overlays outside the canvas (the volume gizmo) that follow the view after each frame.
  const frameListeners = useRef(new Set<() => void>());
  const navigationNow = useRef(navigation);
  // While a slice view is rendered off the window's camera, the frame loop leaves the canvas alone.
  const exporting = useRef(false);
  // The api outlives a render; a slice view puts back the clipping of the moment it ends.
  const currentVolumes = useRef(volumes);
  currentVolumes.current = volumes;

  useEffect(() => {
    const kept = target.current;
    const orbit = new OrbitControls(camera, gl.domElement);
    orbit.screenSpacePanning = true;
    orbit.target.copy(kept);
    orbit.listenToKeyEvents(gl.domElement);
    configureOrbit(orbit, navigationNow.current);
    orbit.update();
    controls.current = orbit;
    return () => {
      kept.copy(orbit.target);
      orbit.stopListenToKeyEvents();
      orbit.dispose();
      controls.current = null;
    };
  }, [camera, gl]);

  useEffect(() => {
    let live = true;
    let loaded: PointCloudOctree | null = null;
    // potree-core asks for `<base>metadata.json` and swaps the name for hierarchy.bin and octree.bin.
    const metadataUrl = datasets.missionPointcloudFile.url({ params: { id: missionId, file: 'metadata.json' } });
    potree.loadPointCloud('metadata.json', metadataUrl.slice(0, -'metadata.json'.length)).then(
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
        const extent = extentOf(pco);
        pco.material.heightMin = extent.min.z;
        pco.material.heightMax = extent.max.z;
        scene.add(pco);
        loaded = pco;
        const { position, target: centre } = overview(extent);
        place(camera, position, centre);
        fitPlanes(perspective.current, extent);
        const metadata = (pco.pcoGeometry as { loader?: { metadata?: unknown } }).loader?.metadata;
        const unit = lengthUnitOf(metadata);
        setCloud({ pco, origin, unit });
        const toCloud = (v: Vector3): Point3 => [v.x + origin.x, v.y + origin.y, v.z + origin.z];
        onCloud({ unit, extent: { min: toCloud(extent.min), max: toCloud(extent.max) } });
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
    // The camera is placed once, when the cloud arrives; switching projection must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missionId, potree, scene, onStatus, onCloud]);

  useEffect(() => () => renderer.dispose(), [renderer]);

  /** Moves the camera and the orbit's centre. */
  function place(cam: Camera, position: Vector3, centre: Vector3) {
    cam.position.copy(position);
    target.current.copy(centre);
    controls.current?.target.copy(centre);
    controls.current?.update();
    if (cam === ortho) fitOrtho();
  }

  /** The orthographic frustum showing what the perspective camera shows at the orbit's centre. */
  function fitOrtho() {
    const distance = Math.max(ortho.position.distanceTo(controls.current?.target ?? target.current), 1e-3);
    const height = 2 * distance * Math.tan(((perspective.current.fov / 2) * Math.PI) / 180);
    const aspect = size.width / Math.max(size.height, 1);
    Object.assign(ortho, { left: (-height * aspect) / 2, right: (height * aspect) / 2, top: height / 2, bottom: -height / 2, zoom: 1 });
    ortho.near = -perspective.current.far;
    ortho.far = perspective.current.far;
    ortho.updateProjectionMatrix();
  }

  // The orthographic toggle: the other camera takes the same place and direction.
  useEffect(() => {
    const next = orthographic ? ortho : perspective.current;
    if (next !== camera) {
      next.position.copy(camera.position);
      next.quaternion.copy(camera.quaternion);
      next.up.copy(camera.up);
    }
    if (orthographic) fitOrtho();
    if (next !== camera) set({ camera: next });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orthographic, size, camera, ortho, set]);

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

  // Clip boxes ("only clipped section") and shown slices cut the cloud to their boxes.
  useEffect(() => {
    if (cloud) applyClipping(cloud.pco.material, clippingOf(volumes, cloud.origin));
  }, [cloud, volumes]);

  /** One frame: the cloud's visible nodes for this view, the cloud (EDL or not), the measurements on top. */
  function draw() {
    if (!cloud) {
      gl.render(scene, camera);
      return;
    }
    potree.updatePointClouds([cloud.pco], camera, gl);
    renderer.render({ renderer: gl, scene, camera, pointClouds: [cloud.pco] });
    const autoClear = gl.autoClear;
    gl.autoClear = false;
    gl.clearDepth();
    gl.render(overlayScene, camera);
    gl.autoClear = autoClear;
  }

  // What the page may ask: views, flying to items, screenshots, in the cloud's coordinates.
  useEffect(() => {
    if (!cloud) return;
    const { origin, pco } = cloud;
    const toCloud = (v: Vector3): Point3 => [v.x + origin.x, v.y + origin.y, v.z + origin.z];
    const toScene = (p: Point3) => new Vector3(p[0] - origin.x, p[1] - origin.y, p[2] - origin.z);
    const removeStatsHook = installStatsHook({
      read: () => readStats(potree, pco),
      extent: () => {
        const box = extentOf(pco);
        return { min: toCloud(box.min), max: toCloud(box.max) };
      },
      look: (view) => place(camera, toScene(view.position), toScene(view.target)),
    });
    onApi({
      cameraView: () => ({ position: toCloud(camera.position), target: toCloud(controls.current?.target ?? target.current) }),
      flyTo: (points: readonly Point3[], view?: CameraView) => {
        if (view) return place(camera, toScene(view.position), toScene(view.target));
        const box = new Box3().setFromPoints(points.map(toScene));
        // A single point or a tiny item: a few metres around it.
        box.expandByScalar(Math.max(2, box.getSize(new Vector3()).length() * 0.25));
        const { position, target: centre } = overview(box);
        place(camera, position, centre);
      },
      standardView: (view) => {
        const { position, target: centre } = standardViewPosition(view, extentOf(pco), FOV);
        place(camera, position, centre);
      },
      focus: () => {
        const { position, target: centre } = overview(extentOf(pco));
        place(camera, position, centre);
      },
      screenshot: async (wanted) => {
        if (!wanted) {
          draw();
          return pngBlob(gl.domElement);
        }
        const before = { size: gl.getSize(new Vector2()), ratio: gl.getPixelRatio() };
        const aspect = (c: Camera, a: number) => {
          if (c instanceof PerspectiveCamera) c.aspect = a;
          else if (c instanceof OrthographicCamera) {
            const half = (c.top - c.bottom) / 2;
            c.left = -half * a;
            c.right = half * a;
          }
          (c as PerspectiveCamera).updateProjectionMatrix();
        };
        gl.setPixelRatio(1);
        gl.setSize(wanted.width, wanted.height, false);
        aspect(camera, wanted.width / wanted.height);
        try {
          draw();
          return await pngBlob(gl.domElement);
        } finally {
          gl.setPixelRatio(before.ratio);
          gl.setSize(before.size.x, before.size.y, false);
          aspect(camera, before.size.x / Math.max(before.size.y, 1));
        }
      },
      renderSlice: (slice) => renderSlice(slice),
      project: (p) => {
        const v = scratch.set(p[0] - origin.x, p[1] - origin.y, p[2] - origin.z).project(camera);
        if (v.z < -1 || v.z > 1) return null;
        const canvas = gl.domElement;
        return { x: ((v.x + 1) / 2) * canvas.clientWidth, y: ((1 - v.y) / 2) * canvas.clientHeight };
      },
      rayAt: (x, y) => {
        const canvas = gl.domElement;
        const ray = new Raycaster();
        ray.setFromCamera(new Vector2((x / Math.max(canvas.clientWidth, 1)) * 2 - 1, 1 - (y / Math.max(canvas.clientHeight, 1)) * 2), camera);
        const d = ray.ray.direction;
        return { origin: toCloud(ray.ray.origin), direction: [d.x, d.y, d.z] };
      },
      onFrame: (listener) => {
        frameListeners.current.add(listener);
        return () => frameListeners.current.delete(listener);
      },
    });
    return () => {
      removeStatsHook();
      onApi(null);
    };
    // place/draw read the current camera and cloud; the api is renewed when either changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cloud, camera, onApi]);

  /**
   * The slab alone through its orthographic camera at the picture's pixels, on white: its nodes are
   * loaded for that view first (the loader is asynchronous: a few rounds until nothing is pending),
   * then drawn once and read in the same task. The window's view is put back afterwards.
   */
  async function renderSlice(slice: SliceRender): Promise<Blob> {
    if (!cloud) throw new Error('no cloud');
    const { pco, origin } = cloud;
    const sliceCam = sliceCamera(slice, origin);
    const material = pco.material;
    const before = { size: gl.getSize(new Vector2()), ratio: gl.getPixelRatio(), colour: gl.getClearColor(new Color()), alpha: gl.getClearAlpha() };
    exporting.current = true;
    try {
      applyClipping(material, [clipBoxOf(slice.centre, slice.size, slice.rotation, origin)]);
      gl.setPixelRatio(1);
      gl.setSize(slice.width, slice.height, false);
      gl.setClearColor(0xffffff, 1);
      for (let round = 0; round < MAX_LOAD_ROUNDS; round += 1) {
        const result = potree.updatePointClouds([pco], sliceCam, gl);
        if (result.nodeLoadPromises.length === 0 && !result.exceededMaxLoadsToGPU) break;
        await Promise.allSettled(result.nodeLoadPromises);
        // Loaded nodes reach the GPU a few per update: let the next round take them.
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      renderer.render({ renderer: gl, scene, camera: sliceCam, pointClouds: [pco] });
      return await pngBlob(gl.domElement);
    } finally {
      gl.setClearColor(before.colour, before.alpha);
      gl.setPixelRatio(before.ratio);
      gl.setSize(before.size.x, before.size.y, false);
      applyClipping(material, clippingOf(currentVolumes.current, origin));
      exporting.current = false;
    }
  }

  usePicking(cloud, picking, onPick);

  // Fly at an eighth of the cloud's size a second: a building in seconds, a city block in a minute.
  const flySpeed = useMemo(() => (cloud ? Math.max(extentOf(cloud.pco).getSize(new Vector3()).length() / 8, 1) : 1), [cloud]);
  const fly = useFly(navigation === 'fly', camera, gl.domElement, flySpeed);

  useEffect(() => {
    const was = navigationNow.current;
    navigationNow.current = navigation;
    const orbit = controls.current;
    if (!orbit) return;
    configureOrbit(orbit, navigation);
    // Back from flying: orbit about the point ahead, as far as the old centre was.
    if (was === 'fly' && navigation !== 'fly') {
      const distance = Math.max(camera.position.distanceTo(orbit.target), 1);
      orbit.target.copy(camera.position).addScaledVector(camera.getWorldDirection(new Vector3()), distance);
      orbit.update();
    }
  }, [navigation, camera]);

  // Priority 1: this frame callback draws (r3f stops its own render).
  useFrame((_, delta) => {
    if (exporting.current) return;
    if (navigationNow.current === 'fly') fly(delta);
    else controls.current?.update();
    draw();
    for (const listener of frameListeners.current) listener();
    if (!cloud) return;
    const points = cloud.pco.visibleNodes.reduce((sum, node) => sum + node.numPoints, 0);
    if (points !== drawn.current) {
      // For `npm run bench viewer`: navigation → the first frame with points.
      if (points > 0 && performance.getEntriesByName('viewer:first-points').length === 0) performance.mark('viewer:first-points');
      drawn.current = points;
      onStatus({ phase: points > 0 ? 'ready' : 'loading', pointsDrawn: points });
    }
  }, 1);

  return cloud ? <Overlay scene={overlayScene} items={overlay} volumes={volumes} origin={cloud.origin} /> : null;
}

type Metadata = { offset?: number[]; attributes?: { name: string; min?: number[]; max?: number[] }[] };

/**
 * Where the points are, in scene coordinates: the position attribute's range from metadata.json
 * (the octree's own box is a cube, mostly empty above a building), else that cube.
 */
function extentOf(pco: PointCloudOctree): Box3 {
  const metadata = (pco.pcoGeometry as { loader?: { metadata?: Metadata } }).loader?.metadata;
  const position = metadata?.attributes?.find((a) => a.name === 'position');
  const offset = pco.pcoGeometry.offset;
  if (position?.min?.length === 3 && position.max?.length === 3) {
    const [x0, y0, z0] = position.min as [number, number, number];
    const [x1, y1, z1] = position.max as [number, number, number];
    return new Box3(new Vector3(x0 - offset.x, y0 - offset.y, z0 - offset.z), new Vector3(x1 - offset.x, y1 - offset.y, z1 - offset.z));
  }
  return pco.boundingBox;
}

/** The box seen from the south-west, above. */
function overview(box: Box3): { position: Vector3; target: Vector3 } {
  const centre = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1);
  return { position: new Vector3(centre.x - radius * 1.1, centre.y - radius * 1.3, centre.z + radius * 0.9), target: centre };
}

/** Near and far planes to the cloud's size. */
function fitPlanes(camera: PerspectiveCamera, box: Box3) {
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1);
  camera.near = radius / 1000;
  camera.far = radius * 100;
  camera.updateProjectionMatrix();
}
