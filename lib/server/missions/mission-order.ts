import 'server-only';
import { and, eq, gt, isNotNull, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** The columns of the missions (or of an alias of them) the sorts read. */
type KeyColumns = Record<'id' | 'createdAt' | 'name' | 'priority' | 'scanAppointment' | 'deliveryDate', AnyColumn>;

/** The keys of each sort, most significant first; all end with the id. */
function sortKeys(t: KeyColumns): Record<MissionSort, SortKey[]> {
  const id = key(sql`${t.id}`, 'bigint');
  return {
    created: [key(sql`${t.createdAt}`, 'timestamptz'), id],
    // Case-insensitive, as people read names.
    name: [key(sql`lower(${t.name})`, 'text'), id],
    // The enum is declared low → urgent; ties newest first within a priority follow created_at.
    priority: [key(sql`${t.priority}`, 'mission_priority'), key(sql`${t.createdAt}`, 'timestamptz'), id],
    scanAppointment: [key(sql`${t.scanAppointment}`, 'timestamptz', true), id],
    deliveryDate: [key(sql`${t.deliveryDate}`, 'date', true), id],
    id: [id],
  };
}
const SORT_KEYS = sortKeys(mission);

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

/** Rows strictly after (in `direction`) the row whose keys are `values` (a cursor's). */
export function after(sort: MissionSort, direction: Direction, values: (string | null)[]): SQL {
  const keys = SORT_KEYS[sort];
  if (values.length !== keys.length || values[keys.length - 1] === null) throw badCursor();
  if (keys.some((k, i) => values[i] === null && !k.nullable)) throw badCursor();
  return rowsAfter(sort, direction, keys.map((k, i) => ({ value: sql`cast(${values[i] ?? null} as ${sql.raw(k.type)})`, isNull: values[i] === null })));
}

/**
 * Rows strictly after (in `direction`) the row of `current`, an alias of the missions read in the
 * enclosing query: its own columns stand for a cursor's values, so a mission's neighbours need no
 * read of its keys first. Whether a key that may be null is null is decided in SQL.
 */
export function afterRow(sort: MissionSort, direction: Direction, current: KeyColumns): SQL {
  return rowsAfter(sort, direction, sortKeys(current)[sort].map((k) => ({ value: k.expr, isNull: k.nullable ? 'unknown' : false })));
}

/** A key's value to go beyond, and whether it is null: known for a cursor's values, not for a row's columns. */
interface Bound {
  value: SQL;
  isNull: boolean | 'unknown';
}

function rowsAfter(sort: MissionSort, direction: Direction, bounds: Bound[]): SQL {
  const keys = SORT_KEYS[sort];
  const beyond = (i: number): SQL => {
    const k = keys[i]!;
    const { value, isNull: none } = bounds[i]!;
    const further = direction === 'asc' ? gt(k.expr, value) : lt(k.expr, value);
    if (i === keys.length - 1) return further;
    const rest = beyond(i + 1);
    // Ascending, nulls come last: after a null only nulls remain. Descending they come first.
    const afterNull = () => (direction === 'asc' ? and(isNull(k.expr), rest)! : or(isNotNull(k.expr), and(isNull(k.expr), rest))!);
    const afterValue = () => {
      const tie = and(eq(k.expr, value), rest)!;
      return k.nullable && direction === 'asc' ? or(further, tie, isNull(k.expr))! : or(further, tie)!;
    };
    if (none === true) return afterNull();
    if (none === false) return afterValue();
    return or(and(isNull(value), afterNull()), and(isNotNull(value), afterValue()))!;
  };
  return and(firstKeyBound(keys[0]!, direction, bounds[0]!), beyond(0))!;
}

/**
 * The same condition restated as a range on the first key alone. It is implied by the OR-chain
 * above, but only this form lets PostgreSQL start the index scan at the cursor instead of walking
 * every row before it (a page 90 000 rows deep: 142 ms → 1 ms).
 */
function firstKeyBound(k: SortKey, direction: Direction, { value, isNull: none }: Bound): SQL | undefined {
  if (none === true) return undefined;
  const bound = direction === 'desc' ? sql`${k.expr} <= ${value}` : k.nullable ? or(sql`${k.expr} >= ${value}`, isNull(k.expr))! : sql`${k.expr} >= ${value}`;
  return none === 'unknown' ? or(isNull(value), bound) : bound;
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
