import { z } from 'zod';
import { polygonSchema } from './building';
import { identityIdSchema, idSchema } from './common';
import {
  ADDITIONAL_PRODUCTS,
  BACKUP_STATES,
  CLOUD_SYNC_STATES,
  MISSION_PRIORITIES,
  MISSION_PRODUCTS,
  MISSION_STATUSES,
  PIPELINE_STATUSES,
  PROJECT_STEPS,
  type MissionDto,
} from './mission';
import { BUILDING_TYPES } from './building';

/*
 * What the API answers about missions (zod, so the handler shapes every answer and the OpenAPI
 * document describes it). Two views: `full` for internal users, operators and customers, and
 * `external` — the reduced field set external users may see (docs/adr/0005-missions-api.md).
 */

const dateTime = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const buildingSchema = z.object({
  id: z.number().int(),
  missionId: z.number().int(),
  name: z.string(),
  type: z.enum(BUILDING_TYPES),
  footprint: polygonSchema,
  groundArea: z.number(),
  facadeArea: z.number(),
  perimeter: z.number(),
  levels: z.number().int(),
  storeyHeight: z.number(),
  version: z.number().int(),
});

/** Every field of spec §3 Mission (MissionDto), without buildings. */
const fullFields = {
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  customerId: z.number().int().nullable(),
  subCustomerId: z.number().int().nullable(),
  internalReference: z.string().nullable(),
  customerReference: z.string().nullable(),
  orderConfirmationNumber: z.string().nullable(),
  ownerId: z.string().nullable(),
  assigneeId: z.string().nullable(),
  tagIds: z.array(z.number().int()),
  priority: z.enum(MISSION_PRIORITIES),
  status: z.enum(MISSION_STATUSES),
  pipelineStatus: z.enum(PIPELINE_STATUSES),
  step: z.enum(PROJECT_STEPS),
  ready: z.boolean(),
  approved: z.boolean(),
  cloudOnline: z.boolean(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  products: z.array(z.enum(MISSION_PRODUCTS)),
  additionalProducts: z.array(z.enum(ADDITIONAL_PRODUCTS)),
  scanAppointment: dateTime.nullable(),
  startFromOffice: dateTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  deliveredOn: dateTime.nullable(),
  deliveryDate: day.nullable(),
  pclDeliveryDate: day.nullable(),
  cadDeliveryDate: day.nullable(),
  externalDeliveryDate: day.nullable(),
  externalMissionStatus: z.string().nullable(),
  externalOrderReference: z.string().nullable(),
  description: z.string().nullable(),
  pclTeamDescription: z.string().nullable(),
  scanOperatorNotes: z.string().nullable(),
  blurringInstructions: z.string().nullable(),
  closed: z.boolean(),
  hidden: z.boolean(),
  onHold: z.boolean(),
  backupState: z.enum(BACKUP_STATES),
  backedUpAt: dateTime.nullable(),
  cloudSyncState: z.enum(CLOUD_SYNC_STATES),
  cloudSyncedAt: dateTime.nullable(),
  version: z.number().int(),
};

/**
 * The fields an external user (a partner) may see: what identifies the mission and the work
 * they take part in (place, buildings, products, dates and the external order fields). Internal
 * references, people, priority, pipeline and internal notes stay hidden.
 */
export const EXTERNAL_MISSION_FIELDS = [
  'id', 'name', 'companyId', 'customerId', 'tagIds', 'status', 'step', 'address', 'latitude', 'longitude',
  'products', 'additionalProducts', 'scanAppointment', 'createdAt', 'updatedAt', 'deliveryDate',
  'externalDeliveryDate', 'externalMissionStatus', 'externalOrderReference', 'description',
  'blurringInstructions', 'closed', 'version',
] as const satisfies readonly (keyof typeof fullFields)[];
export type ExternalMissionField = (typeof EXTERNAL_MISSION_FIELDS)[number];

const externalFields = Object.fromEntries(EXTERNAL_MISSION_FIELDS.map((f) => [f, fullFields[f]])) as Pick<typeof fullFields, ExternalMissionField>;

export const missionSchema = z.object({ view: z.literal('full'), ...fullFields, buildings: z.array(buildingSchema) });
export const externalMissionSchema = z.object({ view: z.literal('external'), ...externalFields, buildings: z.array(buildingSchema) });

// The create verb answers MissionDto; this keeps the interface and the schema the same shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const missionSchemaMatchesDto: SameShape<Omit<z.output<typeof missionSchema>, 'view'>, MissionDto> = true;

const named = z.object({ id: z.number().int(), name: z.string() });
const customerRef = named.extend({ customerNumber: z.number().int() });
const personRef = z.object({ identityId: z.string(), displayName: z.string() });
const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

/** Names the detail page shows beside the ids. */
const fullRefs = {
  company: named,
  customer: customerRef.nullable(),
  subCustomer: customerRef.nullable(),
  owner: personRef.nullable(),
  assignee: personRef.nullable(),
  creator: personRef.nullable(),
  tags: z.array(tagRef),
};
const externalRefs = { company: named, customer: customerRef.nullable(), tags: z.array(tagRef) };

export const missionDetailSchema = z.discriminatedUnion('view', [missionSchema.extend(fullRefs), externalMissionSchema.extend(externalRefs)]);
export type MissionDetail = z.output<typeof missionDetailSchema>;

/** A list row: the mission without buildings, with the names the lists show. */
export const missionListItemSchema = z.discriminatedUnion('view', [
  missionSchema.omit({ buildings: true }).extend({
    companyName: z.string(),
    customerName: z.string().nullable(),
    assigneeName: z.string().nullable(),
    buildingCount: z.number().int(),
  }),
  externalMissionSchema.omit({ buildings: true }).extend({
    companyName: z.string(),
    customerName: z.string().nullable(),
    buildingCount: z.number().int(),
  }),
]);
export type MissionListItem = z.output<typeof missionListItemSchema>;

export const missionPageSchema = z.object({
  items: z.array(missionListItemSchema),
  /** Opaque; pass it back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MissionPage = z.output<typeof missionPageSchema>;

/** Sort keys of the lists; each is made unique by the mission id (docs/adr/0005-missions-api.md). */
export const MISSION_SORTS = ['created', 'name', 'priority', 'scanAppointment', 'deliveryDate', 'id'] as const;
export type MissionSort = (typeof MISSION_SORTS)[number];

/** A query value given once, repeated (`?status=a&status=b`) or comma-separated (`?status=a,b`). */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
    z.array(item).max(100).optional(),
  );
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/** The filters and sort every list order uses (the list itself and next/previous). */
export const missionListFilters = z.object({
  status: many(z.enum(MISSION_STATUSES)),
  step: many(z.enum(PROJECT_STEPS)),
  priority: many(z.enum(MISSION_PRIORITIES)),
  companyId: many(z.coerce.number().pipe(idSchema)),
  /** Matches the customer or the sub-customer. */
  customerId: many(z.coerce.number().pipe(idSchema)),
  assigneeId: many(identityIdSchema),
  /** `me`: missions assigned to the signed-in user (/assigned). */
  assignedTo: z.enum(['me']).optional(),
  /** Missions carrying any of these tags. */
  tagId: many(z.coerce.number().pipe(idSchema)),
  /** Free text over id, name, references and address. */
  q: z.string().trim().max(200).optional(),
  /** Hidden missions leave the default lists (spec §2); `true` brings them back. */
  includeHidden: flag.default(false),
  closed: flag.optional(),
  sort: z.enum(MISSION_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type MissionListFilters = z.output<typeof missionListFilters>;

export const missionListQuery = missionListFilters.extend({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MissionListQuery = z.input<typeof missionListQuery>;

export const missionNeighboursSchema = z.object({ previousId: z.number().int().nullable(), nextId: z.number().int().nullable() });
export type MissionNeighbours = z.output<typeof missionNeighboursSchema>;

export const missionIdParams = z.object({ id: z.coerce.number().pipe(idSchema) });

/** Every mission action answers with the mission as the caller may see it. */
export const missionActionBody = z
  .object({
    /** When given, the action is refused with 409 if the mission changed since. */
    version: z.number().int().positive().optional(),
  })
  .optional();
export type MissionActionInput = { id: number; version?: number };

/** spec §2 "cloud sync": `online` false takes the mission offline (the same as DELETE on the path). */
export const cloudSyncBody = z.object({ online: z.boolean().default(true), version: z.number().int().positive().optional() });
