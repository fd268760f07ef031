import type { ViewerSettings } from '@/lib/shared/viewer/settings';

/** What the engine reports to the page: its phase and how many points the last frame drew. */
export interface EngineStatus {
  phase: 'loading' | 'ready' | 'pointcloudFailed' | 'initFailed';
  pointsDrawn: number;
}

export interface ViewerEngineProps {
  missionId: number;
  settings: ViewerSettings;
  onStatus: (status: EngineStatus) => void;
}
