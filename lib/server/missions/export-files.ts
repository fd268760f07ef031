import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { z } from 'zod';
import { CATALOGUES } from '@/lib/server/i18n/catalogues';
import { MISSION_EXPORT_FORMATS, type MissionExportFormat } from '@/lib/shared/api/endpoints/mission-exports';
import { APP_TIME_ZONE, locales, type Locale } from '@/lib/shared/locale';
import { missionListFilters, type MissionListItem } from '@/lib/shared/schemas/mission-view';
import type { UserActor } from '../auth/actor';
import { appUser, mission } from '../db/schema';
import type { Db } from '../db/client';
import { jobDomainContext } from '../domain/contexts';
import { PermanentJobError } from '../jobs/define';
import { joinKey } from '../storage/keys';
import type { Storage } from '../storage/types';
import { listMissions } from './list-missions';
import { missionListWhere } from './mission-filters';

/*
 * The file side of the project list's "Export All" (spec §2): the job input, the run, and the
 * CSV/XLSX encoders. export-missions.ts enqueues the job (contract: export-job.ts); the worker
 * runs it through export-job-handler.ts.
 */

export const MISSION_EXPORT_JOB = 'missions.export';

/** spec §2 project list columns, in order; the export writes exactly these. */
export const EXPORT_COLUMNS = ['id', 'name', 'priority', 'assignee', 'created', 'scanAppointment', 'step'] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** A guard against an export that would not fit in memory; the demo and the benchmark stay far below. */
export const MAX_EXPORT_ROWS = 100_000;
const PAGE = 200;

/**
 * What the job needs. Visibility: the job runs the list verb as the user who asked, so the file
 * holds exactly the missions their list shows. Their roles come from the session of that request
 * (roles live in the identity service; the job starts within seconds); their company and customer
 * are read again from app_user when the job runs, so a user moved to another company meanwhile
 * exports with the new scope, and a deleted user exports nothing.
 */
export const missionExportJobInput = z.object({
  format: z.enum(MISSION_EXPORT_FORMATS),
  filters: missionListFilters,
  locale: z.enum(locales),
  requestedBy: z.object({
    identityId: z.uuid(),
    roles: z.array(z.string()).max(20),
    customerNumber: z.number().int().nullable(),
  }),
});
export type MissionExportJobInput = z.input<typeof missionExportJobInput>;

export interface MissionExportResult {
  key: string;
  fileName: string;
  contentType: string;
  rows: number;
}

export const CONTENT_TYPES: Record<MissionExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportRunContext {
  db: Db;
  storage: Storage;
  jobId: string;
  signal?: AbortSignal;
  reportProgress?(percent: number): Promise<void>;
}

/** The actor of the export: the requester's roles from the request, company and customer from app_user now. */
export async function exportActor(db: Db, requestedBy: z.output<typeof missionExportJobInput>['requestedBy']): Promise<UserActor> {
  const [profile] = await db
    .select({ companyId: appUser.companyId, customerId: appUser.customerId })
    .from(appUser)
    .where(eq(appUser.identityId, requestedBy.identityId));
  if (!profile) throw new PermanentJobError('The user who asked for this export no longer exists');
  return { kind: 'user', identityId: requestedBy.identityId, roles: requestedBy.roles, customerNumber: requestedBy.customerNumber, ...profile };
}

/** Runs the list verb page by page as the requester and stores the file; returns where it is. */
export async function runMissionExport(ctx: ExportRunContext, input: MissionExportJobInput): Promise<MissionExportResult> {
  const data = missionExportJobInput.parse(input);
  const actor = await exportActor(ctx.db, data.requestedBy);
  const domain = jobDomainContext(ctx, actor);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(mission).where(and(missionListWhere(actor, data.filters)));
  if (total > MAX_EXPORT_ROWS) throw new PermanentJobError(`The filter matches ${total} missions; narrow it to at most ${MAX_EXPORT_ROWS}`);

  const items: MissionListItem[] = [];
  let cursor: string | undefined;
  do {
    if (ctx.signal?.aborted) throw new Error('The export was stopped');
    const page = await listMissions(domain, { ...data.filters, cursor, limit: PAGE });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    await ctx.reportProgress?.(Math.min(90, Math.round((items.length / Math.max(total, 1)) * 90)));
  } while (cursor && items.length < MAX_EXPORT_ROWS);

  const table = exportTable(items, data.locale);
  const body = data.format === 'csv' ? toCsv(table) : await toXlsx(table);
  const fileName = `missions-${wallClock(new Date()).toISOString().slice(0, 10)}.${data.format}`;
  // Under tmp/: maintenance.cleanup deletes it after 24 hours, so exports do not pile up.
  const key = joinKey('tmp', 'exports', ctx.jobId, fileName);
  await ctx.storage.put(key, body, { contentType: CONTENT_TYPES[data.format], signal: ctx.signal });
  return { key, fileName, contentType: CONTENT_TYPES[data.format], rows: items.length };
}

/* ---- the table ---- */

export type ExportCell = string | number | Date | null;
export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
}

function cell(item: MissionListItem, column: ExportColumn, locale: Locale): ExportCell {
  const values = CATALOGUES[locale].missions.fields.values;
  switch (column) {
    case 'id':
      return item.id;
    case 'name':
      return item.name;
    // Priority and assignee are not part of an external user's view: their cells stay empty.
    case 'priority':
      return item.view === 'full' ? values.priority[item.priority] : null;
    case 'assignee':
      return item.view === 'full' ? item.assigneeName : null;
    case 'created':
      return wallClock(new Date(item.createdAt));
    case 'scanAppointment':
      return item.scanAppointment ? wallClock(new Date(item.scanAppointment)) : null;
    case 'step':
      return values.step[item.step];
  }
}

/** The export's header (spec §2 column names in the user's language) and one row per mission. */
export function exportTable(items: readonly MissionListItem[], locale: Locale): ExportTable {
  const names = CATALOGUES[locale].projectList.columns;
  return { header: EXPORT_COLUMNS.map((c) => names[c]), rows: items.map((item) => EXPORT_COLUMNS.map((c) => cell(item, c, locale))) };
}

// One formatter for every cell of an export: building one costs far more than using it.
const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  // Exported dates are wall-clock times of the time zone the screens use.
  timeZone: APP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The same instant as a Date whose UTC fields are the wall-clock time in the app's time zone:
 * spreadsheets have no time zones, so they show (and CSV writes) what the screens show.
 */
export function wallClock(date: Date): Date {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return new Date(Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!));
}

/* ---- CSV (RFC 4180) ---- */

/** Cells starting with these are run as formulas by spreadsheets (CSV injection); a leading apostrophe makes them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: ExportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value instanceof Date ? value.toISOString().slice(0, 16).replace('T', ' ') : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line ends, quoted fields where needed; UTF-8 with a BOM so Excel reads umlauts right. */
export function toCsv(table: ExportTable): Buffer {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.map((l) => `${l}\r\n`).join('')}`, 'utf8');
}

/* ---- XLSX ---- */

/** Every value is a typed cell (text stays text, so no formula is ever written); dates get a date format. */
export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const header = table.header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) =>
    row.map((value) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd hh:mm' } : value === null ? null : { value })),
  );
  return writeXlsxFile([header, ...rows], { sheet: 'Missions', columns: [{ width: 10 }, { width: 40 }, { width: 12 }, { width: 24 }, { width: 18 }, { width: 18 }, { width: 22 }] }).toBuffer();
}
