import { formatDate } from '@/lib/shared/format/date';
import type { MissionListItem, MissionSort } from '@/lib/shared/schemas/mission-view';
import type { MissionTableColumn } from '@/lib/shared/schemas/table-preset';

/** Columns of `/mission-list` and `/assigned`. */
export const MISSION_LIST_COLUMNS: readonly MissionTableColumn[] = ['id', 'name', 'company', 'customer', 'status', 'step', 'priority', 'assignee', 'createdAt', 'scanAppointment', 'deliveryDate'];

/** spec §2: the project list's columns, exactly: ID, Name, Priority, Assignee, Created, Scan Appointment, Step. */
export const PROJECT_LIST_COLUMNS = ['id', 'name', 'priority', 'assignee', 'createdAt', 'scanAppointment', 'step'] as const satisfies readonly MissionTableColumn[];

/** What the missions table shows before the user picks columns or a preset. */
export const DEFAULT_TABLE_COLUMNS: readonly MissionTableColumn[] = ['id', 'name', 'company', 'customer', 'status', 'step', 'priority', 'assignee', 'createdAt'];

/** Columns whose header sorts the list (by the list's sort key). */
export const SORT_OF_COLUMN: Partial<Record<MissionTableColumn, MissionSort>> = {
  id: 'id',
  name: 'name',
  priority: 'priority',
  createdAt: 'created',
  scanAppointment: 'scanAppointment',
  deliveryDate: 'deliveryDate',
};

export interface CellContext {
  /** next-intl's translator over the whole catalogue. */
  t: (key: string, values?: Record<string, string | number>) => string;
  locale: string;
  /** The app's time zone (next-intl's), so the server render and the browser agree. */
  timeZone: string;
  tagNames: Readonly<Record<number, string>>;
  userNames: Readonly<Record<string, string>>;
}

type Enum = 'status' | 'step' | 'priority' | 'pipelineStatus' | 'cloudSyncState';
type Kind =
  | { kind: 'text'; field: string }
  | { kind: 'enum'; field: Enum }
  | { kind: 'enums'; field: 'products' | 'additionalProducts' }
  | { kind: 'bool'; field: string }
  | { kind: 'dateTime'; field: string }
  | { kind: 'date'; field: string }
  | { kind: 'user'; field: string };

const KINDS: Record<MissionTableColumn, Kind> = {
  id: { kind: 'text', field: 'id' },
  name: { kind: 'text', field: 'name' },
  company: { kind: 'text', field: 'companyName' },
  customer: { kind: 'text', field: 'customerName' },
  subCustomer: { kind: 'text', field: 'subCustomerId' },
  internalReference: { kind: 'text', field: 'internalReference' },
  customerReference: { kind: 'text', field: 'customerReference' },
  orderConfirmationNumber: { kind: 'text', field: 'orderConfirmationNumber' },
  owner: { kind: 'user', field: 'ownerId' },
  assignee: { kind: 'text', field: 'assigneeName' },
  tags: { kind: 'text', field: 'tagIds' },
  priority: { kind: 'enum', field: 'priority' },
  status: { kind: 'enum', field: 'status' },
  pipelineStatus: { kind: 'enum', field: 'pipelineStatus' },
  step: { kind: 'enum', field: 'step' },
  ready: { kind: 'bool', field: 'ready' },
  approved: { kind: 'bool', field: 'approved' },
  cloudOnline: { kind: 'bool', field: 'cloudOnline' },
  address: { kind: 'text', field: 'address' },
  buildings: { kind: 'text', field: 'buildingCount' },
  products: { kind: 'enums', field: 'products' },
  additionalProducts: { kind: 'enums', field: 'additionalProducts' },
  scanAppointment: { kind: 'dateTime', field: 'scanAppointment' },
  startFromOffice: { kind: 'dateTime', field: 'startFromOffice' },
  createdBy: { kind: 'user', field: 'createdBy' },
  createdAt: { kind: 'dateTime', field: 'createdAt' },
  deliveredOn: { kind: 'dateTime', field: 'deliveredOn' },
  deliveryDate: { kind: 'date', field: 'deliveryDate' },
  pclDeliveryDate: { kind: 'date', field: 'pclDeliveryDate' },
  cadDeliveryDate: { kind: 'date', field: 'cadDeliveryDate' },
  externalDeliveryDate: { kind: 'date', field: 'externalDeliveryDate' },
  externalMissionStatus: { kind: 'text', field: 'externalMissionStatus' },
  externalOrderReference: { kind: 'text', field: 'externalOrderReference' },
  closed: { kind: 'bool', field: 'closed' },
  hidden: { kind: 'bool', field: 'hidden' },
  onHold: { kind: 'bool', field: 'onHold' },
  cloudSyncState: { kind: 'enum', field: 'cloudSyncState' },
};

/** Shown where the row has no value, or the user's view of the mission leaves the field out. */
export const EMPTY_CELL = '–';

/** The text of one cell; dates per spec §9 (long month, 24-hour clock, the user's locale). */
export function cellText(item: MissionListItem, column: MissionTableColumn, ctx: CellContext): string {
  const k = KINDS[column];
  const value = (item as Record<string, unknown>)[k.field];
  const values = 'missions.fields.values';
  switch (k.kind) {
    case 'enum':
      return typeof value === 'string' ? ctx.t(`${values}.${k.field}.${value}`) : EMPTY_CELL;
    case 'enums':
      return Array.isArray(value) && value.length ? value.map((v: string) => ctx.t(`${values}.${k.field}.${v}`)).join(', ') : EMPTY_CELL;
    case 'bool':
      return typeof value === 'boolean' ? ctx.t(`${values}.${value ? 'yes' : 'no'}`) : EMPTY_CELL;
    case 'dateTime':
      return value === undefined ? EMPTY_CELL : formatDate(value as string | null, ctx.locale, { timeZone: ctx.timeZone, notSet: EMPTY_CELL });
    case 'date':
      // A calendar date (YYYY-MM-DD) is midnight UTC; read in UTC it stays that day everywhere.
      return value === undefined ? EMPTY_CELL : formatDate(value as string | null, ctx.locale, { time: false, timeZone: 'UTC', notSet: EMPTY_CELL });
    case 'user':
      return typeof value === 'string' ? (ctx.userNames[value] ?? EMPTY_CELL) : EMPTY_CELL;
    case 'text':
      if (column === 'tags') return Array.isArray(value) && value.length ? value.map((id: number) => ctx.tagNames[id] ?? `#${id}`).join(', ') : EMPTY_CELL;
      return value === null || value === undefined || value === '' ? EMPTY_CELL : String(value);
  }
}
