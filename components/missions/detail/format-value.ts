import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import { formatDate } from '@/lib/shared/format/date';
import { numberFormat } from '@/lib/shared/format/number';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Fields that are calendar days ('YYYY-MM-DD'): shown without a time, in UTC so the day never shifts. */
export const DAY_FIELDS = new Set(['deliveryDate', 'pclDeliveryDate', 'cadDeliveryDate', 'externalDeliveryDate']);
export const INSTANT_FIELDS = new Set(['scanAppointment', 'startFromOffice', 'createdAt', 'updatedAt', 'deliveredOn', 'backedUpAt', 'cloudSyncedAt']);
export const ENUM_FIELDS = new Set(['status', 'step', 'priority', 'pipelineStatus', 'backupState', 'cloudSyncState']);
export const MULTI_FIELDS = new Set(['products', 'additionalProducts']);
export const FLAG_FIELDS = new Set(['ready', 'approved', 'cloudOnline', 'closed', 'hidden', 'onHold']);

export interface FormatContext {
  t: Translate;
  locale: string;
  timeZone: string;
}

/** Whether the mission as the user may see it has this field at all (external users get fewer). */
export function hasField(mission: MissionDetail, field: string): boolean {
  if (field === 'createdBy') return 'creator' in mission;
  return field in mission;
}

/**
 * A mission field as the detail page shows it: names instead of ids, translated states, dates
 * per spec §9 (long month, 24-hour clock, the user's locale; unset shows the not-set text).
 */
export function formatValue(mission: MissionDetail, field: string, { t, locale, timeZone }: FormatContext): string {
  const values = mission as unknown as Record<string, unknown>;
  const value = values[field];
  const notSet = t('missions.detail.notSet');
  const full = mission.view === 'full' ? mission : null;
  switch (field) {
    case 'companyId':
      return mission.company.name || String(mission.companyId);
    case 'customerId':
      return mission.customer ? `${mission.customer.name} (${mission.customer.customerNumber})` : notSet;
    case 'subCustomerId':
      return full?.subCustomer ? `${full.subCustomer.name} (${full.subCustomer.customerNumber})` : notSet;
    case 'ownerId':
      return full?.owner?.displayName ?? notSet;
    case 'assigneeId':
      return full?.assignee?.displayName ?? notSet;
    case 'createdBy':
      return full?.creator?.displayName ?? notSet;
    case 'tags':
      return mission.tags.length ? mission.tags.map((tag) => tag.name).join(', ') : t('missions.fields.values.none');
  }
  if (DAY_FIELDS.has(field)) return formatDate(value as string | null, locale, { time: false, timeZone: 'UTC', notSet });
  if (INSTANT_FIELDS.has(field)) return formatDate(value as string | null, locale, { timeZone, notSet });
  if (FLAG_FIELDS.has(field)) return t(value ? 'missions.fields.values.yes' : 'missions.fields.values.no');
  if (ENUM_FIELDS.has(field)) return t(`missions.fields.values.${field}.${String(value)}`);
  if (MULTI_FIELDS.has(field)) {
    const list = (value as string[]) ?? [];
    return list.length ? list.map((v) => t(`missions.fields.values.${field}.${v}`)).join(', ') : t('missions.fields.values.none');
  }
  if (typeof value === 'number') return numberFormat(locale, field === 'latitude' || field === 'longitude' ? 6 : 2).format(value);
  if (value === null || value === undefined || value === '') return notSet;
  return String(value);
}
