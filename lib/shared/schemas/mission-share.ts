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

/** A share as the mission page lists it (spec §3 Mission share: shared by, shared with, date). */
export const missionShareItemSchema = z.object({
  missionId: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.number().int(),
  customerName: z.string(),
  companyName: z.string(),
  sharedBy: z.string().nullable(),
  sharedByName: z.string().nullable(),
  sharedAt: z.iso.datetime({ offset: true }),
});
export type MissionShareItem = z.output<typeof missionShareItemSchema>;
