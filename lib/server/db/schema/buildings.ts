import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import type { PolygonGeometry } from '../../../shared/geo/types';
import { BUILDING_TYPES } from '../../../shared/schemas/building';
import { DEFAULT_STOREY_HEIGHT_M } from '../../../shared/geo/measure';
import { mutable } from './columns';
import { mission } from './missions';

export const buildingType = pgEnum('building_type', BUILDING_TYPES);

/**
 * spec §3 Building (within a mission). The measures are computed from the footprint by
 * lib/shared/geo when it is written and stored, so lists and prints need no geometry code.
 */
export const building = pgTable(
  'building',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: buildingType().notNull().default('building'),
    /** GeoJSON Polygon, WGS84 lon/lat. */
    footprint: jsonb().$type<PolygonGeometry>().notNull(),
    /** m², geodesic. */
    groundArea: doublePrecision().notNull(),
    /** m²: perimeter × levels × storey height. */
    facadeArea: doublePrecision().notNull(),
    /** m. */
    perimeter: doublePrecision().notNull(),
    levels: integer().notNull().default(1),
    /** m. */
    storeyHeight: doublePrecision().notNull().default(DEFAULT_STOREY_HEIGHT_M),
    ...mutable,
  },
  (t) => [
    index('building_mission_idx').on(t.missionId, t.id),
    check('building_levels_min', sql`${t.levels} >= 1`),
    check('building_storey_height_positive', sql`${t.storeyHeight} > 0`),
    check('building_measures_non_negative', sql`${t.groundArea} >= 0 and ${t.facadeArea} >= 0 and ${t.perimeter} >= 0`),
    check(
      'building_footprint_polygon',
      sql`${t.footprint}->>'type' = 'Polygon' and jsonb_typeof(${t.footprint}->'coordinates') = 'array'`,
    ),
    check('building_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
);
