import { z } from 'zod';
import { idSchema } from './common';

export const shareMissionInput = z.object({
  missionId: idSchema,
  /** The additional customer the mission is shared with. */
  customerId: idSchema,
});
export type ShareMissionInput = z.input<typeof shareMissionInput>;

export interface MissionShareDto {
  missionId: number;
  customerId: number;
  /** Identity id of who shared it; null when the system did. */
  sharedBy: string | null;
  sharedAt: string;
}
