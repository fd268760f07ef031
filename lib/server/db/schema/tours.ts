import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TOUR_STATUSES, type TourLinkEdits, type TourManifest } from '../../../shared/schemas/tour';
import { missionImage } from './blurring';
import { mutable } from './columns';
import { mission } from './missions';

export const tourStatus = pgEnum('tour_status', TOUR_STATUSES);

/**
 * spec §3 Tour: a virtual 360° tour of a mission. Its generated output (tiles under
 * `outputPrefix`, described by `manifest`) is swapped whole when a generation succeeds, so a
 * failed one (status error, `errorReason`) keeps the previous tour. `publicToken` set = published.
 */
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
    /** Why the last generation failed (status error). */
    errorReason: text(),
    /** The latest generation job (its row carries state and progress). */
    generationJobId: uuid(),
    outputPrefix: text(),
    manifest: jsonb().$type<TourManifest>(),
    /**
     * Links people added or removed by hand, as pairs of image ids, against the links positions
     * give: every generation applies them again, so they survive until someone rebuilds the links.
     */
    linkEdits: jsonb().$type<TourLinkEdits>().notNull().default({ added: [], removed: [] }),
    generatedAt: timestamp({ withTimezone: true }),
    /** The unguessable part of the public link; null when not published. */
    publicToken: text(),
    publishedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [
    index('tour_mission_idx').on(t.missionId),
    uniqueIndex('tour_public_token_key').on(t.publicToken),
    check('tour_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
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

/**
 * How a mission's panorama (a `mission_image` of kind panorama) takes part in its tours: name,
 * order, floor, place on that floor's plan (metres) and heading (degrees clockwise from plan north
 * to the panorama's centre). No row yet = defaults (file name, upload order, unplaced, in tours).
 */
export const tourPanorama = pgTable(
  'tour_panorama',
  {
    imageId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => missionImage.id, { onDelete: 'cascade' }),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    name: text(),
    sortOrder: integer(),
    floor: integer(),
    x: doublePrecision(),
    y: doublePrecision(),
    heading: doublePrecision().notNull().default(0),
    inTours: boolean().notNull().default(true),
    ...mutable,
  },
  (t) => [
    index('tour_panorama_mission_idx').on(t.missionId),
    check('tour_panorama_position_pair', sql`(${t.x} is null) = (${t.y} is null)`),
    check('tour_panorama_name_not_blank', sql`${t.name} is null or btrim(${t.name}) <> ''`),
  ],
);
