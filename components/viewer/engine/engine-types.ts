import type { Point3 } from '@/lib/shared/measurements/maths';
import type { ViewerSettings } from '@/lib/shared/viewer/settings';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import type { StandardView } from '../standard-view-names';

/** What the engine reports to the page: its phase and how many points the last frame drew. */
export interface EngineStatus {
  phase: 'loading' | 'ready' | 'pointcloudFailed' | 'initFailed';
  pointsDrawn: number;
}

/** The loaded cloud as the page needs it: its length unit (from its CRS). */
export interface EngineCloud {
  unit: LengthUnit;
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
  /** Orthographic instead of perspective projection. */
  orthographic: boolean;
  /** A tool is active: a click (not a drag) picks the point under the pointer. */
  picking: boolean;
  onPick: (point: Point3) => void;
}
