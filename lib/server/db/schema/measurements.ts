import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MEASUREMENT_KINDS } from '../../../shared/schemas/measurement';
import { mutable } from './columns';
import { mission } from './missions';

export const measurementKind = pgEnum('measurement_kind', MEASUREMENT_KINDS);

/**
 * The 3D viewer's saved items of a mission (issue 16): distance, height and area measurements,
 * annotations, slices and clip boxes. `points` are [x, y, z] in the point cloud's CRS; `data`
 * holds what the kind needs beyond them (lib/shared/schemas/measurement.ts validates both).
 */
export const measurement = pgTable(
  'measurement',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    kind: measurementKind().notNull(),
    name: text().notNull(),
    visible: boolean().notNull().default(true),
    points: jsonb().$type<[number, number, number][]>().notNull().default([]),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Identity id of who made it; null for the system. */
    createdBy: uuid(),
    ...mutable,
  },
  (t) => [
    index('measurement_mission_idx').on(t.missionId, t.id),
    check('measurement_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('measurement_points_array', sql`jsonb_typeof(${t.points}) = 'array'`),
    check('measurement_data_object', sql`jsonb_typeof(${t.data}) = 'object'`),
  ],
);
