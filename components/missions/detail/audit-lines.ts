import { formatDate } from '@/lib/shared/format/date';
import { numberFormat } from '@/lib/shared/format/number';
import type { AuditEventDto, AuditNames } from '@/lib/shared/schemas/audit';
import { labelKey } from './field-labels';
import { DAY_FIELDS, ENUM_FIELDS, FLAG_FIELDS, INSTANT_FIELDS, MULTI_FIELDS, type FormatContext } from './format-value';

/** A translate function over the whole catalogue that can tell whether a key exists. */
export type AuditTranslate = FormatContext['t'] & { has: (key: string) => boolean };

export interface AuditContext extends Omit<FormatContext, 't'> {
  t: AuditTranslate;
  names: AuditNames;
  /** Tag names by id, for tag and untag entries. */
  tagNames?: Readonly<Record<number, string>>;
}

const MAX_SHOWN = 120;
const USER_FIELDS = new Set(['ownerId', 'assigneeId', 'sharedBy', 'createdBy']);
const CUSTOMER_FIELDS = new Set(['customerId', 'subCustomerId', 'sharedWith']);
/** Dataset fields whose values are the spec §4 dataset states and types. */
const DATASET_VALUES: Readonly<Record<string, string>> = { status: 'datasets.statuses', type: 'datasets.types' };
/** What a diff of these entities may show: technical fields (storage keys, checksums, job ids, link edits) stay out. */
const SHOWN_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  dataset: new Set(['status', 'type']),
  tour: new Set(['name']),
  tour_images: new Set(),
  panelizer_project: new Set(['name']),
  panelizer_export: new Set(),
};

const cut = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/** A translated key when the catalogue has it, else the fallback (a value from an older release). */
const known = (t: AuditTranslate, key: string, fallback: string) => (t.has(key) ? t(key) : fallback);

/**
 * One value of a change as a reader understands it: names instead of ids, translated states,
 * dates per spec §9 (long month, 24-hour clock, the browser's locale; unset shows 'not set').
 */
export function auditValue(entity: string, field: string, value: unknown, ctx: AuditContext): string {
  const { t, locale, timeZone, names } = ctx;
  const notSet = t('missions.detail.notSet');
  if (value === null || value === undefined || value === '') return notSet;
  if (entity === 'dataset' && DATASET_VALUES[field]) return known(t, `${DATASET_VALUES[field]}.${String(value)}`, String(value));
  if (USER_FIELDS.has(field)) return names.users[String(value)] ?? t('missions.detail.audit.unknownUser');
  if (field === 'companyId') return names.companies[String(value)] ?? `#${String(value)}`;
  if (CUSTOMER_FIELDS.has(field)) return names.customers[String(value)] ?? `#${String(value)}`;
  if (DAY_FIELDS.has(field)) return formatDate(value as string, locale, { time: false, timeZone: 'UTC', notSet });
  if (INSTANT_FIELDS.has(field) || field === 'sharedAt') return formatDate(value as string, locale, { timeZone, notSet });
  if (FLAG_FIELDS.has(field)) return t(value ? 'missions.fields.values.yes' : 'missions.fields.values.no');
  if (ENUM_FIELDS.has(field)) return known(t, `missions.fields.values.${field}.${String(value)}`, String(value));
  if (MULTI_FIELDS.has(field) && Array.isArray(value)) {
    return value.length ? value.map((v) => known(t, `missions.fields.values.${field}.${String(v)}`, String(v))).join(', ') : t('missions.fields.values.none');
  }
  if (typeof value === 'number') return numberFormat(locale, field === 'latitude' || field === 'longitude' ? 6 : 2).format(value);
  return cut(typeof value === 'string' ? value : JSON.stringify(value));
}

function fieldLabel(entity: string, field: string, t: AuditTranslate): string {
  if (entity === 'dataset') return known(t, `datasets.columns.${field}`, field);
  return known(t, `missions.fields.${labelKey(field)}`, field);
}

/** The name an entry's diff gives its subject (created, renamed or deleted), for one that no longer exists. */
function diffName(diff: AuditEventDto['diff']): string | undefined {
  const name = Array.isArray(diff.name) ? diff.name[1] : diff.name;
  return typeof name === 'string' ? name : undefined;
}

/** Entities named by their id in the page's names, or by the name their entry recorded (created, renamed, deleted). */
const NAMED_BY_ID: Readonly<Record<string, keyof AuditNames>> = {
  building: 'buildings',
  mission_image: 'images',
  measurement: 'measurements',
  rendered_slice: 'renderedSlices',
  tour: 'tours',
};

/** How an entry names its subject: a name where there is one, never a UUID. */
function subject(event: AuditEventDto, ctx: AuditContext): string {
  const { t, names } = ctx;
  const id = event.entityId;
  switch (event.entity) {
    case 'dataset':
      return names.datasets[id] ?? id;
    case 'upload':
      return names.uploads[id] ?? t('missions.detail.audit.unnamedUpload');
    case 'panelizer_project':
      return names.panelizerProjects[id] ?? diffName(event.diff) ?? '';
    case 'panelizer_export':
      return String(event.diff.number ?? '');
    case 'mission_backup':
      // A backup is known by when it was made (its id is a job's UUID).
      return typeof event.diff.finishedAt === 'string' ? formatDate(event.diff.finishedAt, ctx.locale, { timeZone: ctx.timeZone }) : '';
    default: {
      const kind = NAMED_BY_ID[event.entity];
      return (kind ? (names[kind][id] ?? diffName(event.diff)) : undefined) ?? id;
    }
  }
}

/** What an entry is about when it is not the mission itself: "scan DS-0042", "upload scan.laz". */
function entityLabel(event: AuditEventDto, ctx: AuditContext): string {
  const id = subject(event, ctx);
  const key = `missions.detail.audit.entities.${event.entity}`;
  return (ctx.t.has(key) ? ctx.t(key, { id }) : `${event.entity} ${id}`).trim();
}

/** The entry's headline: the translated action, with whom for a share, and what it is about. */
export function auditAction(event: AuditEventDto, ctx: AuditContext): string {
  const { t } = ctx;
  if (event.action === 'share' || event.action === 'unshare') {
    return t(`missions.detail.audit.actions.${event.action}With`, { customer: auditValue(event.entity, 'sharedWith', event.diff.sharedWith, ctx) });
  }
  const action = known(t, `missions.detail.audit.actions.${event.action}`, event.action);
  return event.entity === 'mission' ? action : `${action} (${entityLabel(event, ctx)})`;
}

/** The entry's details, one line each: field changes, the tag, the point count. */
export function auditLines(event: AuditEventDto, ctx: AuditContext): string[] {
  const { t, locale } = ctx;
  const { diff } = event;
  if (event.action === 'tag' || event.action === 'untag') {
    // The diff holds the tag id; older pages loaded later may name tags the page does not know.
    const id = Number(diff.tagId);
    return [t('missions.tags.auditTag', { name: ctx.tagNames?.[id] ?? `#${id}` })];
  }
  if (event.action === 'unshare' && diff.sharedBy !== undefined) {
    return [t('missions.detail.audit.sharedBy', { user: auditValue(event.entity, 'sharedBy', diff.sharedBy, ctx), date: auditValue(event.entity, 'sharedAt', diff.sharedAt, ctx) })];
  }
  if (event.entity === 'mission_backup') {
    const reason = `missions.detail.audit.backupRemoved.${String(diff.reason)}`;
    return t.has(reason) ? [t(reason, { days: Number(diff.retentionDays) })] : [];
  }
  if (typeof diff.pointCount === 'number') return [t('missions.detail.audit.points', { count: numberFormat(locale, 0).format(diff.pointCount) })];
  const shown = SHOWN_FIELDS[event.entity];
  // A confirmation link moves the step (and a delivery date): its changes are shown, as an update's.
  if (event.action !== 'update' && event.action !== 'confirm' && !shown) return [];
  return Object.entries(diff)
    .filter(([field, change]) => (shown ? shown.has(field) : true) && (event.action === 'update' || Array.isArray(change)))
    .map(([field, change]) => {
      const [before, after] = Array.isArray(change) ? change : [undefined, change];
      return t('missions.detail.audit.change', { field: fieldLabel(event.entity, field, t), before: auditValue(event.entity, field, before, ctx), after: auditValue(event.entity, field, after, ctx) });
    });
}
