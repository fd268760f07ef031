import type { PrivacyRecord } from './blurring';
import type { AuditPage } from './audit';
import type { DatasetDto, MissionPointcloudDto } from './dataset';
import type { MissionFileDto } from './mission-file';
import type { RenderedSliceDto } from './rendered-slice';
import type { MissionShareItem } from './mission-share';
import type { UpdatableMissionField } from './mission-update';
import type { MissionDetail, MissionNeighbours } from './mission-view';

/*
 * What the mission detail and print pages hand to their views: loaded on the server
 * (lib/server/missions/mission-page.ts), plain data for the components.
 */

/** What a user may do to one mission (lib/server/missions/mission-access.ts decides). */
export type MissionCapability =
  | 'read'
  /** Every field (otherwise the external view). */
  | 'readAllFields'
  | 'update'
  | 'close'
  | 'hide'
  | 'hold'
  | 'cloudSync'
  | 'share'
  | 'tag'
  | 'editBuildings'
  | 'readAudit'
  /** Upload scans, tour images and photos (POST /api/v2/uploads). */
  | 'upload'
  /** Upload CAD deliverables (internal users only). */
  | 'uploadCad';

/** The mission as the signed-in user may see it, with what they may do to it. */
export interface MissionPageData {
  mission: MissionDetail;
  capabilities: MissionCapability[];
  editable: UpdatableMissionField[];
}

export interface MissionRecords {
  datasets: DatasetDto[];
  /** The online point cloud's state ("pointcloud and CAD"); null when it could not be read. */
  pointcloud: MissionPointcloudDto | null;
  /** The mission's files ("downloads"); null when the user may not have raw files (readAllFields). */
  files: MissionFileDto[] | null;
  neighbours: MissionNeighbours;
  /** Slice views exported from the 3D viewer ("rendered slices"), newest first. */
  slices: RenderedSliceDto[];
  /** Null when the user may not share this mission (then they do not see whom it is shared with). */
  shares: MissionShareItem[] | null;
  /** Null when the user may not read the audit trail. */
  audit: AuditPage | null;
  /** The blurring privacy record; null when the user may not read the audit trail. */
  privacy: PrivacyRecord | null;
  /** Names of the tags the audit trail's tag and untag entries name (their diff holds only the id). */
  tagNames: Record<number, string>;
}
