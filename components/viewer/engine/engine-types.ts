import type { Point3 } from '@/lib/shared/measurements/maths';
import type { ViewerSettings } from '@/lib/shared/viewer/settings';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import type { SliceAxis, Size3 } from '@/lib/shared/viewer/volumes';
import type { StandardView } from '../standard-view-names';
import type { NavigationMode } from '../navigation-modes';

/** What the engine reports to the page: its phase and how many points the last frame drew. */
export interface EngineStatus {
  phase: 'loading' | 'ready' | 'pointcloudFailed' | 'initFailed';
  pointsDrawn: number;
}

/** The loaded cloud as the page needs it: its length unit (from its CRS) and where its points are (cloud coordinates). */
export interface EngineCloud {
  unit: LengthUnit;
  extent: { min: Point3; max: Point3 };
}

/**
 * A clip box or slice as the engine draws it: the box (cloud coordinates, its own axes' size, a
 * turn about the vertical) and whether the cloud is cut to it ("only clipped section", a shown slice).
 */
export interface EngineVolume {
  key: string;
  kind: 'clip-box' | 'slice';
  centre: Point3;
  size: Size3;
  rotation: number;
  clips: boolean;
  /** Being edited: drawn brighter. */
  active?: boolean;
}

/** An orthographic picture of a slab: the box it shows, its axis, the picture's pixels. */
export interface SliceRender {
  centre: Point3;
  /** The slab's box (its size with the thin axis already its width). */
  size: Size3;
  rotation: number;
  axis: SliceAxis;
  width: number;
  height: number;
}

/** A view in the cloud's coordinates: where the camera is and the point it looks at. */
export interface CameraView {
  position: Point3;
  target: Point3;
}

/** What the page may ask of the engine once the cloud is loaded. */
export interface EngineApi {
  cameraView(): CameraView;
  /** Frames the points (cloud coordinates), or moves to a stored view. */
  flyTo(points: readonly Point3[], view?: CameraView): void;
  /** One of the six standard views of the whole cloud. */
  standardView(view: StandardView): void;
  /** Frames the whole cloud. */
  focus(): void;
  /** The current frame as a PNG at the window's size or the given one (pixels). */
  screenshot(size?: { width: number; height: number }): Promise<Blob>;
  /** A slab seen square-on through an orthographic camera, only its points, as a PNG of the given pixels. */
  renderSlice(slice: SliceRender): Promise<Blob>;
  /** Where a point (cloud coordinates) is on the canvas (CSS pixels from its top left); null when behind the camera. */
  project(point: Point3): { x: number; y: number } | null;
  /** The pointer's ray at a canvas position (CSS pixels), in cloud coordinates. */
  rayAt(x: number, y: number): { origin: Point3; direction: Point3 };
  /** Calls `listener` after every drawn frame (overlays that follow the view); returns how to stop. */
  onFrame(listener: () => void): () => void;
}

/** A saved item or the one being made, drawn over the cloud. */
export interface OverlayItem {
  key: string;
  kind: string;
  points: readonly Point3[];
  draft?: boolean;
}

export interface ViewerEngineProps {
  missionId: number;
  settings: ViewerSettings;
  onStatus: (status: EngineStatus) => void;
  onCloud: (cloud: EngineCloud) => void;
  onApi: (api: EngineApi | null) => void;
  overlay: readonly OverlayItem[];
  /** The clip boxes and slices shown. */
  volumes: readonly EngineVolume[];
  /** Orthographic instead of perspective projection. */
  orthographic: boolean;
  /** Orbit, earth or fly navigation. */
  navigation: NavigationMode;
  /** A tool is active: a click (not a drag) picks the point under the pointer. */
  picking: boolean;
  onPick: (point: Point3) => void;
}
