import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { maintenanceNotice } from '@/lib/server/db/schema';

export const scheduleMaintenanceInput = z
  .object({
    text: z.object({ en: z.string().trim().min(1).max(500), de: z.string().trim().min(1).max(500) }),
    startTime: z.coerce.date(),
    endTime: z.coerce.date(),
    showFrom: z.coerce.date().optional(),
  })
  .refine((v) => v.endTime > v.startTime, { path: ['endTime'], message: 'must be after startTime' })
  .refine((v) => !v.showFrom || v.showFrom <= v.startTime, { path: ['showFrom'], message: 'must not be after startTime' });

/** Schedules a maintenance window; it shows to users from `showFrom` (default now) until it ends. */
export async function scheduleMaintenance(db: Db, input: z.input<typeof scheduleMaintenanceInput>) {
  const notice = scheduleMaintenanceInput.parse(input);
  const [row] = await db
    .insert(maintenanceNotice)
    .values({ text: notice.text, startTime: notice.startTime, endTime: notice.endTime, showFrom: notice.showFrom ?? new Date() })
    .returning({ id: maintenanceNotice.id });
  return row!;
}
