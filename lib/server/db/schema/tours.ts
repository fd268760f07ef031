import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { TOUR_STATUSES } from '../../../shared/schemas/tour';
import { mutable } from './columns';
import { mission } from './missions';

export const tourStatus = pgEnum('tour_status', TOUR_STATUSES);

/** spec §3 Tour: a virtual 360° tour of a mission. */
export const tour = pgTable(
  'tour',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: tourStatus().notNull().default('not_published'),
    /** Storage key of the latest export archive, if any. */
    exportKey: text(),
    ...mutable,
  },
  (t) => [index('tour_mission_idx').on(t.missionId), check('tour_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);

/** A panorama of a tour (the spec's Slide: name and imageLink, the link being served from storageKey). */
export const tourImage = pgTable(
  'tour_image',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tourId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tour.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    storageKey: text().notNull(),
    /** Order within the tour. */
    position: integer().notNull().default(0),
    floorLabel: text(),
    ...mutable,
  },
  (t) => [index('tour_image_tour_idx').on(t.tourId, t.position)],
);
