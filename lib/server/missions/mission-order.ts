import 'server-only';
import { and, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { MISSION_PRIORITIES } from '@/lib/shared/schemas/mission';
import type { MissionSort } from '@/lib/shared/schemas/mission-view';
import { mission } from '../db/schema';
import { AppError } from '../errors';

/*
 * Keyset ordering of the mission lists (docs/adr/0005-missions-api.md). Every sort ends with the
 * mission id, so the order is total and a page boundary is one row: the next page is "rows after
 * the last row's keys", never an OFFSET. Inserts between requests therefore neither repeat nor
 * skip rows that existed when the first page was read.
 */

interface SortKey {
  expr: SQL;
  /** PostgreSQL type the cursor's text value is cast back to. */
  type: string;
  nullable: boolean;
}

const key = (expr: SQL, type: string, nullable = false): SortKey => ({ expr, type, nullable });
const ID = key(sql`${mission.id}`, 'bigint');

/** The keys of each sort, most significant first; all end with the id. */
const SORT_KEYS: Record<MissionSort, SortKey[]> = {
  created: [key(sql`${mission.createdAt}`, 'timestamptz'), ID],
  // Case-insensitive, as people read names.
  name: [key(sql`lower(${mission.name})`, 'text'), ID],
  // The enum is declared low → urgent; ties newest first within a priority follow created_at.
  priority: [key(sql`${mission.priority}`, 'mission_priority'), key(sql`${mission.createdAt}`, 'timestamptz'), ID],
  scanAppointment: [key(sql`${mission.scanAppointment}`, 'timestamptz', true), ID],
  deliveryDate: [key(sql`${mission.deliveryDate}`, 'date', true), ID],
  id: [ID],
};

export type Direction = 'asc' | 'desc';

export function orderBy(sort: MissionSort, direction: Direction): SQL[] {
  // PostgreSQL's defaults: NULLS LAST ascending, NULLS FIRST descending; the keyset below relies on them.
  return SORT_KEYS[sort].map((k) => (direction === 'asc' ? sql`${k.expr} asc` : sql`${k.expr} desc`));
}

/** The select expressions that give a row's key values as text (exact, e.g. microseconds). */
export function keyColumns(sort: MissionSort): Record<string, SQL<string | null>> {
  return Object.fromEntries(SORT_KEYS[sort].map((k, i) => [`k${i}`, sql<string | null>`(${k.expr})::text`]));
}

export const keyValues = (sort: MissionSort, row: Record<string, unknown>): (string | null)[] =>
  SORT_KEYS[sort].map((_, i) => (row[`k${i}`] as string | null | undefined) ?? null);

/** Rows strictly after (in `direction`) the row whose keys are `values`. */
export function after(sort: MissionSort, direction: Direction, values: (string | null)[]): SQL {
  const keys = SORT_KEYS[sort];
  if (values.length !== keys.length || values[keys.length - 1] === null) throw badCursor();
  const beyond = (i: number): SQL => {
    const k = keys[i]!;
    const v = values[i] ?? null;
    const cast = sql`cast(${v} as ${sql.raw(k.type)})`;
    const further = direction === 'asc' ? gt(k.expr, cast) : lt(k.expr, cast);
    if (i === keys.length - 1) return further;
    const rest = beyond(i + 1);
    if (v === null) {
      if (!k.nullable) throw badCursor();
      // Ascending, nulls come last: after a null only nulls remain. Descending they come first.
      return direction === 'asc' ? and(isNull(k.expr), rest)! : or(isNotNull(k.expr), and(isNull(k.expr), rest))!;
    }
    const tie = and(eq(k.expr, cast), rest)!;
    return k.nullable && direction === 'asc' ? or(further, tie, isNull(k.expr))! : or(further, tie)!;
  };
  return and(firstKeyBound(keys[0]!, direction, values[0] ?? null), beyond(0))!;
}

/**
 * The same condition restated as a range on the first key alone. It is implied by the OR-chain
 * above, but only this form lets PostgreSQL start the index scan at the cursor instead of walking
 * every row before it (a page 90 000 rows deep: 142 ms → 1 ms).
 */
function firstKeyBound(k: SortKey, direction: Direction, v: string | null): SQL | undefined {
  if (v === null) return undefined;
  const cast = sql`cast(${v} as ${sql.raw(k.type)})`;
  if (direction === 'desc') return sql`${k.expr} <= ${cast}`;
  return k.nullable ? or(sql`${k.expr} >= ${cast}`, isNull(k.expr)) : sql`${k.expr} >= ${cast}`;
}

/**
 * A LIMIT written into the SQL text instead of sent as a parameter. The app's statements are
 * prepared (lib/server/db/statement-cache.ts), and PostgreSQL cannot cost a generic plan whose
 * LIMIT is a parameter: it kept planning the list query afresh on every run (≈ 1 ms, as long as
 * running it). Page sizes are bounded integers (the list schema's `limit`), so the number of
 * distinct texts stays small. Drizzle's `limit()` takes a number or a placeholder; raw SQL is
 * what it embeds either way.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

/* The cursor is opaque to clients: base64url of the sort, direction and the last row's keys. */

export function encodeCursor(sort: MissionSort, direction: Direction, values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: sort, d: direction, v: values })).toString('base64url');
}

export function decodeCursor(cursor: string, sort: MissionSort, direction: Direction): (string | null)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const c = parsed as { s?: unknown; d?: unknown; v?: unknown };
  const keys = SORT_KEYS[sort];
  const valid =
    c && c.s === sort && c.d === direction && Array.isArray(c.v) && c.v.length === keys.length &&
    c.v.every((x, i) => x === null || (typeof x === 'string' && TEXT_OF[keys[i]!.type]!.test(x)));
  // A tampered value must not reach the cast in SQL (that would be a 500, not a 400).
  if (!valid) throw badCursor();
  return c.v as (string | null)[];
}

const TEXT_OF: Record<string, RegExp> = {
  bigint: /^\d{1,18}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  text: /^[\s\S]{0,1000}$/,
  mission_priority: new RegExp(`^(${MISSION_PRIORITIES.join('|')})$`),
};

const badCursor = () =>
  new AppError('validation', 'invalid input', { fields: { cursor: ['errors.missions.staleCursor'] } });
