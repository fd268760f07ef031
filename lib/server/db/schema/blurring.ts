import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DETECTION_STATES, IMAGE_KINDS, type Region } from '../../../shared/schemas/blurring';
import { mutable } from './columns';
import { missionFile } from './datasets';
import { mission } from './missions';

export const imageKind = pgEnum('image_kind', IMAGE_KINDS);
export const detectionState = pgEnum('detection_state', DETECTION_STATES);

/**
 * An image of a mission (issue 18, shared with the tours of issue 17): a finished `tour-image`
 * upload is a panorama, a `photo` upload a photo. The original stays private to the blurring
 * review; everything else serves `blurredKey`, rendered from `regions` at `blurredVersion`.
 */
export const missionImage = pgTable(
  'mission_image',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    missionFileId: bigint({ mode: 'number' })
      .notNull()
      .references(() => missionFile.id, { onDelete: 'cascade' }),
    kind: imageKind().notNull(),
    /** Upright size in pixels (EXIF orientation applied); null until the detection job read it. */
    width: integer(),
    height: integer(),
    /** What the intake read: format, orientation, colour space. */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    detection: detectionState().notNull().default('queued'),
    detectionError: text(),
    detector: text(),
    detectorVersion: text(),
    detectedAt: timestamp({ withTimezone: true }),
    /** The regions to blur: a versioned document, saved whole (409 on a stale `regionsVersion`). */
    regions: jsonb().$type<Region[]>().notNull().default([]),
    regionsVersion: integer().notNull().default(1),
    /** The blurred derivative and its thumbnail, rendered from `regions` at `blurredVersion`. */
    blurredKey: text(),
    thumbnailKey: text(),
    blurredVersion: integer(),
    editedBy: uuid(),
    editedAt: timestamp({ withTimezone: true }),
    approvedBy: uuid(),
    approvedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [
    uniqueIndex('mission_image_file_key').on(t.missionFileId),
    index('mission_image_mission_idx').on(t.missionId, t.id),
    check('mission_image_size_positive', sql`(${t.width} is null and ${t.height} is null) or (${t.width} > 0 and ${t.height} > 0)`),
    check('mission_image_approval_pair', sql`(${t.approvedBy} is null) = (${t.approvedAt} is null)`),
  ],
);

/**
 * A mission's blurring (spec §6): who blurred (the first pass), who finished and when. Finished
 * means every image was approved by someone other than `blurredBy`; the tours publish rule reads
 * `finishedAt`. A saved region after finishing clears it (the check re-opens).
 */
export const missionBlurring = pgTable(
  'mission_blurring',
  {
    missionId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => mission.id, { onDelete: 'cascade' }),
    blurredBy: uuid(),
    blurredAt: timestamp({ withTimezone: true }),
    finishedBy: uuid(),
    finishedAt: timestamp({ withTimezone: true }),
    ...mutable,
  },
  (t) => [
    check('mission_blurring_finish_pair', sql`(${t.finishedBy} is null) = (${t.finishedAt} is null)`),
    check('mission_blurring_four_eyes', sql`${t.finishedBy} is null or ${t.blurredBy} is null or ${t.finishedBy} <> ${t.blurredBy}`),
  ],
);
