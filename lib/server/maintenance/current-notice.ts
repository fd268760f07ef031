import 'server-only';
import { and, asc, gt, lte } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { maintenanceNotice } from '@/lib/server/db/schema';
import type { Locale } from '@/lib/shared/locale';

export interface MaintenanceNoticeDto {
  text: string | null;
  startTime: string | null;
  endTime: string | null;
}

const none: MaintenanceNoticeDto = { text: null, startTime: null, endTime: null };

/** The notice to show now: announced (showFrom passed) and not yet over; the soonest wins. Public. */
export async function currentMaintenanceNotice(db: Db, locale: Locale, now = new Date()): Promise<MaintenanceNoticeDto> {
  const [row] = await db
    .select()
    .from(maintenanceNotice)
    .where(and(lte(maintenanceNotice.showFrom, now), gt(maintenanceNotice.endTime, now)))
    .orderBy(asc(maintenanceNotice.startTime))
    .limit(1);
  if (!row) return none;
  return { text: row.text[locale] ?? row.text.en, startTime: row.startTime.toISOString(), endTime: row.endTime.toISOString() };
}
