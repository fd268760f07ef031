import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ADDITIONAL_PRODUCTS,
  BACKUP_STATES,
  BLURRING_INSTRUCTIONS_MAX_BYTES,
  CLOUD_SYNC_STATES,
  DESCRIPTION_MAX_BYTES,
  EXTERNAL_ORDER_REFERENCE_MAX_BYTES,
  MISSION_NAME_MIN_LENGTH,
  MISSION_PRIORITIES,
  MISSION_PRODUCTS,
  MISSION_STATUSES,
  PIPELINE_STATUSES,
  PROJECT_STEPS,
  SCAN_OPERATOR_NOTES_MAX_BYTES,
} from '../../../shared/schemas/mission';
import { mutable } from './columns';
import { company, customer } from './companies';

export const missionStatus = pgEnum('mission_status', MISSION_STATUSES);
export const projectStep = pgEnum('project_step', PROJECT_STEPS);
export const missionPriority = pgEnum('mission_priority', MISSION_PRIORITIES);
export const pipelineStatus = pgEnum('pipeline_status', PIPELINE_STATUSES);
export const missionProduct = pgEnum('mission_product', MISSION_PRODUCTS);
export const additionalProduct = pgEnum('additional_product', ADDITIONAL_PRODUCTS);
export const backupState = pgEnum('backup_state', BACKUP_STATES);
export const cloudSyncState = pgEnum('cloud_sync_state', CLOUD_SYNC_STATES);

/** spec §3 Mission: every listed field, plus the state the mission actions of spec §2 change. */
export const mission = pgTable(
  'mission',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    companyId: bigint({ mode: 'number' })
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    customerId: bigint({ mode: 'number' }).references(() => customer.id, { onDelete: 'restrict' }),
    subCustomerId: bigint({ mode: 'number' }).references(() => customer.id, { onDelete: 'restrict' }),
    internalReference: text(),
    customerReference: text(),
    orderConfirmationNumber: text(),
    /** Identity ids (no FK: identities live in the identity service). */
    ownerId: uuid(),
    assigneeId: uuid(),
    priority: missionPriority().notNull().default('normal'),
    status: missionStatus().notNull().default('created'),
    pipelineStatus: pipelineStatus().notNull().default('not_started'),
    step: projectStep().notNull().default('create'),
    ready: boolean().notNull().default(false),
    approved: boolean().notNull().default(false),
    cloudOnline: boolean().notNull().default(false),
    address: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    products: missionProduct().array().notNull(),
    additionalProducts: additionalProduct().array().notNull().default(sql`'{}'::additional_product[]`),
    scanAppointment: timestamp({ withTimezone: true }),
    startFromOffice: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    deliveredOn: timestamp({ withTimezone: true }),
    deliveryDate: date({ mode: 'string' }),
    pclDeliveryDate: date({ mode: 'string' }),
    cadDeliveryDate: date({ mode: 'string' }),
    externalDeliveryDate: date({ mode: 'string' }),
    externalMissionStatus: text(),
    externalOrderReference: text(),
    description: text(),
    pclTeamDescription: text(),
    scanOperatorNotes: text(),
    blurringInstructions: text(),
    // Mission actions (spec §2): close/reopen, hide/show, hold/resume, backup, cloud sync.
    closed: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    onHold: boolean().notNull().default(false),
    backupState: backupState().notNull().default('none'),
    backedUpAt: timestamp({ withTimezone: true }),
    cloudSyncState: cloudSyncState().notNull().default('unsynced'),
    cloudSyncedAt: timestamp({ withTimezone: true }),
    /** Lower-cased id, name, references and address for the free-text search (trigram index). */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(id::text || ' ' || name || ' ' || coalesce(internal_reference, '') || ' ' || coalesce(customer_reference, '') || ' ' || coalesce(order_confirmation_number, '') || ' ' || coalesce(external_order_reference, '') || ' ' || coalesce(address, ''))`,
      ),
    ...mutable,
  },
  (t) => [
    // Keyset pagination of the lists: newest first by (created_at, id); the pk serves "by id".
    index('mission_created_idx').on(t.createdAt, t.id),
    // Filters, each followed by the keyset so a filtered page is one index range.
    index('mission_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('mission_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('mission_sub_customer_idx').on(t.subCustomerId),
    index('mission_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    index('mission_owner_idx').on(t.ownerId),
    index('mission_status_created_idx').on(t.status, t.createdAt, t.id),
    index('mission_step_created_idx').on(t.step, t.createdAt, t.id),
    index('mission_priority_created_idx').on(t.priority, t.createdAt, t.id),
    // The other list sorts of docs/adr/0005, each key followed by the id like the keyset: a first or next
    // page is an index range instead of a sort of every visible row (100 000 missions: ~400 ms → ~10 ms).
    index('mission_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('mission_delivery_date_sort_idx').on(t.deliveryDate, t.id),
    index('mission_scan_appointment_idx').on(t.scanAppointment, t.id),
    index('mission_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Bounding-box loading of the map overview.
    index('mission_location_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    check('mission_name_min_length', sql`char_length(btrim(${t.name})) >= ${sql.raw(String(MISSION_NAME_MIN_LENGTH))}`),
    check('mission_products_not_empty', sql`cardinality(${t.products}) >= 1`),
    check('mission_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('mission_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('mission_sub_customer_needs_customer', sql`${t.subCustomerId} is null or ${t.customerId} is not null`),
    check('mission_scan_after_office', sql`${t.scanAppointment} > ${t.startFromOffice}`),
    check('mission_external_after_pcl', sql`${t.externalDeliveryDate} > ${t.pclDeliveryDate}`),
    check('mission_external_after_cad', sql`${t.externalDeliveryDate} > ${t.cadDeliveryDate}`),
    check('mission_blurring_not_empty', sql`btrim(${t.blurringInstructions}) <> ''`),
    check('mission_description_bytes', sql`octet_length(${t.description}) <= ${sql.raw(String(DESCRIPTION_MAX_BYTES))}`),
    check('mission_pcl_team_description_bytes', sql`octet_length(${t.pclTeamDescription}) <= ${sql.raw(String(DESCRIPTION_MAX_BYTES))}`),
    check('mission_scan_operator_notes_bytes', sql`octet_length(${t.scanOperatorNotes}) <= ${sql.raw(String(SCAN_OPERATOR_NOTES_MAX_BYTES))}`),
    check('mission_blurring_bytes', sql`octet_length(${t.blurringInstructions}) <= ${sql.raw(String(BLURRING_INSTRUCTIONS_MAX_BYTES))}`),
    check(
      'mission_external_order_reference_bytes',
      sql`octet_length(${t.externalOrderReference}) <= ${sql.raw(String(EXTERNAL_ORDER_REFERENCE_MAX_BYTES))}`,
    ),
  ],
);

/** spec §3 Tag. */
export const tag = pgTable(
  'tag',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** #rrggbb. */
    color: text(),
    ...mutable,
  },
  (t) => [
    uniqueIndex('tag_name_key').on(sql`lower(${t.name})`),
    check('tag_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('tag_color_hex', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const missionTag = pgTable(
  'mission_tag',
  {
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    tagId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tag.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.missionId, t.tagId] }), index('mission_tag_tag_idx').on(t.tagId, t.missionId)],
);

/** spec §3 Mission share: shared by, shared with (an additional customer), date. Revoking deletes. */
export const missionShare = pgTable(
  'mission_share',
  {
    missionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => mission.id, { onDelete: 'cascade' }),
    customerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    /** Identity id of who shared; null when the system did. */
    sharedBy: uuid(),
    sharedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.missionId, t.customerId] }),
    // "Missions shared with my customer" for the tenant rule.
    index('mission_share_customer_idx').on(t.customerId, t.missionId),
  ],
);

/** spec §3 Table preset: a user's named column choice for the missions table. */
export const tablePreset = pgTable(
  'table_preset',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid().notNull(),
    name: text().notNull(),
    columns: text().array().notNull(),
    ...mutable,
  },
  (t) => [
    uniqueIndex('table_preset_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    check('table_preset_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('table_preset_columns_not_empty', sql`cardinality(${t.columns}) >= 1`),
  ],
);
